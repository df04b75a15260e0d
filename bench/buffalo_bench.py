"""Prairie / Buffalo figures: random playouts per second, perft timings, bot speed and matches.

    .venv/bin/python bench/buffalo_bench.py                       # everything, quick settings
    .venv/bin/python bench/buffalo_bench.py --playouts 20000 --perft-depth 5
    .venv/bin/python bench/buffalo_bench.py --games 10 --bot-seconds 1   # the "strong" level
    .venv/bin/python bench/buffalo_bench.py --playouts 0 --perft-depth 0 --games 0  # search only

Single process, seeded. A playout is uniformly random legal moves from the start position to the
end of the game (``buffalo_board.random_playout``). The match plays the alpha-beta bot against
the random and the greedy players, N games with each side; with ``--bot-nodes`` (the default)
the bot is deterministic, with ``--bot-seconds`` it plays the time-limited "strong" level.
The search figures compare the compiled search (``_search*.c``) with the pure-Python one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from play.games.buffalo import board as bb  # noqa: E402
from play.games.buffalo import bots  # noqa: E402
from play.games.buffalo.bots import AlphaBetaBot, GreedyBot, RandomBot  # noqa: E402
from play.games.buffalo.engine import BuffaloEngine, perft  # noqa: E402

ENGINE = BuffaloEngine()


def start():
    return ENGINE.new_game(seats=2, options={}, rng=None)


def bench_playouts(count: int, seed: int) -> None:
    state = start()
    rng = random.Random(seed)
    wins = [0, 0]
    plies = 0
    began = time.perf_counter()
    for _ in range(count):
        winner, *_, length = bb.random_playout(
            state.buffalo, state.dogs, state.chief, bb.BUFFALO_SIDE, rng
        )
        wins[winner] += 1
        plies += length
    spent = time.perf_counter() - began
    print(
        f"random playouts: {count / spent:,.0f} /s ({count:,} in {spent:.2f} s, "
        f"{plies / count:.1f} moves on average; buffalo {wins[0]}, Indians {wins[1]})"
    )


def bench_perft(depth: int) -> None:
    for d in range(1, depth + 1):
        began = time.perf_counter()
        count = perft(start(), d)
        print(f"perft({d}) = {count:>10,}  {time.perf_counter() - began:7.3f} s")


def bench_bot(seconds: float) -> None:
    """Nodes per second and depth reached in ``seconds``, compiled and pure-Python searches."""
    positions = {"start": start()}
    mid = start()
    for ply in range(1, 33):  # quiet middle games: a short bot-vs-bot opening
        mid = mid.child(AlphaBetaBot(max_nodes=2_000).choose_int(mid))
        if ply in (16, 24, 32):
            positions[f"after {ply} bot moves"] = mid
    paths = {"compiled": True, "Python": False} if bots.COMPILED else {"Python": False}
    if not bots.COMPILED:
        print("compiled search: not built (or BUFFALO_PURE_PYTHON set)")
    for name, state in positions.items():
        for path, use_compiled in paths.items():
            bots.COMPILED = use_compiled
            began = time.perf_counter()
            result = AlphaBetaBot(max_seconds=seconds).search(state)
            spent = time.perf_counter() - began
            print(
                f"alpha-beta {seconds:g} s, {path:>8}, {name}: {result.nodes / spent:,.0f} nodes/s "
                f"({result.nodes:,} nodes, depth {result.depth}, score {result.score})",
                flush=True,
            )
    bots.COMPILED = "compiled" in paths


def bench_match(games: int, nodes: int | None, seconds: float | None) -> None:
    def bot():
        return AlphaBetaBot(max_nodes=nodes, max_seconds=seconds)

    label = f"{nodes:,} nodes/move" if nodes else f"{seconds:g} s/move"
    for name, opponent in (("random", RandomBot), ("greedy", GreedyBot)):
        for bot_seat in (0, 1):
            wins = 0
            began = time.perf_counter()
            for game in range(games):
                players = {bot_seat: bot(), 1 - bot_seat: opponent(game)}
                state = start()
                while ENGINE.to_act(state):
                    seat = ENGINE.to_act(state)[0]
                    state = state.child(players[seat].choose_int(state))
                wins += ENGINE.outcome(state).winners == (bot_seat,)
            side = "buffalo" if bot_seat == 0 else "Indians"
            print(
                f"alpha-beta ({label}) with the {side} vs {name}: won {wins}/{games} "
                f"({time.perf_counter() - began:.1f} s)",
                flush=True,
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--perft-depth", type=int, default=4)
    parser.add_argument(
        "--search-seconds", type=float, default=1.8, help="for nodes/s and depth (expert: 1.8)"
    )
    parser.add_argument("--games", type=int, default=4, help="match games per side and opponent")
    parser.add_argument("--bot-nodes", type=int, default=20_000)
    parser.add_argument("--bot-seconds", type=float, default=None, help="instead of --bot-nodes")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, one process")
    if args.playouts:
        bench_playouts(args.playouts, args.seed)
    bench_perft(args.perft_depth)
    bench_bot(args.search_seconds)
    if args.games:
        nodes = None if args.bot_seconds else args.bot_nodes
        bench_match(args.games, nodes, args.bot_seconds)


if __name__ == "__main__":
    main()
