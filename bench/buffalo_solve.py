"""Try to solve Prairie / Buffalo positions exactly with depth-first proof-number search (df-pn).

    .venv/bin/python bench/buffalo_solve.py                      # start position, 600 s limit
    .venv/bin/python bench/buffalo_solve.py --seconds 60 --removed f,e,g,d,h
    .venv/bin/python bench/buffalo_solve.py --ladder --seconds 120  # 10, 9, … 1 buffalo removed
    .venv/bin/python bench/buffalo_solve.py --opening 2

The game is a finite DAG (every buffalo move is irreversible, so no position repeats) with two
outcomes, so every position is a win for one side. df-pn proves or disproves "the side to move wins"
best-first, with a table of proof/disproof numbers keyed by the bitboards. The exact facts of
:mod:`play.games.buffalo.evaluation` end the search early (a buffalo on row 6, an unreachable row-5
runner, dogs ahead of every buffalo), an Indian side facing a row-6 buffalo next to the chief only
tries the capture, and new nodes start from proof numbers guessed from the bots' evaluation (df-
pn+), so the search looks at promising moves first. Rules as the engine's defaults
(``immobilised_buffalo="on_their_turn"``). An opening turn of k buffalo is solved as a choice among
the sets of k buffalo (the order of the steps does not matter).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from play.games.buffalo import board as bb  # noqa: E402
from play.games.buffalo.engine import BuffaloEngine  # noqa: E402
from play.games.buffalo.evaluation import (  # noqa: E402
    NEIGHBOURS,
    ROW6,
    buffalo_to_move_win,
    dogs_lock_all,
    evaluate,
)
from play.games.buffalo.series import DEFAULT_REMOVAL_ORDER  # noqa: E402

INF = 10**9
EPSILON_DIVISOR = 2  # the "1 + ε" trick (ε = 1/2): fewer switches between sibling subtrees
GUESS_SCALE = 40  # evaluation points per unit of guessed proof number
TABLE_LIMIT = 4_000_000  # unproven entries are dropped beyond this many (memory)


class OutOfTime(Exception):
    pass


class Solver:
    def __init__(self, seconds: float):
        self.deadline = time.perf_counter() + seconds
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    def solve(self, b: int, d: int, c: int, side: int) -> bool | None:
        """True/False: the side to move wins/loses; None: out of time."""
        try:
            self.mid(b, d, c, side, INF - 1, INF - 1)
        except OutOfTime:
            return None
        pn, dn = self.lookup(b, d, c, side)
        return True if pn == 0 else False if dn == 0 else None

    def lookup(self, b, d, c, side) -> tuple[int, int]:
        return self.table.get(_key(b, d, c, side), (1, 1))

    def children(self, b, d, c, side):
        """Child positions, or a bool when the position is decided statically."""
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
        if not self.nodes & 4095:
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            if len(self.table) > TABLE_LIMIT:
                self.table = {k: v for k, v in self.table.items() if 0 in v}
        key = _key(b, d, c, side)
        kids = self.children(b, d, c, side)
        if isinstance(kids, bool):
            self.table[key] = (0, INF) if kids else (INF, 0)
            return
        table = self.table
        keys = [_key(*child) for child in kids]
        for child, ckey in zip(kids, keys, strict=True):
            if ckey not in table:
                table[ckey] = _guess(*child)
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


def _key(b: int, d: int, c: int, side: int) -> int:
    return b | d << 77 | c << 154 | side << 161


def solve_options(options: dict, seconds: float) -> tuple[str, float, int]:
    """("buffalo"/"indians"/"unknown", seconds used, nodes) for a game with these options."""
    state = BuffaloEngine().new_game(seats=2, options=options, rng=None)
    solver = Solver(seconds)
    start = time.perf_counter()
    k = state.opening_left
    columns = [sq for sq in bb.bits(state.buffalo)]
    if k <= 1:
        result = solver.solve(state.buffalo, state.dogs, state.chief, bb.BUFFALO_SIDE)
        winner = None if result is None else "buffalo" if result else "indians"
    else:  # opening turn: the buffalo pick which k buffalo step; Indians then move
        winner = "indians"
        for chosen in combinations(columns, min(k, len(columns))):
            b = state.buffalo
            for sq in chosen:
                b ^= 1 << sq | 1 << (sq + bb.COLUMNS)
            result = solver.solve(b, state.dogs, state.chief, bb.INDIAN_SIDE)
            if result is None:
                winner = None
                break
            if not result:
                winner = "buffalo"
                break
    return winner or "unknown", time.perf_counter() - start, solver.nodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0, help="time limit per position")
    parser.add_argument("--removed", default="", help="columns left empty, e.g. f,e")
    parser.add_argument("--opening", type=int, default=1, help="opening turn of k buffalo")
    parser.add_argument(
        "--ladder", action="store_true", help="solve the removal handicaps, fewest buffalo first"
    )
    args = parser.parse_args(argv)
    if args.ladder:
        budgets = []
        for removed in range(len(DEFAULT_REMOVAL_ORDER) - 1, -1, -1):
            budgets.append(sorted(DEFAULT_REMOVAL_ORDER[:removed]))
    else:
        budgets = [[c for c in args.removed.split(",") if c]]
    for removed in budgets:
        options = {"removed_columns": removed, "opening_buffalo_moves": args.opening}
        winner, used, nodes = solve_options(options, args.seconds)
        label = f"{11 - len(removed)} buffalo (empty: {','.join(removed) or '-'})"
        if args.opening > 1:
            label += f", opening turn of {args.opening}"
        print(f"{label}: {winner} win" if winner != "unknown" else f"{label}: not solved", end="")
        print(f" — {used:.1f} s, {nodes:,} nodes", flush=True)
        if winner == "unknown":
            break


if __name__ == "__main__":
    main()
