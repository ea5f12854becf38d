"""Fixtures for the order-language tests: the standard map and the rulebook fixture map."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ANCIENT_MAP = FIXTURES / "ancient.toml"
EMAILS = FIXTURES / "emails"


@pytest.fixture(scope="session")
def ancient_map():
    """A small valid board with every province the rulebook order examples name."""
    from gm.maps.loader import load_map

    return load_map(str(ANCIENT_MAP))
