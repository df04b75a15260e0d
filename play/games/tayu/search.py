"""Fast positions for the Ta Yü bots' search: the evaluation of a placement without playing it.

:func:`play.games.tayu.bots.evaluate` rebuilds the frontier and the covered extents of every row
and column from the whole board; in a search most positions differ from their parent by one tile.
A :class:`Node` keeps the frontier (empty square, side that must be open), the extents and the edge
scores, so that the value of laying one more tile costs a pass over the frontier only, and a child
node costs a board copy. Values are exactly those of ``bots.evaluate`` (tested).

Only public information is used: the board, the held tiles, the unseen kinds as a multiset and
the ring backs of the front tops; never the face-down tiles themselves.
"""

from __future__ import annotations

import math
import time

from .moves import anchored_placements, frontier
from .state import AUCTION_SEATS, EDGES_OF_ROLE, SPOILER, TaYuState
from .tiles import EMPTY, OFF_BOARD, ORIENTATIONS, PADDED, SIZE, edge_value, unpadded

CELLS = PADDED * PADDED
ROW_COL = [unpadded(i) for i in range(CELLS)]
SIDE_OF_BIT = {1: 0, 2: 1, 4: 2, 8: 3}


def _edge_gains() -> dict[tuple[int, int], tuple[int, int]]:
    """(off-board square, direction an opening faces) -> (edge, points)."""
    gains = {}
    for square in range(CELLS):
        row, col = ROW_COL[square]
        for d in range(4):
            position = col if d in (0, 2) else row
            if 0 <= position < SIZE:
                gains[square, d] = (d, edge_value(position))
    return gains


EDGE_GAINS = _edge_gains()
# Per kind and rotation: the open outward sides as (offset from the anchor, side of the facing
# square that faces back, direction the opening faces).
OPEN_SIDES = tuple(
    tuple(
        tuple(
            (offset, SIDE_OF_BIT[bit], (SIDE_OF_BIT[bit] + 2) % 4)
            for offset, bit, is_open in orientation.edges
            if is_open
        )
        for orientation in rotations
    )
    for rotations in ORIENTATIONS
)


def squash(x: float) -> float:
    if x < -60.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Context:
    """What the values of a game depend on besides the board: seats, roles, bid."""

    __slots__ = ("seats", "edges", "spoiler", "bid", "builders", "scale", "blocked", "worth")

    def __init__(self, state: TaYuState, worth: list, blocked: float, scale: float):
        self.seats, self.spoiler, self.bid = state.seats, state.spoiler, state.bid
        roles = state.roles()
        self.edges = [EDGES_OF_ROLE.get(role) for role in roles]
        self.builders = [s for s in range(state.seats) if roles[s] != SPOILER]
        self.worth, self.blocked, self.scale = worth, blocked, scale

    def values(self, totals: list[float]) -> list[float]:
        """Rewards from expected edge totals (``bots.evaluate``'s formula)."""
        n, e, s, w = totals
        scale = self.scale
        if self.seats != AUCTION_SEATS:
            v = squash((n * s - w * e) / scale)
            return [v if seat % 2 == 0 else 1.0 - v for seat in range(self.seats)]
        products = [None if ed is None else totals[ed[0]] * totals[ed[1]] for ed in self.edges]
        a, b = self.builders
        pa, pb, bid = products[a], products[b], self.bid
        out = [0.0] * 3
        out[self.spoiler] = squash((bid - max(pa, pb)) / scale)
        out[a] = squash((pa - bid) / scale) * squash((pa - pb) / scale)
        out[b] = squash((pb - bid) / scale) * squash((pb - pa) / scale)
        return out

    def final(self, scores: list[int]) -> list[float]:
        """Rewards of a finished game with these edge scores (1 win, 0.5 draw, 0 loss)."""
        products = [None if ed is None else scores[ed[0]] * scores[ed[1]] for ed in self.edges]
        if self.seats != AUCTION_SEATS:
            p0, p1 = products[0], products[1]
            if p0 == p1:
                return [0.5] * self.seats
            win = 0 if p0 > p1 else 1
            return [1.0 if seat % 2 == win else 0.0 for seat in range(self.seats)]
        best = max(products[s] for s in self.builders)
        out = [0.0] * 3
        if best <= self.bid:
            out[self.spoiler] = 1.0
            return out
        top = [s for s in self.builders if products[s] == best]
        if len(top) == 2:
            return [0.5 if s in top else 0.0 for s in range(3)]
        out[top[0]] = 1.0
        return out


def extents(state: TaYuState) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per column the first and last covered row, per row the first and last covered column
    (``SIZE`` and -1 where nothing is covered)."""
    top, bottom = [SIZE] * SIZE, [-1] * SIZE
    left, right = [SIZE] * SIZE, [-1] * SIZE
    for kind, row, col, rotation, _seat in state.tiles:
        for r, c, _mask in ORIENTATIONS[kind][rotation].squares:
            r, c = row + r, col + c
            top[c], bottom[c] = min(top[c], r), max(bottom[c], r)
            left[r], right[r] = min(left[r], c), max(right[r], c)
    return top, bottom, left, right


class Node:
    """A board in the search: frontier, covered extents and edge scores kept up to date."""

    __slots__ = ("board", "front", "entries", "top", "bottom", "left", "right", "scores", "first")

    @classmethod
    def of(cls, state: TaYuState) -> Node:
        node = cls()
        node.board = state.board
        node.front, node.entries = list(frontier(state)), None
        node.first = not state.tiles
        node.top, node.bottom, node.left, node.right = extents(state)
        node.scores = list(state.scores)
        return node

    def placements(self, kind: int) -> list[tuple[int, int]]:
        """Every legal (rotation, padded anchor) for a tile of ``kind``."""
        return anchored_placements(self.board, kind, None if self.first else self.front)

    def totals_after(self, kind: int, rotation: int, anchor: int, ctx: Context) -> list[float]:
        """The expected edge totals once ``kind`` lies there (``bots.expected_edges``)."""
        worth, blocked = ctx.worth, ctx.blocked
        entries = self.entries
        if entries is None:
            entries = self.entries = [
                (square, *ROW_COL[square], *worth[square, side]) for square, side in self.front
            ]
        board = self.board
        n, e, s, w = self.scores
        c0, c1, c2 = (anchor + offset for offset in ORIENTATIONS[kind][rotation].cells)
        top, bottom, left, right = self.top[:], self.bottom[:], self.left[:], self.right[:]
        for square in (c0, c1, c2):
            r, c = ROW_COL[square]
            if r < top[c]:
                top[c] = r
            if r > bottom[c]:
                bottom[c] = r
            if c < left[r]:
                left[r] = c
            if c > right[r]:
                right[r] = c
        extra = []
        for offset, side, d in OPEN_SIDES[kind][rotation]:
            square = anchor + offset
            value = board[square]
            if value == EMPTY:
                extra.append((square, *ROW_COL[square], *worth[square, side]))
            elif value == OFF_BOARD:
                edge, points = EDGE_GAINS[square, d]
                if edge == 0:
                    n += points
                elif edge == 1:
                    e += points
                elif edge == 2:
                    s += points
                else:
                    w += points
        for group in (entries, extra):
            for square, r, c, dn, de, ds, dw in group:
                if square == c0 or square == c1 or square == c2:
                    continue
                n += dn if top[c] > r else dn * blocked
                s += ds if bottom[c] < r else ds * blocked
                w += dw if left[r] > c else dw * blocked
                e += de if right[r] < c else de * blocked
        return [n, e, s, w]

    def scores_after(self, kind: int, rotation: int, anchor: int) -> list[int]:
        scores = self.scores[:]
        board = self.board
        for offset, _side, d in OPEN_SIDES[kind][rotation]:
            if board[anchor + offset] == OFF_BOARD:
                edge, points = EDGE_GAINS[anchor + offset, d]
                scores[edge] += points
        return scores

    def child(self, kind: int, rotation: int, anchor: int) -> Node:
        """The node once ``kind`` lies there."""
        orientation = ORIENTATIONS[kind][rotation]
        new = Node.__new__(Node)
        board = self.board[:]
        cells = [anchor + offset for offset in orientation.cells]
        for square, mask in zip(cells, orientation.masks, strict=True):
            board[square] = mask
        new.board, new.first = board, False
        top, bottom, left, right = self.top[:], self.bottom[:], self.left[:], self.right[:]
        for square in cells:
            r, c = ROW_COL[square]
            top[c], bottom[c] = min(top[c], r), max(bottom[c], r)
            left[r], right[r] = min(left[r], c), max(right[r], c)
        new.top, new.bottom, new.left, new.right = top, bottom, left, right
        ends = [end for end in self.front if end[0] not in cells]
        scores = self.scores[:]
        for offset, side, d in OPEN_SIDES[kind][rotation]:
            square = anchor + offset
            if board[square] == EMPTY:
                ends.append((square, side))
            elif board[square] == OFF_BOARD:
                edge, points = EDGE_GAINS[square, d]
                scores[edge] += points
        new.front, new.scores, new.entries = ends, scores, None
        return new


class OutOfTime(Exception):
    """The search's time is up (raised between two placements' valuations)."""


class Searcher:
    """Expectimax over the draws: every player draws a kind with the probability of its unseen
    copies (of the ring class the front top shows, when it is known) and places it where their
    own value is best; a drawn tile that fits nowhere ends the game."""

    def __init__(
        self,
        state: TaYuState,
        ctx: Context,
        unseen: list[int],
        classes: list[bool],
        order: list[int] | None = None,
    ):
        self.ctx, self.seats = ctx, state.seats
        # The kinds in the order a limited draw looks at them (the same for every candidate
        # move, so that their values differ by the moves, not by the luck of a sample).
        self.order = list(range(len(unseen))) if order is None else order
        self.unseen = unseen
        self.classes = classes  # ring classes of the drawable front tops, now
        self.supply_left = state.supply_left()
        self.leaves = 0
        self.deadline = math.inf  # perf_counter time at which ``best`` raises OutOfTime

    def options(self, node: Node, hand: list[int]) -> list[tuple[int, int, int]]:
        """(kind, rotation, anchor) of every placement of a tile of ``hand``."""
        out = []
        for kind in dict.fromkeys(hand):
            out.extend((kind, rotation, anchor) for rotation, anchor in node.placements(kind))
        return out

    def leaf(self, node: Node, option: tuple[int, int, int], supply_left: int) -> list[float]:
        self.leaves += 1
        kind, rotation, anchor = option
        if supply_left == 0:
            return self.ctx.final(node.scores_after(kind, rotation, anchor))
        return self.ctx.values(node.totals_after(kind, rotation, anchor, self.ctx))

    def best(
        self, node: Node, seat: int, hand: list[int], supply_left: int
    ) -> tuple[list[float], tuple[int, int, int]] | None:
        """``seat``'s best placement by the evaluation: (values, option), ``None`` if none fits."""
        if time.perf_counter() > self.deadline:
            raise OutOfTime
        best_values, best_option = None, None
        for option in self.options(node, hand):
            values = self.leaf(node, option, supply_left)
            if best_values is None or values[seat] > best_values[seat]:
                best_values, best_option = values, option
        return None if best_values is None else (best_values, best_option)

    def pools(self, unseen: list[int], classes: list[bool] | None, limit: int):
        """Per ring class the next player may choose: [(kind, probability)]."""
        from .tiles import RINGED

        groups = []
        for ringed in classes if classes else [None]:
            pool = [
                (k, unseen[k])
                for k in self.order
                if unseen[k] and (ringed is None or RINGED[k] == ringed)
            ]
            if limit:
                pool = pool[:limit]
            total = sum(n for _, n in pool)
            if total:
                groups.append([(k, n / total) for k, n in pool])
        return groups

    def after_draw(
        self,
        node: Node,
        seat: int,
        hands: tuple[tuple[int, ...], ...],
        supply_left: int,
        unseen: list[int],
        classes: list[bool] | None,
        depth: int,
        limit: int = 0,
    ) -> list[float]:
        """The values once ``seat`` draws (the class that suits them best) and places; ``depth``
        more draws looked at after this one."""
        if supply_left == 0:
            return self.ctx.final(node.scores)
        seats = self.seats
        best_group, best_for_seat = None, -1.0
        for pool in self.pools(unseen, classes, limit):
            total = [0.0] * seats
            for kind, p in pool:
                hand = [*hands[seat], kind]
                found = self.best(node, seat, hand, supply_left - 1)
                if found is None:
                    values = self.ctx.final(node.scores)
                elif depth == 0 or supply_left - 1 == 0:
                    values = found[0]
                else:
                    placed, rotation, anchor = found[1]
                    hand.remove(placed)
                    new_hands = list(hands)
                    new_hands[seat] = tuple(hand)
                    rest = unseen[:]
                    rest[kind] -= 1
                    values = self.after_draw(
                        node.child(placed, rotation, anchor),
                        (seat + 1) % seats,
                        tuple(new_hands),
                        supply_left - 1,
                        rest,
                        None,
                        depth - 1,
                        limit,
                    )
                for i in range(seats):
                    total[i] += p * values[i]
            if total[seat] > best_for_seat:
                best_group, best_for_seat = total, total[seat]
        return best_group if best_group is not None else self.ctx.final(node.scores)
