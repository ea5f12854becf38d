"""Pieces as tokens: what each token says, how wide it is, and where it sits.

A province's tokens share the row above its abbreviation: the pieces standing there, then a
piece waiting to retreat from there, then a piece being built. A crowded row is drawn smaller
rather than spilling onto the neighbours' labels or out of its province; in a province too
narrow for the row, the pieces stand one above the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.draw.board_data import BUILD, Board, Piece
from gm.draw.geometry import Box
from gm.draw.layout import TOKEN_HEIGHT, TOKEN_ROW_WIDTH, BoardLayout
from gm.draw.style import text_width

TOKEN_FONT = 10.5
TOKEN_GAP = 2.0
LEADER_LETTERS = 3  # a leader's token shows the first letters; the legend gives the name
SMALLEST = 0.62  # a crowded row is never drawn smaller than this
TIGHTEST = 0.5  # in a province too narrow for a row even at SMALLEST, before it is a column
COLUMN_SCALE = 0.8  # the pieces of a province too narrow for their row, one above the other


@dataclass(frozen=True, slots=True)
class Token:
    """One token on the picture. `role` is `unit`, `dislodged` (waiting to retreat) or
    `build` (being built this adjustment)."""

    role: str
    piece: Piece
    caption: str
    x: float  # centre
    y: float
    width: float
    height: float

    @property
    def box(self) -> Box:
        return Box(self.x - self.width / 2, self.y - self.height / 2,
                   self.x + self.width / 2, self.y + self.height / 2)


def leader_captions(names) -> dict[str, str]:
    """Each leader's token text: the first letters of its name, more where two leaders on the
    board would otherwise share a token (Philip V and Philopoemen: `Phili`, `Philo`)."""
    names = sorted(set(names))
    out = {}
    for name in names:
        n = LEADER_LETTERS
        while n < len(name) and any(o != name and o[:n] == name[:n] for o in names):
            n += 1
        out[name] = name[:n]
    return out


def board_leader_captions(board: Board) -> dict[str, str]:
    return leader_captions(p.name for p in (*board.pieces, *board.dislodged) if p.name)


def caption(piece: Piece, leaders: dict[str, str] | None = None) -> str:
    """The token's text: `A`, `2A`, `A/F`, `G`, `F sc` (a fleet on a coast), `Han` (a leader,
    as `leaders` gives it)."""
    if piece.name:
        return (leaders or {}).get(piece.name) or piece.name[:LEADER_LETTERS]
    text = piece.caption
    if piece.kind == "F" and piece.coast:
        text = f"{text} {piece.coast}"
    return text


def natural_width(text: str) -> float:
    return max(TOKEN_HEIGHT, text_width(text, TOKEN_FONT) + 6.0)


def place_tokens(layout: BoardLayout, board: Board) -> list[Token]:
    """Every token of the board, centred in its province's row."""
    rows: dict[str, list[tuple[str, Piece]]] = {}
    for piece in board.pieces:
        rows.setdefault(piece.province, []).append(("unit", piece))
    for piece in board.dislodged:
        rows.setdefault(piece.province, []).append(("dislodged", piece))
    for order in board.orders:
        if order.kind == BUILD and order.piece_kind:
            piece = Piece(order.power, order.piece_kind, order.location, order.piece_strength)
            rows.setdefault(piece.province, []).append(("build", piece))
    tokens: list[Token] = []
    leaders = board_leader_captions(board)
    for province, row in rows.items():
        spot = layout.spots.get(province)
        if spot is None:
            continue  # a piece on a province the map does not have: nowhere to draw it
        captions = [caption(piece, leaders) for _, piece in row]
        widths = [natural_width(c) for c in captions]
        total = sum(widths) + TOKEN_GAP * (len(widths) - 1)
        # the row's tokens stand inside the province and clear of other labels where they
        # can (`Spot.row_room`, the room of a token's centre): at scale s, the end tokens'
        # centres are s * reach from the row's centre, and their far edges s * total / 2
        reach = total / 2 - min(widths[0], widths[-1]) / 2
        fits = min(spot.row_room / reach if reach > 0 else 1.0,
                   (spot.row_room + TOKEN_HEIGHT / 2) / (total / 2))
        if fits < TIGHTEST and len(row) > 1:  # a row too wide for the province: a column
            tokens += _column(row, captions, widths, spot.tokens, spot.column_room)
            continue
        # a crowded row is drawn smaller, down to SMALLEST; a cramped province's, to TIGHTEST
        scale = min(max(SMALLEST, min(1.0, TOKEN_ROW_WIDTH / total)), max(TIGHTEST, fits))
        widths = [w * scale for w in widths]
        total = sum(widths) + TOKEN_GAP * scale * (len(widths) - 1)
        x = spot.tokens[0] - total / 2
        for (role, piece), text, width in zip(row, captions, widths, strict=True):
            tokens.append(Token(role, piece, text, x + width / 2, spot.tokens[1], width,
                                TOKEN_HEIGHT * scale))
            x += width + TOKEN_GAP * scale
    return tokens


def _column(row, captions, widths, at, room: tuple[float, float]) -> list[Token]:
    """A narrow province's pieces one above the other, up from where its row would be, and
    inside the province as far as its `room` (up, down) allows."""
    scale = COLUMN_SCALE
    height = TOKEN_HEIGHT * scale
    step = height + TOKEN_GAP * scale
    span = step * (len(row) - 1)  # from the first token's centre to the last one's
    up, down = room
    # upwards from the row's place, away from the label under it, as far as the room allows
    top = min(max(-span, -up), down - span)
    return [Token(role, piece, text, at[0], at[1] + top + i * step, width * scale, height)
            for i, ((role, piece), text, width) in enumerate(zip(row, captions, widths,
                                                                  strict=True))]
