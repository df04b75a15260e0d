"""Fit Pow Wow's belief weights: how likely the belief makes the true deal, in bot games.

    python bench/powwow_belief_fit.py [--games 6] [--seats 3,5] [--players intermediate,oneply]
                                      [--every 5]

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

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.arena import build_players, load_game, setup_django  # noqa: E402


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


def problems(states) -> list[tuple[list[tuple[float, ...]], int]]:
    """Per (position, seat): every deal's evidence vector and the index of the real deal."""
    from play.games.powwow.belief import NEUTRAL_HOLDER, colour_features, deals

    found = []
    for state in states:
        features = colour_features(state)
        for seat in range(state.seats):
            holders, options = deals(state, seat)
            real = tuple(
                tuple(state.neutral if h == NEUTRAL_HOLDER else state.hands[h]) for h in holders
            )
            vectors = []
            for deal in options:
                total = [0.0] * 5
                for holder, pile in zip(holders, deal, strict=True):
                    if holder != NEUTRAL_HOLDER:
                        for card in pile:
                            for i, value in enumerate(features[holder].get(card, ())):
                                total[i] += value
                vectors.append(tuple(total))
            found.append((vectors, options.index(real)))
    return found


def score(found, weights) -> float:
    """Mean log probability of the real deal under ``weights``."""
    from play.games.powwow.belief import weight_vector

    w = weight_vector(weights)
    total = 0.0
    for vectors, real in found:
        logs = [sum(a * b for a, b in zip(w, v, strict=True)) for v in vectors]
        top = max(logs)
        total += logs[real] - top - math.log(sum(math.exp(x - top) for x in logs))
    return total / len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", default="3,5")
    parser.add_argument("--players", default="intermediate,oneply")
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", default="belief")
    args = parser.parse_args()
    setup_django()
    from play.games.powwow.belief import WEIGHTS, Weights

    game = load_game("powwow")
    names = args.players.split(",")
    states = []
    began = time.perf_counter()
    for seats in (int(s) for s in args.seats.split(",")):
        found = collect(game, names, seats, args.games, args.every, args.seed)
        print(f"{seats} seats: {len(found)} positions kept", flush=True)
        states.extend(found)
    print(f"{len(states)} positions in {time.perf_counter() - began:.0f} s")
    found = problems(states)
    print(f"uniform belief: mean log P(true deal) {score(found, Weights()):8.4f}")
    print(f"weights in use {WEIGHTS}: {score(found, WEIGHTS):8.4f}")
    best, value = WEIGHTS, score(found, WEIGHTS)
    for _ in range(3):  # coordinate search: each weight scaled in turn, the best kept
        for name in ("forward", "back", "take", "skip", "choice"):
            for factor in (0.0, 0.5, 0.75, 1.33, 2.0):
                trial = replace(best, **{name: round(getattr(best, name) * factor, 3) or 0.0})
                if getattr(best, name) == 0.0 and factor > 1:
                    trial = replace(best, **{name: 0.1 * factor})
                found_value = score(found, trial)
                if found_value > value + 1e-6:
                    best, value = trial, found_value
    print(f"fitted {best}: {value:8.4f}")


if __name__ == "__main__":
    main()
