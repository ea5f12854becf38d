"""gm — a game-master's tool for postal and email Diplomacy."""

__version__ = "0.1.0"
