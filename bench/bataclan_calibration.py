"""Bataclan's calibration table: how a simulated person's timing spread turns into falls.

    python bench/bataclan_calibration.py [--piles N] [--games N]

A simulated person aims at a centre crossing of the server's challenge and presses (on
pointer-down or key-down) off by a normal timing error of 30, 60 or 100 ms
(:class:`play.games.bataclan.gesture.TimedHand`); the server's curve turns the press into a
steadiness (:mod:`play.games.bataclan.physics`). Columns:

* mean steadiness, and the median pile standing when standard dice are stacked one after the other
  until the first fall (dice on the table just before the fall, the base die counted: "11" means
  the 12th die made it fall);
* fall by 10 / by 20: how often such a pile falls before it stands 10 / 20 dice high (base
  counted);
* giant on std / std on giant: how often a giant die placed on one standard die falls, and the
  reverse.

Then games: three players, two people of 60 ms (intermediate's decisions) and the beginner bot,
and two-player games of two 60 ms people: the share of games with at least one fall, and of games
where a player placed every die of their hand on their first turn.

Seeded: every figure is reproducible.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")

import django  # noqa: E402

django.setup()

from play.engines.base import chance_for  # noqa: E402
from play.games.bataclan import physics  # noqa: E402
from play.games.bataclan.bots import bot_move, head_move  # noqa: E402
from play.games.bataclan.engine import BataclanEngine  # noqa: E402
from play.games.bataclan.gesture import TimedHand  # noqa: E402

ENGINE = BataclanEngine()
SPREADS_MS = (30, 60, 100)


def standing_at_fall(hand, rng, limit: int = 60) -> int:
    """How many standard dice (the base die counted) stood when the next one made the pile fall."""
    pile: list[tuple[str, float]] = []
    while len(pile) < limit:
        x, failing = physics.place(pile, physics.STANDARD, hand.draw(rng), rng)
        if failing is not None:
            break
        pile.append((physics.STANDARD, x))
    return len(pile)


def pair_fall(top: str, bottom: str, hand, rng, trials: int) -> float:
    falls = 0
    for _ in range(trials):
        _, failing = physics.place([(bottom, 0.0)], top, hand.draw(rng), rng)
        falls += failing is not None
    return falls / trials


def pile_row(spread: float, piles: int) -> dict:
    hand, rng = TimedHand(spread), random.Random(f"calibration/{spread}")
    draws = [hand.draw(rng) for _ in range(4000)]
    falls = [standing_at_fall(hand, rng) for _ in range(piles)]
    return {
        "spread": spread,
        "mean": statistics.fmean(draws),
        "median": statistics.median(falls),
        "by10": sum(f < 10 for f in falls) / piles,
        "by20": sum(f < 20 for f in falls) / piles,
        "giant_on_std": pair_fall(physics.GIANT, physics.STANDARD, hand, rng, 4000),
        "std_on_giant": pair_fall(physics.STANDARD, physics.GIANT, hand, rng, 4000),
    }


def play_game(players, seats: int, seed: str) -> tuple[bool, bool]:
    """(a fall happened, a player emptied their hand on their first turn)."""
    state = ENGINE.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
    rng = random.Random(f"{seed}/players")
    fell = emptied = False
    turns_started: dict[int, int] = {}
    ply = 0
    while ENGINE.outcome(state) is None and ply < 3000:
        seat = state.to_move
        turns_started.setdefault(seat, state.turn)
        move = players[seat](state, seat, rng)
        ply += 1
        state = ENGINE.play(state, seat, move, chance_for(seed, ply))
        fell = fell or any(e["kind"] == "fall" for e in state.events)
        if any(e["kind"] == "out" for e in state.events) and state.turn == turns_started[seat]:
            emptied = True
    return fell, emptied


def person(spread: float):
    hand = TimedHand(spread)

    def choose(state, seat, rng):
        return head_move(state, seat, level="intermediate", rng=rng, seconds=1.0, hand=hand)

    return choose


def bot(level: str):
    def choose(state, seat, rng):
        return bot_move(state, seat, level=level, rng=rng, seconds=1.0)

    return choose


def games_row(name: str, players, games: int) -> dict:
    results = [play_game(players, len(players), f"calibration/{name}/{g}") for g in range(games)]
    return {
        "name": name,
        "games": games,
        "fall": sum(f for f, _ in results) / games,
        "emptied": sum(e for _, e in results) / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--piles", type=int, default=2000)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(
        f"curve: period {physics.PERIOD_RANGE_MS[0]}-{physics.PERIOD_RANGE_MS[1]} ms, "
        f"width {physics.CURVE_WIDTH}, power {physics.CURVE_POWER}; {args.piles} piles per row"
    )
    period = sum(physics.PERIOD_RANGE_MS) / 2
    errors = (0, 15, 30, 60, 100, 150)
    curve = "  ".join(f"{e} ms: {physics.steadiness_at(4 * e / period):.2f}" for e in errors)
    print(
        f"steadiness of a press off the centre crossing by (mean period {period:.0f} ms): {curve}"
    )
    print("spread  mean st.  median pile  fall by 10  fall by 20  giant on std  std on giant")
    for spread in SPREADS_MS:
        r = pile_row(spread, args.piles)
        print(
            f"{r['spread']:>4} ms  {r['mean']:8.2f}  {r['median']:11.0f}  {r['by10']:10.0%}"
            f"  {r['by20']:10.0%}  {r['giant_on_std']:12.1%}  {r['std_on_giant']:12.1%}"
        )
    if args.games:
        print(f"\ngames ({args.games} each)                   >=1 fall  hand emptied on 1st turn")
        for name, players in (
            ("3p: 60 ms, 60 ms, beginner", [person(60), person(60), bot("beginner")]),
            ("2p: 60 ms, 60 ms", [person(60), person(60)]),
        ):
            r = games_row(name, players, args.games)
            print(f"{r['name']:<40} {r['fall']:8.0%}  {r['emptied']:10.1%}")


if __name__ == "__main__":
    main()
