"""Write a game as a static site: `index.html`, a page per adjudicated season, `style.css`;
every file written whole, or none (`write_all`)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from gm.game.games import open_game
from gm.game.reports import build_chart_for, stored_report
from gm.game.workflow_errors import WorkflowError
from gm.publish.pages import STYLESHEET, SeasonPage, index_html, page_name, season_html
from gm.store import game_rows as rows
from gm.store.database import Store


def publish_game(store: Store, name: str, folder: str | Path, lines: str | None = None
                 ) -> list[Path]:
    """Write the site of game `name` into `folder` (made if missing; files of the same names
    are replaced, others left alone). Returns the files written, the index first. `lines`
    says which letter lines not adjudicated the pages print (default: the game's setting,
    the lines meant as orders and refused): a site is public."""
    from gm.draw.kept_pictures import kept_picture
    from gm.draw.stored import phase_board

    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise WorkflowError(f"{folder} is a file; give a folder to publish {name} into.")
    with store.transaction(write=False):
        view = open_game(store, name)
        pages = []
        for row in rows.phases_with_status(store, view.game, "adjudicated"):
            board = phase_board(store, view, row)
            slot = f"{store.path}\0{view.game.id}\0{row.phase.short()}"  # drawn if changed
            pages.append(SeasonPage(stored_report(store, view, row, lines=lines),
                                    kept_picture(board.game_map, board.board, slot),
                                    page_name(row.phase.short())))
        chart = build_chart_for(store, view)
        current = rows.open_phase(store, view.game) if not view.game.result else None
    state = f"Game over: {view.game.result}." if view.game.result else \
        f"Now playing {current.label}." if current else ""
    files = {"index.html": index_html(view.game.name, view.map.name, pages, chart, state),
             "style.css": STYLESHEET}
    for i, page in enumerate(pages):
        files[page.file] = season_html(view.game.name, page, pages[i - 1] if i else None,
                                       pages[i + 1] if i + 1 < len(pages) else None)
    try:
        target.mkdir(parents=True, exist_ok=True)
        write_all(target, files)
    except OSError as exc:
        raise WorkflowError(f"cannot write the site into {folder}: {exc.strerror or exc}; "
                            "nothing there was changed. Choose a folder you can write to, or "
                            "free some space.") from None
    return [target / name for name in files]


def write_all(folder: Path, files: dict[str, str]) -> None:
    """Write every file whole or none: each goes to a fresh temporary file beside it, and only
    when all are written are they renamed into place. A rename replaces a link in the folder
    rather than writing through it (an `index.html` linked to a file elsewhere is never
    touched), and a disk that fills up half-way leaves every page as it was."""
    mode = 0o666 & ~_umask()
    written: list[tuple[str, Path]] = []
    try:
        for name, text in files.items():
            fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
            written.append((temp, folder / name))
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temp, mode)
        for _, path in written:  # a folder where a page goes would stop the renames half-way
            if path.is_dir() and not path.is_symlink():
                raise IsADirectoryError(errno.EISDIR, "a folder has a page's name", str(path))
    except BaseException:
        for temp, _ in written:
            Path(temp).unlink(missing_ok=True)
        raise
    for temp, path in written:
        os.replace(temp, path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
