"""Try to solve Prairie / Buffalo positions exactly with depth-first proof-number search (df-pn).

    .venv/bin/python bench/experiments/buffalo_solve.py          # start position, 600 s limit
    .venv/bin/python bench/experiments/buffalo_solve.py --seconds 60 --removed f,e,g,d,h
    .venv/bin/python bench/experiments/buffalo_solve.py --ladder --seconds 120  # 10, 9, … 1 removed
    .venv/bin/python bench/experiments/buffalo_solve.py --opening 2

The game is a finite DAG (every buffalo move is irreversible, so no position repeats) with two
outcomes, so every position is a win for one side. df-pn proves or disproves "the side to move wins"
best-first (the solver of :mod:`play.games.buffalo.solver`, which the bots use too). Rules as
the engine's defaults (``immobilised_buffalo="on_their_turn"``). An opening turn of k buffalo is
solved as a choice among the sets of k buffalo (the order of the steps does not matter).
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from play.games.buffalo import board as bb  # noqa: E402
from play.games.buffalo.engine import BuffaloEngine  # noqa: E402
from play.games.buffalo.series import DEFAULT_REMOVAL_ORDER  # noqa: E402
from play.games.buffalo.solver import Solver  # noqa: E402


def solve_options(options: dict, seconds: float) -> tuple[str, float, int]:
    """("buffalo"/"indians"/"unknown", seconds used, nodes) for a game with these options."""
    state = BuffaloEngine().new_game(seats=2, options=options, rng=None)
    solver = Solver(deadline=time.perf_counter() + seconds)
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
