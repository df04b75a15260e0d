"""Fit Pow Wow's belief weights: how likely the belief makes the true deal, in bot games.

    python bench/experiments/powwow_belief_fit.py [--games 6] [--seats 3,5]
        [--players intermediate,oneply] [--every 5] [--rounds 2]

Plays seeded games between the players named (seats cycle through them; ``oneply`` and
``greedy`` are the arena's reference players), keeps the position every ``--every`` plies, and
for every seat of every kept position computes the belief's probability of the real deal of the
cards that seat cannot see (reading every hand: a bench, never a bot). Prints the mean log
probability (higher is better) against the uniform belief, for the weights in use and for a
grid around them, so the weights of ``belief.WEIGHTS`` can be chosen by measurement.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arena.loading import load_game, setup_django  # noqa: E402
from arena.players import build_players  # noqa: E402


def collect(game, names, seats, games, every, seed) -> list:
    from play.engines.base import chance_for

    engine = game.engine
    roster = build_players(game, names, argparse.Namespace(max_seconds=1.0))
    kept = []
    for g in range(games):
        table = [names[(g + s) % len(names)] for s in range(seats)]
        task = f"{seed}/{seats}/{g}"
        state = engine.new_game(seats=seats, options={}, rng=chance_for(task, 0))
        ply = 0
        while engine.to_act(state):
            seat = engine.to_act(state)[0]
            ply += 1
            rng = random.Random(f"{task}/{seat}/{ply}")
            state = engine.play(state, seat, roster[table[seat]].choose(state, seat, rng),
                                chance_for(task, ply))  # fmt: skip
            if ply % every == 0 and state.phase != "over":
                kept.append(state)
    return kept


def score(states, weights) -> float:
    """Mean log probability of the real deal under ``weights``, over every seat of ``states``
    (in game order: the belief's filter then extends along each game's record)."""
    from play.games.powwow.belief import true_deal_probability

    logs = [
        math.log(true_deal_probability(state, seat, weights))
        for state in states
        for seat in range(state.seats)
    ]
    return sum(logs) / len(logs)


def uniform(states) -> float:
    """Mean log probability of the real deal for a uniform redeal of the unseen cards."""
    from play.games.powwow.belief import deals

    logs = [
        -math.log(len(deals(state, seat)[1])) for state in states for seat in range(state.seats)
    ]
    return sum(logs) / len(logs)


SEARCHED = ("forward", "back", "take", "skip", "choice", "give_weaker")


def neighbours(weights, name: str):
    """The grid around ``weights`` along ``name``: an evidence weight scaled (or tried at 0.05
    and 0.2 when it is 0), the swap model's ``give_weaker`` at a few chances below 1 (at 1 a
    search that gave its stronger card would make the true deal impossible)."""
    value = getattr(weights, name)
    if name == "give_weaker":
        tried = [0.5, 0.65, 0.8, 0.9, 0.97]
    elif value == 0.0:
        tried = [0.05, 0.2]
    else:
        tried = [round(value * factor, 3) for factor in (0, 0.5, 0.75, 1.33, 2)]
    return [replace(weights, **{name: t}) for t in tried if t != value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", default="3,5")
    parser.add_argument("--players", default="intermediate,oneply")
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", default="belief")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    setup_django()
    from play.games.powwow.belief import WEIGHTS

    game = load_game("powwow")
    names = args.players.split(",")
    states = []
    began = time.perf_counter()
    for seats in (int(s) for s in args.seats.split(",")):
        found = collect(game, names, seats, args.games, args.every, args.seed)
        print(f"{seats} seats: {len(found)} positions kept", flush=True)
        states.extend(found)
    print(f"{len(states)} positions in {time.perf_counter() - began:.0f} s")
    print(f"uniform redeal: mean log P(true deal) {uniform(states):8.4f}", flush=True)
    best, value = WEIGHTS, score(states, WEIGHTS)
    print(f"weights in use {WEIGHTS}: {value:8.4f}", flush=True)
    for _ in range(args.rounds):  # coordinate search: each weight scaled in turn, the best kept
        for name in SEARCHED:
            for trial in neighbours(best, name):
                found_value = score(states, trial)
                if found_value > value + 1e-6:
                    best, value = trial, found_value
                    print(f"  {best}: {value:8.4f}", flush=True)
    print(f"fitted {best}: {value:8.4f}")


if __name__ == "__main__":
    main()
