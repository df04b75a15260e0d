"""Alcatraz figures: random playouts per second, evaluation and bot time, bot-vs-random results.

    python bench/alcatraz_bench.py [--games N] [--levels beginner,intermediate,strong]

Single process, seeded: the counts are reproducible, the timings depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.loading import setup_django  # noqa: E402
from arena.playouts import random_playouts  # noqa: E402

setup_django()  # the game registry reads the settings

from play.bots.mcts import RandomBot  # noqa: E402
from play.engines.base import chance_for  # noqa: E402
from play.games.alcatraz.bots import ALCATRAZ_LEVELS, alcatraz_bot  # noqa: E402
from play.games.alcatraz.engine import DEFAULT_TURN_LIMIT  # noqa: E402
from play.games.alcatraz.evaluation import evaluate  # noqa: E402
from play.games.registry import get_engine  # noqa: E402

ENGINE = get_engine("alcatraz")
SEAT_COUNTS = (2, 3, 4)


def sample_positions(seats: int, count: int) -> list:
    """Positions from seeded random games, 10 to 60 turns in, with a prisoner move to choose."""
    positions = []
    for i in range(count):
        rng = random.Random(f"position/{seats}/{i}")
        state = ENGINE.new_game(seats=seats, options={}, rng=rng)
        for _ in range(rng.randrange(10, 60)):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
            if not ENGINE.to_act(state):
                break
        if ENGINE.to_act(state) and len(ENGINE.legal_moves(state, ENGINE.to_act(state)[0])) > 1:
            positions.append(state)
    return positions


def time_per_move(level: str, positions: list) -> float:
    total = 0.0
    for i, state in enumerate(positions):
        bot = alcatraz_bot(level, seed=i)
        seat = ENGINE.to_act(state)[0]
        start = time.perf_counter()
        bot.choose(state, seat)
        total += time.perf_counter() - start
    return total / len(positions)


def evaluation_time(positions: list, repeats: int = 20) -> float:
    """Seconds per :func:`evaluate` call, the best of ``repeats`` passes over ``positions``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for state in positions:
            evaluate(state)
        best = min(best, time.perf_counter() - start)
    return best / len(positions)


def bot_vs_random(level: str, seats: int, games: int) -> tuple[int, int, int, float]:
    """(bot wins, random wins, draws, mean turns); the bot takes each seat in turn."""
    won = lost = drawn = turns = 0
    for game in range(games):
        seed = f"bench/{level}/{seats}/{game}"
        bot_seat = game % seats
        bot = alcatraz_bot(level, seed=game)
        randoms = RandomBot(ENGINE, seed=seed)
        state = ENGINE.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
        ply = 0
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            player = bot if seat == bot_seat else randoms
            ply += 1
            state = ENGINE.play(state, seat, player.choose(state, seat), chance_for(seed, ply))
        result = ENGINE.outcome(state)
        turns += state.turn
        if result.draw:
            drawn += 1
        elif result.winners == (bot_seat,):
            won += 1
        else:
            lost += 1
    return won, lost, drawn, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="bot-vs-random games per cell")
    parser.add_argument("--levels", default=",".join(ALCATRAZ_LEVELS))
    parser.add_argument("--seconds", type=float, default=3.0, help="per playout measurement")
    parser.add_argument("--positions", type=int, default=8, help="positions per timing")
    args = parser.parse_args()
    levels = args.levels.split(",")

    print(f"Random playouts (whole games; turn limit {DEFAULT_TURN_LIMIT} turns = draw)")
    for seats in SEAT_COUNTS:
        games, plies, finished, elapsed = random_playouts(ENGINE, seats, args.seconds)
        print(
            f"  {seats} players: {games / elapsed:7.2f} playouts/s  {plies / elapsed:8.0f} plies/s"
            f"  ({finished}/{games} reached a winner)"
        )

    print("Evaluation time (the bots' cost per position searched; best of 20 passes)")
    for seats in SEAT_COUNTS:
        micros = evaluation_time(sample_positions(seats, 200)) * 1e6
        print(f"  {seats} players: {micros:6.1f} µs per position")

    print("Bot time per move (mean over sampled positions)")
    for seats in SEAT_COUNTS:
        positions = sample_positions(seats, args.positions)
        cells = [f"{level} {time_per_move(level, positions) * 1000:7.1f} ms" for level in levels]
        print(f"  {seats} players: " + "   ".join(cells))

    print(f"Bot vs random players ({args.games} seeded games each; bot seat rotates)")
    for level in levels:
        for seats in SEAT_COUNTS:
            start = time.perf_counter()
            won, lost, drawn, turns = bot_vs_random(level, seats, args.games)
            print(
                f"  {level:12s} {seats} players: bot {won}  random {lost}  draws {drawn}"
                f"  (mean {turns:.0f} turns, {time.perf_counter() - start:.1f} s)"
            )


if __name__ == "__main__":
    main()
