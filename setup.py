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
    package_data={"gm._data.maps": ["*.toml"], "gm._data.grammars": ["*.lark"]},
)
