"""Write a game as a static site: `index.html`, a page per adjudicated season, `style.css`."""

from __future__ import annotations

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
    from gm.draw import draw_phase
    from gm.draw.stored import phase_board

    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise WorkflowError(f"{folder} is a file; give a folder to publish {name} into.")
    with store.transaction(write=False):
        view = open_game(store, name)
        pages = []
        for row in rows.phases_with_status(store, view.game, "adjudicated"):
            board = phase_board(store, view, row)
            pages.append(SeasonPage(stored_report(store, view, row, lines=lines),
                                    draw_phase(board.game_map, board.board),
                                    page_name(row.phase.short())))
        chart = build_chart_for(store, view)
        current = rows.open_phase(store, view.game) if not view.game.result else None
    try:
        target.mkdir(parents=True, exist_ok=True)
        written = [target / "index.html", target / "style.css"]
        state = f"Game over: {view.game.result}." if view.game.result else \
            f"Now playing {current.label}." if current else ""
        written[0].write_text(index_html(view.game.name, view.map.name, pages, chart, state),
                              encoding="utf-8")
        written[1].write_text(STYLESHEET, encoding="utf-8")
        for i, page in enumerate(pages):
            path = target / page.file
            path.write_text(season_html(view.game.name, page, pages[i - 1] if i else None,
                                        pages[i + 1] if i + 1 < len(pages) else None),
                            encoding="utf-8")
            written.append(path)
    except OSError as exc:
        raise WorkflowError(f"cannot write the site into {folder}: {exc.strerror or exc}; "
                            "choose a folder you can write to.") from None
    return written
