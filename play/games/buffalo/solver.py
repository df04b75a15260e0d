"""Exact Prairie / Buffalo results by depth-first proof-number search (df-pn), and proven moves.

The game is a finite DAG (every buffalo move is irreversible, so no position repeats) with two
outcomes, so every position is a win for one side. df-pn proves or disproves "the side to move
wins" best-first, with a table of proof/disproof numbers keyed by the bitboards. The exact facts of
:mod:`play.games.buffalo.evaluation` end the search early (a buffalo on row 6, an unreachable row-5
runner, dogs ahead of every buffalo), an Indian side facing a row-6 buffalo next to the chief only
tries the capture, and new nodes start from proof numbers guessed from the evaluation (df-pn+), so
the search looks at promising moves first. Rules as the engine's defaults
(``immobilised_buffalo="on_their_turn"``), standard turns (no multi-step opening turn).

:data:`PROVEN` is the endgame table the bots share: every position a solver has proven, as
``key -> side to move wins``, kept across searches (bounded by ``PROVEN_LIMIT``, oldest dropped
first). Positions of up to five buffalo are proven in well under a minute from any start; the bot
asks the solver about its root position and plays a proven winning move when there is one.

A solver stops after ``max_nodes`` nodes (reproducible) or at ``deadline`` (a
``time.perf_counter`` value), whichever comes first, and then answers ``None`` (unknown).
"""

from __future__ import annotations

import time

from . import board as bb
from .evaluation import NEIGHBOURS, ROW6, buffalo_to_move_win, dogs_lock_all, evaluate

INF = 10**9
EPSILON_DIVISOR = 2  # the "1 + ε" trick (ε = 1/2): fewer switches between sibling subtrees
GUESS_SCALE = 40  # evaluation points per unit of guessed proof number
TABLE_LIMIT = 4_000_000  # unproven entries are dropped beyond this many (memory)
CHECK_INTERVAL = 256
PROVEN_LIMIT = 200_000  # about 30 MB
PROVEN: dict[int, bool] = {}


class OutOfBudget(Exception):
    pass


def key_of(b: int, d: int, c: int, side: int) -> int:
    return b | d << 77 | c << 154 | side << 161


def remember(key: int, wins: bool) -> None:
    """Adds a proven position to :data:`PROVEN`, dropping the oldest quarter when it is full."""
    if len(PROVEN) >= PROVEN_LIMIT:
        for old in list(PROVEN)[: PROVEN_LIMIT // 4]:
            del PROVEN[old]
    PROVEN[key] = wins


class Solver:
    def __init__(self, *, max_nodes: int | None = None, deadline: float | None = None):
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    def solve(self, b: int, d: int, c: int, side: int) -> bool | None:
        """True/False: the side to move wins/loses; None: out of budget."""
        key = key_of(b, d, c, side)
        if key in PROVEN:
            return PROVEN[key]
        try:
            self.mid(b, d, c, side, INF - 1, INF - 1)
        except OutOfBudget:
            pass
        pn, dn = self.table.get(key, (1, 1))
        if pn and dn:
            return None
        self.publish()
        return pn == 0

    def winning_move(self, b: int, d: int, c: int, side: int) -> int | None:
        """A move that keeps a proven win for ``side`` (None if the win is not proven)."""
        if self.solve(b, d, c, side) is not True:
            return None
        for move in bb.generate(b, d, c, side):
            nb, nd, nc = bb.apply(b, d, c, move)
            if nb & bb.GOAL_MASK or not nb:
                return move
            other = 1 - side
            kids = self.children(nb, nd, nc, other)
            if kids is False:
                return move
            if kids is True:
                continue
            ckey = key_of(nb, nd, nc, other)
            if PROVEN.get(ckey) is False or self.table.get(ckey, (1, 1))[1] == 0:
                return move
        # Proven through a child the table no longer holds: ask again for each child.
        for move in bb.generate(b, d, c, side):
            nb, nd, nc = bb.apply(b, d, c, move)
            if self.solve(nb, nd, nc, 1 - side) is False:
                return move
        return None

    def publish(self) -> None:
        """Copies the proven entries of this search into :data:`PROVEN`."""
        for key, (pn, dn) in self.table.items():
            if pn == 0 or dn == 0:
                if key not in PROVEN:
                    remember(key, pn == 0)

    def children(self, b, d, c, side):
        """Child positions, or a bool (side to move wins) when the position is decided."""
        if b & bb.GOAL_MASK:
            return side == bb.BUFFALO_SIDE
        occ = b | d | 1 << c
        if dogs_lock_all(b, d, c):
            return side == bb.INDIAN_SIDE
        if side == bb.BUFFALO_SIDE:
            if not b or not bb.buffalo_steps(b, occ):
                return False
            if buffalo_to_move_win(b, d, c):
                return True
            moves = bb.generate(b, d, c, side)
        else:
            if not b:
                return True
            runners = b & ROW6
            if runners:
                if runners & (runners - 1) or not NEIGHBOURS[c] & runners:
                    return False
                moves = [c | (runners.bit_length() - 1) << 7]
            else:
                moves = bb.generate(b, d, c, side)
                if not moves:
                    return False
        other = 1 - side
        return [(*bb.apply(b, d, c, m), other) for m in moves]

    def mid(self, b, d, c, side, th_pn, th_dn) -> None:
        """Search until this node's proof or disproof number reaches its threshold."""
        self.nodes += 1
        if not self.nodes % CHECK_INTERVAL:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise OutOfBudget
            if len(self.table) > TABLE_LIMIT:
                self.table = {k: v for k, v in self.table.items() if 0 in v}
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        key = key_of(b, d, c, side)
        kids = self.children(b, d, c, side)
        if isinstance(kids, bool):
            self.table[key] = (0, INF) if kids else (INF, 0)
            return
        table = self.table
        keys = [key_of(*child) for child in kids]
        for child, ckey in zip(kids, keys, strict=True):
            if ckey not in table:
                known = PROVEN.get(ckey)
                if known is None:
                    table[ckey] = _guess(*child)
                else:
                    table[ckey] = (0, INF) if known else (INF, 0)
        while True:
            # Side to move wins if some child (opponent to move) is lost for the opponent.
            best = second = INF
            best_child = None
            best_child_pn = 0
            dn_sum = 0
            for child, ckey in zip(kids, keys, strict=True):
                cpn, cdn = table[ckey]
                dn_sum += cpn
                if cdn < best:
                    second, best, best_child, best_child_pn = best, cdn, child, cpn
                elif cdn < second:
                    second = cdn
            pn, dn = best, min(dn_sum, INF)
            if pn == 0 or dn == 0 or pn >= th_pn or dn >= th_dn:
                table[key] = (pn, dn)
                return
            child_th_pn = min(th_dn - dn + best_child_pn, INF - 1)
            child_th_dn = min(th_pn, second + 1 + second // EPSILON_DIVISOR)
            self.mid(*best_child, child_th_pn, child_th_dn)


def _guess(b: int, d: int, c: int, side: int) -> tuple[int, int]:
    """Initial (proof, disproof) numbers of an unexplored node from its static score."""
    score = evaluate(b, d, c, side)
    return 1 + max(0, -score) // GUESS_SCALE, 1 + max(0, score) // GUESS_SCALE
