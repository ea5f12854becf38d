"""Maps: the board as data. Load `maps/<id>.toml`, check it, and compile it for the engine."""

from gm.maps.gamemap import GameMap, Power, Province
from gm.maps.loader import MapError, available_maps, load_map, map_path

__all__ = ["GameMap", "MapError", "Power", "Province", "available_maps", "load_map", "map_path"]
