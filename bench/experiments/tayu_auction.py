"""What the spoiler's seat is worth at each bid, with three Ta Yü players.

    nice -n 19 python bench/experiments/tayu_auction.py [--bids 14,16,18,20] [--games 90]
        [--level intermediate]

Every game is played by the same bot level in all three seats; the auction is scripted so that
the spoiler holds exactly that bid, in seat 0, 1 and 2 in turn (the supply and the bots'
choices are seeded by the game's number, the same for every bid). It prints, per bid, the
share of games the spoiler wins with its 95 % interval. A builder wins about half of the rest,
so the spoiler's seat is the better one while the spoiler wins more than a third: the strong
level undercuts down to that bid (:data:`play.games.tayu.bots.STRONG_BID_FLOOR`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from arena.stats import wilson  # noqa: E402
from play.games.tayu import bots  # noqa: E402
from play.games.tayu.state import MAX_BID  # noqa: E402

PASS = {"type": "pass"}


def _bid(value: int) -> dict:
    return {"type": "bid", "value": value}


AUCTIONS = (  # spoiler's seat -> the auction that leaves it holding ``bid``
    lambda bid: [_bid(bid), PASS, PASS],
    lambda bid: [_bid(MAX_BID), _bid(bid), PASS, PASS],
    lambda bid: [_bid(MAX_BID), PASS, _bid(bid), PASS],
)


def spoiler_game(bid: int, seed: int, level: str) -> float:
    """The spoiler's result (1 win, 0.5 a draw, 0 a loss) of one game at ``bid``; the spoiler
    sits in seat ``seed % 3`` (seat 0 opens the auction and places first)."""
    engine, rng = bots.ENGINE, random.Random(seed)
    state = engine.new_game(seats=3, options={}, rng=rng)
    spoiler = seed % 3
    for move in AUCTIONS[spoiler](bid):
        state = engine.play(state, state.to_move, move, rng)
    assert state.spoiler == spoiler and state.bid == bid
    while state.phase != "over":
        seat = state.to_move
        move = bots.bot_move(state, seat, level=level, rng=rng, seconds=2.0)
        state = engine.play(state, seat, move, rng)
    return bots.final_values(state)[spoiler]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bids", default="14,16,18,20")
    parser.add_argument("--games", type=int, default=90)
    parser.add_argument("--level", default="intermediate", choices=list(bots.LEVELS))
    args = parser.parse_args()
    began = time.perf_counter()
    print(f"Spoiler's results, {args.level} in every seat, {args.games} games a bid")
    for bid in (int(b) for b in args.bids.split(",")):
        results = [spoiler_game(bid, seed, args.level) for seed in range(args.games)]
        score = sum(results)
        low, high = wilson(score / len(results), len(results))
        print(
            f"bid {bid:3}: spoiler scores {100 * score / len(results):5.1f} %"
            f"  [{100 * low:5.1f}, {100 * high:5.1f}]  ({time.perf_counter() - began:.0f} s)"
        )


if __name__ == "__main__":
    main()
