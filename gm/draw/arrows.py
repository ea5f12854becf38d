"""Orders drawn on the board: arrows for moves and retreats, lines for supports and convoys,
crosses for what failed, rings for the rest.

Line styles carry the order's kind (solid: move or retreat, dashed: support, dotted: convoy)
and a red cross at the end says the order failed, so colour is never the only clue.
"""

from __future__ import annotations

import math

import drawsvg as draw

from gm.draw import style
from gm.draw.board_data import (
    BUILD,
    CONVOY,
    DISBAND,
    HOLD,
    MOVE,
    REMOVE,
    RETREAT,
    SPECIAL,
    SUPPORT_HOLD,
    SUPPORT_MOVE,
    Board,
    DrawnOrder,
)
from gm.draw.geometry import Box, Point, shortened
from gm.draw.layout import BoardLayout
from gm.draw.tokens import Token

MOVE_WIDTH = 2.6
SUPPORT_WIDTH = 1.7
CONVOY_WIDTH = 1.9
SUPPORT_DASH = "6 3"
CONVOY_DASH = "1 3.2"
FAILED_OPACITY = 0.6
CROSS = 4.2  # half the size of a failure cross
SHORTEST_ARROW = 18.0
SUPPORT_AT = 0.62  # where along the supported move a support line ends
CONVOY_AT = 0.4
# Where along a failed line its cross may go, the middle first, then ever nearer the ends.
CROSS_PLACES = tuple(sorted((i / 20 for i in range(1, 20)), key=lambda t: (abs(t - 0.5), t)))


class Arrowheads:
    """One arrowhead marker per colour, shared by the board and the legend."""

    def __init__(self) -> None:
        self._markers: dict[str, draw.Marker] = {}

    def __call__(self, colour: str) -> draw.Marker:
        marker = self._markers.get(colour)
        if marker is None:
            # In stroke widths: a head 3.4 long and 3 wide, its tip at the line's end.
            marker = draw.Marker(-0.4, -1.6, 3.2, 1.6, scale=1, orient="auto")
            marker.append(draw.Lines(-0.4, -1.5, 3.0, 0, -0.4, 1.5, close=True, fill=colour,
                                     stroke=style.INK, stroke_width=0.25))
            self._markers[colour] = marker
        return marker


class OrderPainter:
    """Draws a board's orders."""

    def __init__(self, layout: BoardLayout, board: Board, tokens: list[Token],
                 colours: dict[str, str], arrowhead: Arrowheads):
        self.layout = layout
        self.board = board
        self.colours = colours
        self.arrowhead = arrowhead
        # a province's piece for orders that name no leader: its army or fleet, not the
        # leader beside it (a leader's own orders find it by name, below)
        standing = sorted((t for t in tokens if t.role == "unit"),
                          key=lambda t: t.piece.name is not None)
        self.units: dict[str, Token] = {}
        self.unit_at: dict[str, Token] = {}
        for t in standing:
            self.units.setdefault(t.piece.province, t)
            self.unit_at.setdefault(t.piece.location, t)
        self.dislodged = {t.piece.province: t for t in tokens if t.role == "dislodged"}
        self.builds = {t.piece.province: t for t in tokens if t.role == "build"}
        self.leaders = {t.piece.name: t for t in tokens if t.piece.name and t.role == "unit"}
        self.dislodged_leaders = {t.piece.name: t for t in tokens
                                  if t.piece.name and t.role == "dislodged"}
        # a convoyed move goes by its fleets: (army's province, destination) -> fleets' tokens
        self.convoyed: dict[tuple[str, str], list[Token]] = {}
        for order in board.orders:
            fleet = self.unit_at.get(order.location) or self.units.get(order.province)
            if order.kind == CONVOY and order.target and order.dest and fleet is not None:
                key = (order.target.partition("/")[0], order.dest.partition("/")[0])
                self.convoyed.setdefault(key, []).append(fleet)

    # --- geometry ----------------------------------------------------------------------------
    def _piece(self, order: DrawnOrder) -> Token | None:
        if order.leader:  # a leader shares its province with its army: find it by name
            found = (self.dislodged_leaders if order.kind in (RETREAT, DISBAND)
                     else self.leaders).get(order.leader)
            if found is not None:
                return found
        if order.kind in (RETREAT, DISBAND):
            return self.dislodged.get(order.province) or self.units.get(order.province)
        if order.kind == BUILD:
            return self.builds.get(order.province)
        return self.unit_at.get(order.location) or self.units.get(order.province)

    def _point(self, location: str | None) -> Point | None:
        """Where an arrow into `location` aims: the middle of that province's pieces' row."""
        if location is None:
            return None
        spot = self.layout.spots.get(location.partition("/")[0])
        return spot.tokens if spot else None

    def _unit_point(self, province: str | None) -> Point | None:
        token = self.units.get(province) if province else None
        return (token.x, token.y) if token else self._point(province)

    def _clear_spot(self, start: Point, end: Point) -> Point:
        """Where on a line its failure cross goes: the middle if it hides no label, else the
        point nearest the middle that hides none; on a line with no such point, the point
        that hides the least of the labels. Always on the line: a cross far from its arrow
        reads as another order's (issue 29: `F Ath - Meg/ec`)."""
        reach = CROSS + 2.5
        best, hidden_least = along(start, end, 0.5), math.inf
        for t in CROSS_PLACES:
            x, y = along(start, end, t)
            box = Box(x - reach, y - reach, x + reach, y + reach)
            hidden = sum(_overlap(box, s.label_box) for s in self.layout.spots.values())
            if hidden == 0:
                return (x, y)
            if hidden < hidden_least:
                best, hidden_least = (x, y), hidden
        return best

    # --- drawing -----------------------------------------------------------------------------
    def paint(self, lines: draw.Group, marks: draw.Group) -> None:
        """Lines into `lines` (drawn under the labels, which stay readable through them):
        supports and convoys first, moves on top. Crosses and rings into `marks`, drawn
        over everything."""
        ranked = sorted(self.board.orders, key=lambda o: _LAYER.get(o.kind, 0))
        for order in ranked:
            drawn = self._order(order)
            if drawn is None:
                continue
            line, mark = drawn
            lines.append(line)
            if mark.children:
                marks.append(mark)

    def _order(self, order: DrawnOrder) -> tuple[draw.Group, draw.Group] | None:
        token = self._piece(order)
        if order.kind == HOLD or token is None:
            return None
        attrs = {"data_power": order.power, "data_from": order.location}
        if order.dest:
            attrs["data_to"] = order.dest
        if order.target:
            attrs["data_target"] = order.target
        # an order's lines end round (said once, on its group: a small file); its dashed
        # rings keep square dashes
        line = draw.Group(class_=f"order {order.kind} {_state(order)}", **attrs,
                          stroke_linecap="round")
        if order.text:
            line.append_title(order.text)
        mark = draw.Group(class_=f"order-mark {order.kind}", **attrs)
        colour = style.line_colour(self.colours.get(order.power, "#666666"))
        failed = order.succeeded is False
        if order.kind == MOVE and self._fleets(order.province, order.dest):
            self._convoyed(line, mark, token, order.dest, colour, failed)
        elif order.kind in (MOVE, RETREAT):
            self._arrow(line, mark, token, order.dest, colour, failed)
        elif order.kind == CONVOY and self._fleets(order.target, order.dest):
            # the convoyed army's arrow runs through this fleet: a dotted ring says it carries
            line.append(draw.Circle(token.x, token.y, token.width / 2 + 4, fill="none",
                                    stroke=colour, stroke_width=CONVOY_WIDTH,
                                    stroke_dasharray=CONVOY_DASH, stroke_linecap="butt",
                                    opacity=FAILED_OPACITY if failed else 1.0))
            if failed:
                cross(mark, (token.x + token.width / 2 + 3, token.y - token.height / 2 - 3),
                      CROSS * 0.8, style.FAILED, 2.0)
        elif order.kind == SUPPORT_HOLD:
            self._support_hold(line, mark, token, order, colour, failed)
        elif order.kind in (SUPPORT_MOVE, CONVOY):
            self._support_move(line, mark, token, order, colour, failed)
        elif order.kind in (REMOVE, DISBAND):
            cross(mark, (token.x, token.y), CROSS * 1.5, style.INK, 2.4)
        elif order.kind == BUILD:
            if failed:
                cross(mark, (token.x, token.y), CROSS * 1.5, style.FAILED, 2.4)
        elif order.kind == SPECIAL:
            mark.append(draw.Rectangle(
                token.x - token.width / 2 - 3, token.y - token.height / 2 - 3,
                token.width + 6, token.height + 6, rx=token.height / 2 + 3,
                fill="none", stroke=colour, stroke_width=1.6, stroke_dasharray="3 2",
                opacity=FAILED_OPACITY if failed else 1))
            if failed:
                cross(mark, (token.x + token.width / 2 + 3, token.y - token.height / 2 - 3),
                      CROSS * 0.8, style.FAILED, 2.0)
        return line, mark

    def _arrow(self, line: draw.Group, mark: draw.Group, token: Token, dest: str | None,
               colour: str, failed: bool) -> None:
        aim = self._point(dest)
        if aim is None or dest is None:
            return
        block = self.layout.spots[dest.partition("/")[0]].block
        stop = min(max(_exit_distance(aim, (token.x, token.y), block), 9.0), 38.0) + 3.0
        # Between close provinces, reach into the block rather than leave no arrow at all.
        room = math.dist((token.x, token.y), aim) - token.width / 2 - 1
        stop = min(stop, max(11.0, room - SHORTEST_ARROW))
        start, end = shortened((token.x, token.y), aim, token.width / 2 + 1, stop)
        if math.dist(start, end) < 1.0 and math.dist((token.x, token.y), aim) > 0:
            # the destination's row is right by this piece's token (a wide leader's, in a
            # cramped corner): a short arrow from the token's edge towards it, not none
            start, _ = shortened((token.x, token.y), aim, token.width / 2 + 1, 0)
            end = along(start, aim, 1.0) if math.dist(start, aim) >= SHORTEST_ARROW / 2 else \
                _towards(start, aim, SHORTEST_ARROW / 2)
        opacity = FAILED_OPACITY if failed else 1.0
        haloed_line(line, start, end, colour, MOVE_WIDTH, None, opacity,
                    marker=None if failed else self.arrowhead(colour))
        if failed:
            bar(line, start, end, colour)
            cross(mark, self._clear_spot(start, end), CROSS, style.FAILED, 2.2)

    def _fleets(self, army: str | None, dest: str | None) -> list[Token]:
        """The fleets convoying the army in `army` to `dest`, in the order the army passes
        them (from the army, each time the nearest fleet not yet passed)."""
        if not army or not dest:
            return []
        fleets = list(self.convoyed.get((army.partition("/")[0], dest.partition("/")[0]), ()))
        start = self._unit_point(army.partition("/")[0])
        if start is None:
            return []
        chain = []
        while fleets:
            nearest = min(fleets, key=lambda t: math.dist((t.x, t.y), start))
            fleets.remove(nearest)
            chain.append(nearest)
            start = (nearest.x, nearest.y)
        return chain

    def _convoyed(self, line: draw.Group, mark: draw.Group, token: Token, dest: str | None,
                  colour: str, failed: bool) -> None:
        """A convoyed move: one arrow from the army by way of each convoying fleet, so it
        reads as a crossing by sea, not a march across the coast."""
        aim = self._point(dest)
        if aim is None or dest is None:
            return
        points = [(token.x, token.y), *((t.x, t.y) for t in self._fleets(token.piece.province,
                                                                        dest)), aim]
        first, _ = shortened(points[0], points[1], token.width / 2 + 1, 0)
        _, last = shortened(points[-2], points[-1], 0, 14.0)
        points = [first, *points[1:-1], last]
        opacity = FAILED_OPACITY if failed else 1.0
        flat = [round(c, 1) for point in points for c in point]
        line.append(draw.Lines(*flat, fill="none", stroke=style.INK,
                               stroke_width=MOVE_WIDTH + 1.4, stroke_linejoin="round",
                               opacity=opacity * 0.8))
        extra = {} if failed else {"marker_end": self.arrowhead(colour)}
        line.append(draw.Lines(*flat, fill="none", stroke=colour, stroke_width=MOVE_WIDTH,
                               stroke_linejoin="round", opacity=opacity, **extra))
        if failed:
            bar(line, points[-2], points[-1], colour)
            cross(mark, self._clear_spot(points[-2], points[-1]), CROSS,
                  style.FAILED, 2.2)

    def _support_hold(self, line: draw.Group, mark: draw.Group, token: Token,
                      order: DrawnOrder, colour: str, failed: bool) -> None:
        aim = self._unit_point(order.target)
        if aim is None:
            return
        start, end = shortened((token.x, token.y), aim, token.width / 2 + 1, 12)
        opacity = FAILED_OPACITY if failed else 1.0
        haloed_line(line, start, end, colour, SUPPORT_WIDTH, SUPPORT_DASH, opacity)
        line.append(draw.Circle(aim[0], aim[1], 12, fill="none", stroke=colour,
                                stroke_width=SUPPORT_WIDTH, stroke_dasharray=SUPPORT_DASH,
                                stroke_linecap="butt", opacity=opacity))
        if failed:
            cross(mark, self._clear_spot(start, end), CROSS, style.FAILED, 2.2)

    def _support_move(self, line: draw.Group, mark: draw.Group, token: Token,
                      order: DrawnOrder, colour: str, failed: bool) -> None:
        origin, goal = self._unit_point(order.target), self._point(order.dest)
        if origin is None or goal is None:
            return
        carriers = self._fleets(order.target, order.dest) if order.kind == SUPPORT_MOVE else []
        if carriers:  # a convoyed move: its arrow's last leg, from the last fleet
            origin = (carriers[-1].x, carriers[-1].y)
        aim = along(origin, goal, SUPPORT_AT if order.kind == SUPPORT_MOVE else CONVOY_AT)
        start, end = shortened((token.x, token.y), aim, token.width / 2 + 1, 3)
        dash, width = (SUPPORT_DASH, SUPPORT_WIDTH) if order.kind == SUPPORT_MOVE else \
            (CONVOY_DASH, CONVOY_WIDTH)
        opacity = FAILED_OPACITY if failed else 1.0
        haloed_line(line, start, end, colour, width, dash, opacity)
        line.append(draw.Circle(end[0], end[1], 2.6, fill=colour, stroke=style.HALO,
                                stroke_width=0.8, opacity=opacity))
        if failed:
            cross(mark, self._clear_spot(start, end), CROSS, style.FAILED, 2.2)


_LAYER = {SUPPORT_HOLD: 0, SUPPORT_MOVE: 0, CONVOY: 0, MOVE: 1, RETREAT: 1, SPECIAL: 2,
          BUILD: 2, REMOVE: 2, DISBAND: 2}


def _state(order: DrawnOrder) -> str:
    if order.succeeded is None:
        return "ordered"
    return "succeeded" if order.succeeded else "failed"


def _exit_distance(inside: Point, towards: Point, box: Box) -> float:
    """How far from `inside` a ray towards `towards` leaves `box` (arrows stop at the edge of
    the destination's block, so that its label stays readable)."""
    dx, dy = towards[0] - inside[0], towards[1] - inside[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return 0.0
    ux, uy = dx / length, dy / length
    limits = []
    if ux > 1e-9:
        limits.append((box.right - inside[0]) / ux)
    elif ux < -1e-9:
        limits.append((box.left - inside[0]) / ux)
    if uy > 1e-9:
        limits.append((box.bottom - inside[1]) / uy)
    elif uy < -1e-9:
        limits.append((box.top - inside[1]) / uy)
    return max(0.0, min(limits)) if limits else 0.0


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share."""
    return max(0.0, min(a.right, b.right) - max(a.left, b.left)) * \
        max(0.0, min(a.bottom, b.bottom) - max(a.top, b.top))


def _towards(start: Point, aim: Point, length: float) -> Point:
    """The point `length` from `start` in the direction of `aim`."""
    distance = math.dist(start, aim) or 1.0
    return (start[0] + (aim[0] - start[0]) * length / distance,
            start[1] + (aim[1] - start[1]) * length / distance)


def along(start: Point, end: Point, t: float) -> Point:
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)


def haloed_line(group: draw.Group, start: Point, end: Point, colour: str, width: float,
                 dash: str | None, opacity: float, marker: draw.Marker | None = None) -> None:
    """A line with a thin dark edge on both sides, so it shows on any region's colour. Its
    ends are as `group` says (an order's group: round)."""
    extra = {"stroke_dasharray": dash} if dash else {}
    group.append(draw.Line(*start, *end, stroke=style.INK, stroke_width=width + 1.4,
                           opacity=opacity * 0.8, **extra))
    line_extra = dict(extra)
    if marker is not None:
        line_extra["marker_end"] = marker
    group.append(draw.Line(*start, *end, stroke=colour, stroke_width=width,
                           opacity=opacity, **line_extra))


def bar(group: draw.Group, start: Point, end: Point, colour: str) -> None:
    """A short bar across the end of a move that did not get through (round-ended, as its
    order's group says)."""
    length = math.dist(start, end) or 1.0
    nx, ny = -(end[1] - start[1]) / length, (end[0] - start[0]) / length
    half = 5.5
    group.append(draw.Line(end[0] - nx * half, end[1] - ny * half,
                           end[0] + nx * half, end[1] + ny * half,
                           stroke=colour, stroke_width=MOVE_WIDTH + 0.6))


def cross(group: draw.Group, at: Point, half: float, colour: str, width: float) -> None:
    x, y = at
    cross = draw.Group(class_="cross", stroke_linecap="round")
    for dx in (-half, half):
        cross.append(draw.Line(x - dx, y - half, x + dx, y + half, stroke=style.HALO,
                               stroke_width=width + 1.6))
    for dx in (-half, half):
        cross.append(draw.Line(x - dx, y - half, x + dx, y + half, stroke=colour,
                               stroke_width=width))
    group.append(cross)
