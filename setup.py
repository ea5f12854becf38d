"""Which packages make up gm; everything else about the project is in pyproject.toml.

The maps and the order grammar stay at the top of the repository, where a GM edits them, and
are installed inside gm as `gm._data.maps` and `gm._data.grammars` (docs/map-format.md). A
mapping like this needs `package_dir` beside the packages found under `gm/`, which
pyproject.toml alone cannot express.
"""

from setuptools import find_packages, setup

DATA = {"gm._data.maps": "maps", "gm._data.grammars": "grammars"}

setup(
    packages=find_packages(include=["gm", "gm.*"]) + list(DATA),
    package_dir=DATA,
    # a map of a real place has its coastline beside it (`ID.outline.json`), a drawn map its
    # mountains and rivers (`ID.features.json`): docs/pictures.md
    package_data={"gm._data.maps": ["*.toml", "*.outline.json", "*.features.json"],
                  "gm._data.grammars": ["*.lark"]},
)
