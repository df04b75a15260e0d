"""Tune the Ta Yü evaluation's channel-end weights on positions labelled by the games' results.

    nice -n 19 python bench/experiments/tayu_tune.py collect --games 200 [--seats 2] [--seed 1]
    nice -n 19 python bench/experiments/tayu_tune.py fit [--seats 2] [--rounds 6] [--points]

``collect`` plays intermediate against itself (2 to 6 seeded random plies first, then the level's
search, which sees only what a seat may see) and appends, for every position after a placement,
the edge scores, the open channel ends (square, side, whether a tile stands between the end and
each edge), the tiles left in the supply and the game's result to
``bench/.cache/tayu_positions_<seats>.jsonl``. ``fit`` minimises the log loss of the two-team
evaluation (``squash((N*S - W*E) / scale)``, the formula of :func:`play.games.tayu.bots.evaluate`
with 2 and 4 seats) against the results by a coordinate search on multiplicative steps over the
weights of :data:`PARAMETERS` (games split in two halves: it fits on one and prints the loss and
the share of decided games' positions whose winner the evaluation predicts on both halves, for the
hand-set weights and the fitted ones). ``--points`` fits the points each edge still scores
instead (the squared error between the evaluation's expected edge totals and the game's last
recorded scores). Which fitted set plays better is for the arena to say.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from play.games.tayu import bots  # noqa: E402
from play.games.tayu.moves import frontier  # noqa: E402
from play.games.tayu.search import extents  # noqa: E402
from play.games.tayu.tiles import SIZE, edge_value, unpadded  # noqa: E402

CACHE = ROOT / "bench" / ".cache"
TOTAL_TILES = 112

# name -> hand-set value; heading[1] ("across") stays 0.8, the unit the others are measured in.
PARAMETERS = {
    "reach": bots.REACH,
    "decay": bots.DECAY,
    "toward": bots.HEADING[0],
    "away": bots.HEADING[2],
    "blocked": bots.BLOCKED_FACTOR,
    "scale": bots.PRODUCT_SCALE,
    "stage": 0.0,  # worth of an end times 1 + stage * (share of the supply left - 0.5)
}
ACROSS = bots.HEADING[1]


def data_path(seats: int) -> Path:
    return CACHE / f"tayu_positions_{seats}.jsonl"


# -- collect ----------------------------------------------------------------------------------


def position_record(state) -> dict:
    """What the evaluation of ``state`` depends on (public information only)."""
    top, bottom, left, right = extents(state)
    ends = []
    for square, side in sorted(frontier(state)):
        r, c = unpadded(square)
        blocked = [top[c] <= r, right[r] >= c, bottom[c] >= r, left[r] <= c]  # N, E, S, W
        ends.append([r, c, side, *(int(b) for b in blocked)])
    return {"scores": list(state.scores), "left": state.supply_left(), "ends": ends}


def play_game(seats: int, seed: int) -> tuple[list[dict], float]:
    """One game of intermediate against itself: (positions, result for seats 0 and 2)."""
    rng = random.Random(seed)
    engine = bots.ENGINE
    state = engine.new_game(seats=seats, options={}, rng=rng)
    opening = rng.randint(2, 6)
    level = bots.LEVELS["intermediate"]
    positions, ply = [], 0
    while state.phase != "over":
        seat = state.to_move
        moves = engine.legal_moves(state, seat)
        if ply < opening or len(moves) == 1:
            move = moves[rng.randrange(len(moves))] if ply < opening else moves[0]
        else:
            move = bots.level_move(state, seat, level, rng, 2.0)
        placed = state.phase == "place"
        state = engine.play(state, seat, move, rng)
        ply += 1
        if placed and state.phase != "over":
            positions.append(position_record(state))
    return positions, bots.final_values(state)[0]


def collect(args) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    path = data_path(args.seats)
    began, count = time.perf_counter(), 0
    with path.open("a") as out:
        for game in range(args.games):
            seed = args.seed * 1_000_003 + game
            positions, result = play_game(args.seats, seed)
            for record in positions:
                out.write(json.dumps({"game": seed, "result": result, **record}) + "\n")
            count += len(positions)
            if (game + 1) % 10 == 0:
                print(f"{game + 1} games, {count} positions, {time.perf_counter() - began:.0f} s")
    print(f"{args.games} games, {count} positions appended to {path}")


# -- fit --------------------------------------------------------------------------------------


def compact(record: dict) -> tuple:
    """(scores, stage, per edge {(distance, turn, blocked): summed edge values}, result)."""
    last = SIZE - 1
    per_edge = [{}, {}, {}, {}]
    for r, c, side, *blocked in record["ends"]:
        distances = (r, last - c, last - r, c)
        positions = (c, r, c, r)
        ahead = (side + 2) % 4
        for edge in range(4):
            turn = 0 if ahead == edge else 2 if ahead == (edge + 2) % 4 else 1
            key = (distances[edge], turn, blocked[edge])
            table = per_edge[edge]
            table[key] = table.get(key, 0) + edge_value(positions[edge])
    groups = [list(t.items()) for t in per_edge]
    return record["scores"], record["left"] / TOTAL_TILES - 0.5, groups, record["result"]


def load(seats: int) -> tuple[list, list]:
    """The positions of even and of odd games (fit on one half, check on the other), each with
    its game's last recorded edge scores (scores never fall) appended."""
    halves: tuple[list, list] = ([], [])
    finals: dict[int, list[int]] = {}
    with data_path(seats).open() as lines:
        for line in lines:
            record = json.loads(line)
            final = finals.setdefault(record["game"], [0, 0, 0, 0])
            final[:] = [max(a, b) for a, b in zip(final, record["scores"], strict=True)]
            halves[record["game"] % 2].append((*compact(record), final))
    return halves


def losses(data: list, p: dict, points: bool = False) -> tuple[float, float]:
    """(mean log loss, share of decided games' positions whose winner the sign predicts); with
    ``points``, the mean squared error of the expected edge totals against the last scores."""
    powers = [p["decay"] ** d for d in range(SIZE)]
    heading = (p["toward"], ACROSS, p["away"])
    factor = {
        (d, t, b): p["reach"] * powers[d] * heading[t] * (p["blocked"] if b else 1.0)
        for d in range(SIZE)
        for t in range(3)
        for b in (0, 1)
    }
    scale, stage = p["scale"], p["stage"]
    total, right, decided = 0.0, 0, 0
    for scores, phase, groups, result, final in data:
        m = max(0.0, 1.0 + stage * phase)
        t = [scores[e] + m * sum(v * factor[key] for key, v in groups[e]) for e in range(4)]
        if points:
            total += sum((final[e] - t[e]) ** 2 for e in range(4)) / 4
            continue
        gap = t[0] * t[2] - t[1] * t[3]
        x = max(-30.0, min(30.0, gap / scale))
        q = 1.0 / (1.0 + math.exp(-x))
        q = min(max(q, 1e-9), 1 - 1e-9)
        total -= result * math.log(q) + (1 - result) * math.log(1 - q)
        if result != 0.5:
            decided += 1
            right += (gap > 0) == (result == 1.0)
    return total / len(data), right / max(decided, 1)


def fit(args) -> None:
    train, test = load(args.seats)
    print(f"{len(train)} positions to fit, {len(test)} to check ({args.seats} seats)")
    current = dict(PARAMETERS)
    if args.no_stage:
        del current["stage"]
        current_stage = 0.0
    best = losses(train, {**current, "stage": 0.0} if args.no_stage else current, args.points)[0]
    step = 0.3
    for round_ in range(args.rounds):
        improved = False
        for name in list(current):
            for sign in (1, -1):
                trial = dict(current)
                if name == "stage":
                    trial[name] = current[name] + sign * step
                else:
                    trial[name] = current[name] * (1 + step) ** sign
                if name in ("decay", "blocked") and trial[name] > 1.0:
                    continue
                full = {**trial, "stage": current_stage} if args.no_stage else trial
                loss = losses(train, full, args.points)[0]
                if loss < best - 1e-6:
                    best, current, improved = loss, trial, True
                    break
        print(f"round {round_ + 1}, step {step:.3f}: loss {best:.5f} " + _show(current))
        if not improved:
            step /= 2
    for label, params in (("hand-set", PARAMETERS), ("fitted", current)):
        full = {**params, "stage": 0.0} if "stage" not in params else params
        (a, ra), (b, rb) = losses(train, full, args.points), losses(test, full, args.points)
        print(
            f"{label:9} fit half: loss {a:.4f}, winner {100 * ra:.1f} %; "
            f"check half: loss {b:.4f}, winner {100 * rb:.1f} %  " + _show(params)
        )


def _show(params: dict) -> str:
    return ", ".join(f"{k} {v:.3f}" for k, v in params.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("collect")
    one.add_argument("--games", type=int, default=100)
    one.add_argument("--seats", type=int, default=2, choices=(2, 4))
    one.add_argument("--seed", type=int, default=1)
    two = sub.add_parser("fit")
    two.add_argument("--seats", type=int, default=2, choices=(2, 4))
    two.add_argument("--rounds", type=int, default=12)
    two.add_argument("--no-stage", action="store_true", help="keep the worth of ends constant")
    two.add_argument(
        "--points", action="store_true", help="fit the edges' points still to come (squared error)"
    )
    args = parser.parse_args()
    collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    main()
