"""Every phase of the fixture games (one per map) and of the demo game, drawn from the store:
the SVG parses and shows every piece, centre, owner and order of the phase as the store and
the rules have them."""

from __future__ import annotations

import pytest

from gm.draw import draw_phase
from gm.draw.board_maker import destroyed_centres, season_title
from gm.draw.layout import layout_for
from gm.draw.stored import all_boards, preview_board
from gm.draw.tokens import place_tokens
from gm.game.games import open_game
from gm.rules import RuleSet
from gm.store import game_rows as rows
from gm.store.result_rows import adjudication_from, results_of
from tests.draw.conftest import DRAWN_GAMES, game_file
from tests.draw.svg_structure import parse, structure, with_class

GAMES = DRAWN_GAMES  # the demo game, then one fixture game per map; `drawn` has them all


def _phases(store, game):
    view = open_game(store, game)
    return view, rows.live_phases(store, view.game)


@pytest.mark.parametrize("fixture", GAMES)
def test_every_piece_and_centre_of_every_phase_is_drawn(drawn, fixture):
    for row, position, found, svg in drawn[fixture]:
        root = parse(svg)
        game_map = found.game_map
        units = sorted((e.get("data-power"), e.get("data-location"))
                       for e in with_class(root, "piece") if "unit" in e.get("class").split())
        assert units == sorted((u.power, u.location) for u in position.units), row.label
        dislodged = sorted((e.get("data-power"), e.get("data-location"))
                           for e in with_class(root, "dislodged"))
        assert dislodged == sorted((d.unit.power, d.unit.location)
                                   for d in position.dislodged), row.label
        centres = {e.get("data-province"): e for e in with_class(root, "centre")}
        expected = {p for p, prov in game_map.provinces.items()
                    if prov.is_centre or prov.build_site}
        assert set(centres) == expected, row.label
        for pid, mark in centres.items():
            assert (mark.get("data-owner") or None) == position.owners.get(pid), (row.label, pid)
        destroyed = {p for p, e in centres.items() if e.get("data-destroyed") == "yes"}
        assert destroyed == destroyed_centres(position.state)
        assert len(with_class(root, "label")) == len(game_map.provinces)


@pytest.mark.parametrize("fixture", GAMES)
def test_titles_use_the_variants_calendar_and_the_legend_counts_as_the_rules_do(drawn,
                                                                                fixture):
    for _row, position, found, svg in drawn[fixture]:
        root = parse(svg)
        game_map = found.game_map
        title = with_class(root, "title")[0].text
        assert title == f"{season_title(position.phase, game_map)} — {position.phase.kind}"
        rules = RuleSet.for_map(game_map)
        legend = {e.get("data-power"): (e.get("data-centres"), e.get("data-units"))
                  for e in with_class(root, "standing")}
        for power in legend:  # the pieces that need supply: a free one (a 2A award) apart
            supplied = [u for u in position.units_of(power) if rules.upkeep(u) > 0]
            assert legend[power] == (f"{rules.supply.of(power, position, game_map):g}",
                                     str(len(supplied)))
        assert set(legend) >= {u.power for u in position.units}


ARROWS = {"Move": "move", "SupportHold": "support-hold", "SupportMove": "support-move",
          "Convoy": "convoy", "Retreat": "retreat"}


@pytest.mark.parametrize("fixture", GAMES)
def test_orders_are_drawn_with_their_results(replayed, drawn, fixture):
    """Each move, support, convoy and retreat is a line marked as the store's result says;
    each build a new piece; the open phase shows no orders at all (they are secret)."""
    from gm.game.stored_orders import typed_order
    from gm.store.order_rows import orders_of_phase

    store = replayed.store
    for row, _position, found, svg in drawn[fixture]:
        root = parse(svg)
        lines = [e for e in with_class(root, "order")
                 if set(e.get("class").split()) & set(ARROWS.values())]
        adjudication = adjudication_from(store, row.id)
        if adjudication is None:
            assert with_class(root, "order") == [], f"{row.label}: open orders are secret"
            continue
        typed = {o.id: typed_order(o, found.game_map) for o in orders_of_phase(store, row.id)}
        expected = []
        for r in results_of(store, adjudication.id):
            order = typed.get(r.order_id)
            kind = ARROWS.get(type(order).__name__)
            if kind and r.code != "replaced":
                expected.append((kind, order.location, "succeeded" if r.succeeded
                                 else "failed"))
        actual = [(next(k for k in e.get("class").split() if k in ARROWS.values()),
                   e.get("data-from"),
                   "succeeded" if "succeeded" in e.get("class").split() else "failed")
                  for e in lines]
        assert sorted(actual) == sorted(expected), row.label
        built = [r for r in results_of(store, adjudication.id)
                 if type(typed.get(r.order_id)).__name__ == "Build" and r.succeeded]
        new_pieces = [e for e in with_class(root, "piece") if "build" in e.get("class").split()]
        assert len(new_pieces) == len(built), row.label


def test_the_fixtures_show_what_they_were_written_for(drawn):
    """The fixture games exist to show these things; if a map or rule change makes them
    stop doing so, the pictures are no longer tested for them."""
    seen = {}
    for fixture in GAMES[1:]:
        for _row, _position, _found, svg in drawn[fixture]:
            for key, value in structure(svg).items():
                if isinstance(value, list):
                    seen.setdefault(key, []).extend(value)
    orders = " ".join(seen["orders"])
    for kind in ("move succeeded", "move failed", "support-move", "support-hold", "convoy",
                 "retreat", "disband", "build", "remove", "special"):
        assert kind in orders, kind
    pieces = " ".join(seen["pieces"])
    for caption in (" A/F ", " 2A ", " F "):
        assert caption in pieces, caption
    assert "was-dislodged" in pieces and "piece dislodged" in pieces
    assert any("destroyed=yes" in c for c in seen["centres"])


@pytest.mark.parametrize("fixture", GAMES)
def test_pieces_never_cover_another_provinces_label(drawn, fixture):
    for row, _position, found, _svg in drawn[fixture]:
        layout = layout_for(found.game_map)
        for token in place_tokens(layout, found.board):
            for pid, spot in layout.spots.items():
                if pid != token.piece.province:
                    assert not token.box.overlaps(spot.label_box), \
                        f"{row.label}: {token.piece.location} covers the label of {pid}"


def test_all_boards_gives_every_live_phase_in_order(replayed):
    store, game = replayed.store, replayed.game(game_file("standard"))
    boards = all_boards(store, game)
    view, phases = _phases(store, game)
    assert [b.label for b in boards] == [p.label for p in phases]
    assert [b.short for b in boards] == [p.phase.short() for p in phases]


def test_a_preview_draws_the_open_phases_orders_and_stores_nothing(tmp_path):
    from gm.game.games import new_game
    from gm.game.intake import take_orders
    from gm.store.database import open_store

    store = open_store(str(tmp_path / "gm.db"), create=True)
    try:
        new_game(store, "preview", "standard")
        take_orders(store, "preview", "France:\nA Par - Bur\nA Mar - Bur\n", None, "test",
                    False)
        found = preview_board(store, "preview")
        root = parse(draw_phase(found.game_map, found.board))
        moves = {e.get("data-from"): e.get("class").split()
                 for e in with_class(root, "order") if "move" in e.get("class").split()}
        assert set(moves) == {"par", "mar"}
        assert all("failed" in classes for classes in moves.values())  # they bounce
        assert "preview" in found.board.subtitle
        with store.transaction(write=False):
            view = open_game(store, "preview")
            assert rows.phases_with_status(store, view.game, "adjudicated") == []
    finally:
        store.close()
