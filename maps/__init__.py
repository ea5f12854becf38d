"""This folder is also the package `gm._data.maps`, so that gm's wheel carries the maps
(see docs/map-format.md). The maps are the `.toml` files; this file holds no code."""
