"""Where the files gm ships beside its code are: the maps and the order grammar.

They are kept at the top of the repository, in `maps/` and `grammars/`, where a GM and a
developer look for them; `setup.py` installs those two folders as the packages `gm._data.maps`
and `gm._data.grammars` (docs/map-format.md). Finding them as packages, through the import
system, finds them the same way in a wheel, a `pip install .` and the editable install of a
checkout. (`importlib.util.find_spec` answers as `importlib.resources.files` would for a
package on disk, without loading importlib.resources and the zip and temporary-file modules
it brings: a third of the imports a command such as `gm datc` needs from the standard library.)
"""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path


class MissingData(Exception):
    """gm's own maps or grammar are not where the installation should have put them."""


def data_folder(name: str) -> Path:
    """The folder of gm's own `maps` or `grammars`, wherever gm is installed. Asked for each
    map a command loads: the import system's answer is kept under what gives it (`find_spec`,
    which a test may replace)."""
    return _data_folder(name, find_spec)


@cache
def _data_folder(name: str, find_spec) -> Path:
    try:
        spec = find_spec(f"gm._data.{name}")
    except ModuleNotFoundError:
        spec = None
    if spec is None or spec.origin is None:  # gm run from a checkout it was not installed from
        raise MissingData(f"gm's own {name} are not installed (there is no package "
                          f"gm._data.{name}); install gm again: 'pip install .', or 'make' "
                          "in a checkout")
    folder = Path(spec.origin).parent
    if not folder.is_dir():  # gm is never installed zipped; say so if it ever is
        raise MissingData(f"gm's own {name} are not in a folder on disk ({folder}); install "
                          "gm with pip, which unpacks it")
    return folder
