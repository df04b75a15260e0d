"""CPU time of Pow Wow's strong search with the playouts' fast advance and with ``best_advance``.

    python bench/experiments/powwow_playout_speed.py [--games 6] [--iterations 3000]

Positions are sampled from seeded random games at 3 to 6 seats; each is searched by the strong
level's search (fixed iterations, no clock) once with each playout advance. Prints the CPU
seconds (``time.process_time``: fair on a shared machine) a search takes and whether both
chose the same moves, as they must: the fast advance is an exact rewrite.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.base")

import django  # noqa: E402

django.setup()

from arena.playouts import random_walk  # noqa: E402
from play.games.powwow import bots  # noqa: E402


def sample_positions(games: int) -> list:
    """Every seventh draft or move position of ``games`` seeded random games, 3 to 6 seats."""
    return [
        (state, seat)
        for g in range(games)
        for ply, (state, seat) in enumerate(random_walk(bots.ENGINE, 3 + g % 4, f"speed/{g}", 59))
        if state.phase in ("move", "draft") and (ply + 1) % 7 == 0
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=3000)
    args = parser.parse_args()
    positions = sample_positions(args.games)
    fast = bots.playout_advance
    chosen = {}
    for name, advance in (
        ("best_advance", lambda state, seat: bots.best_advance(state, seat)[1]),
        ("playout_advance", fast),
    ):
        bots.playout_advance = advance  # what playout_policy calls
        began = time.process_time()
        chosen[name] = [
            bots.make_search("strong", seed=1, iterations=args.iterations).choose(state, seat)
            for state, seat in positions
        ]
        seconds = (time.process_time() - began) / len(positions)
        print(f"{name:16s} {len(positions)} searches of {args.iterations} iterations: "
              f"{seconds:.3f} s CPU each", flush=True)  # fmt: skip
    bots.playout_advance = fast
    print("same moves:", chosen["best_advance"] == chosen["playout_advance"])


if __name__ == "__main__":
    main()
