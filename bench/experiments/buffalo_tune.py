"""Tune the Buffalo evaluation on positions labelled by Fairy-Stockfish self-play.

    .venv/bin/python bench/experiments/buffalo_tune.py generate --games 300 --ms 20  # appends data
    .venv/bin/python bench/experiments/buffalo_tune.py fit        # prints fitted weights

``generate`` plays Fairy-Stockfish against itself (``--ms`` a move) after 2–10 seeded random
plies and appends every position of the game with the winner to ``bench/.cache/buffalo_fs.jsonl``.
``fit`` fits the weights of :func:`play.games.buffalo.evaluation.evaluate` (it is linear in them)
by logistic regression of the game result on the features, and prints them as Python tables with
the share of positions whose winner the old and the new weights predict.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from arena.fairy_stockfish import CACHE, FairyStockfish  # noqa: E402
from play.games.buffalo import board as bb  # noqa: E402
from play.games.buffalo import evaluation as ev  # noqa: E402
from play.games.buffalo.engine import BuffaloEngine  # noqa: E402

ENGINE = BuffaloEngine()
DATA = CACHE / "buffalo_fs.jsonl"


def generate(games: int, ms: int, seed: int) -> None:
    engine = FairyStockfish(ms)
    wins = [0, 0]
    try:
        with DATA.open("a") as out:
            for game in range(games):
                rng = random.Random(f"{seed}-{game}")
                state = ENGINE.new_game(seats=2, options={}, rng=rng)
                for _ in range(rng.randint(2, 10)):
                    if not ENGINE.to_act(state):
                        break
                    state = state.child(rng.choice(state.int_moves()))
                engine.reset()
                positions = []
                while ENGINE.to_act(state):
                    positions.append((state.buffalo, state.dogs, state.chief, state.side))
                    seat = ENGINE.to_act(state)[0]
                    state = ENGINE.play(state, seat, engine.choose(state, seat, rng), rng)
                winner = state.result[0]
                wins[winner] += 1
                for b, d, c, side in positions:
                    out.write(json.dumps([b, d, c, side, winner]) + "\n")
                out.flush()
                print(
                    f"game {game}: {'buffalo' if winner == 0 else 'Indians'} "
                    f"({len(positions)} plies); buffalo {wins[0]}, Indians {wins[1]}",
                    flush=True,
                )
    finally:
        engine.close()


def features(b: int, d: int, c: int) -> list[float]:
    """The evaluation's terms, buffalo's point of view (weights: see ``names``)."""
    rows = len(ev.FREE_VALUE)
    f = [0.0] * (6 * rows + 2)
    indians = d | 1 << c
    occ = b | indians
    dist = ev.DISTANCE[c]
    blocking = 0
    for sq in bb.bits(b):
        row = sq // bb.COLUMNS
        ahead = ev.AHEAD[sq] & indians
        if ahead:
            f[rows + row] += 1  # BLOCKED_VALUE
            f[3 * rows + row] += dist[sq]  # CHIEF_FAR_BLOCKED
            blocking |= ahead
        elif dist[sq] <= 1:
            f[row] += 1  # FREE_VALUE
            f[4 * rows + row] -= 1  # CHIEF_NEAR
        else:
            f[row] += 1
            f[2 * rows + row] += dist[sq]  # CHIEF_FAR
        if not ahead and row == 4 and not occ >> (sq + bb.COLUMNS) & 1:
            f[6 * rows] += 1  # THREAT_BONUS
    f[6 * rows + 1] = -(d & ~blocking).bit_count()  # SPARE_DOG
    return f


def names() -> list[str]:
    rows = len(ev.FREE_VALUE)
    out = []
    for table in ("FREE_VALUE", "BLOCKED_VALUE", "CHIEF_FAR", "CHIEF_FAR_BLOCKED", "CHIEF_NEAR"):
        out += [f"{table}[{r}]" for r in range(rows)]
    out += [f"unused[{r}]" for r in range(rows)]
    return out + ["THREAT_BONUS", "SPARE_DOG", "TEMPO"]


def current_weights() -> list[float]:
    return [
        *ev.FREE_VALUE, *ev.BLOCKED_VALUE, *ev.CHIEF_FAR, *ev.CHIEF_FAR_BLOCKED, *ev.CHIEF_NEAR,
        *([0] * len(ev.FREE_VALUE)), ev.THREAT_BONUS, ev.SPARE_DOG, ev.TEMPO,
    ]  # fmt: skip


def load(limit: int | None):
    samples = []
    with DATA.open() as data:
        for line in data:
            b, d, c, side, winner = json.loads(line)
            if ev.buffalo_to_move_win(b, d, c) and side == 0 or b & ev.ROW6:
                continue  # decided by the exact facts: the evaluation never sees them
            x = features(b, d, c) + [1.0 if side == 0 else -1.0]  # tempo, buffalo's view
            samples.append((x, 1.0 if winner == 0 else 0.0))
    random.Random(0).shuffle(samples)
    return samples[:limit]


def fit(epochs: int, scale: float, limit: int | None) -> None:
    samples = load(limit)
    old = current_weights()
    w = [v / scale for v in old]
    rate = 0.02
    n = len(samples)
    for epoch in range(epochs):
        grad = [0.0] * len(w)
        loss = 0.0
        for x, y in samples:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            loss -= y * math.log(p + 1e-12) + (1 - y) * math.log(1 - p + 1e-12)
            g = p - y
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += g * xi
        w = [wi - rate * gi / n for wi, gi in zip(w, grad, strict=True)]
        if epoch % 25 == 0 or epoch == epochs - 1:
            print(f"epoch {epoch}: log loss {loss / n:.4f}", flush=True)
    fitted = [round(v * scale) for v in w]

    def accuracy(weights):
        hits = sum(
            (sum(a * b for a, b in zip(weights, x, strict=True)) > 0) == (y > 0.5)
            for x, y in samples
        )
        return hits / n

    print(f"{n} positions; winner predicted: old {accuracy(old):.1%}, new {accuracy(fitted):.1%}")
    for name, value, before in zip(names(), fitted, old, strict=True):
        print(f"{name:>22} {before:>6} -> {value:>6}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("generate", "fit"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--ms", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=200)
    parser.add_argument("--scale", type=float, default=400.0, help="score per logit unit")
    parser.add_argument("--limit", type=int, default=None, help="positions used by fit")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.games, args.ms, args.seed)
    else:
        fit(args.epochs, args.scale, args.limit)


if __name__ == "__main__":
    main()
