"""`gm cache`: what gm keeps in its cache folder, and `gm cache --clear` to remove it.

The folder keeps itself bounded (`gm.disk_cache`: gm's files unused for 30 days go as gm
writes new ones; which files are gm's, `gm.cache_contents`); this command shows it and empties
it by hand, for a GM who wants the room back now or to start from nothing."""

import os
import time
from collections import defaultdict

import typer

from gm.cli import app
from gm.cli.common import say
from gm.cli.conventions import examples


@app.command("cache", epilog=examples(
    ("gm cache", "the cache folder: what gm keeps there, how much, when last used"),
    ("gm cache --files", "the same, file by file"),
    ("gm cache --clear", "remove gm's files from it (gm makes them again as needed)"),
))
def cache(
    clear: bool = typer.Option(False, "--clear", help="remove gm's files from the folder"),
    files: bool = typer.Option(False, "--files", help="list every file, not only each kind"),
):
    """Show what gm keeps in its cache folder, or clear it.

    The folder is GM_CACHE, else ~/.cache/gm: gm's files there by kind (or each, --files),
    their size and when last used. gm removes its own files unused for 30 days by itself;
    nothing else in the folder is ever listed as gm's or removed."""
    from gm import cache_contents
    from gm.disk_cache import cache_folder

    folder = cache_folder()
    if clear:
        count, size = cache_contents.clear(folder)
        left = cache_contents.cache_files(folder)
        say(f"Removed {count} file(s), {_size(size)}, from {folder}."
            + (f" {len(left)} could not be removed." if left else ""))
        return
    found = sorted(cache_contents.cache_files(folder), key=lambda f: (f.kind, f.path))
    if not found:
        say(f"Cache folder: {folder} (none of gm's files there).")
    else:
        say(f"Cache folder: {folder}, {len(found)} file(s) of gm's, "
            f"{_size(sum(f.size for f in found))}.")
        rows = ([(os.path.relpath(f.path, folder), f.size, f.used) for f in found] if files else
                [(kind, sum(f.size for f in group), max(f.used for f in group), len(group))
                 for kind, group in _by_kind(found).items()])
        say("")
        for name, size, used, *count in rows:
            counted = f"{count[0]:>5} file(s)  " if count else ""
            say(f"  {counted}{_size(size):>9}  {_when(used)}  {name}")
    others = cache_contents.other_files(folder)
    if others:
        say(f"{len(others)} other file(s) there are not gm's; gm leaves them alone.")
    say("Files unused for 30 days are removed as gm writes new ones; 'gm cache --clear' "
        "removes them all now.")


def _by_kind(found) -> dict:
    groups = defaultdict(list)
    for f in found:
        groups[f.kind].append(f)
    return groups


def _size(size: float) -> str:
    """A size in bytes as people read it: 512 B, 14.2 KB, 23.9 MB."""
    if size < 1000:
        return f"{size:.0f} B"
    for unit in ("KB", "MB", "GB"):
        size /= 1000
        if size < 1000 or unit == "GB":
            break
    return f"{size:.1f} {unit}"


def _when(used: float) -> str:
    """When a file was last written or used, in local time to the minute."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(used))
