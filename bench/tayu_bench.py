"""Ta Yü figures: placement enumeration on a crowded board, random playouts, bot time, win rates.

    nice -n 19 python bench/tayu_bench.py [--games N] [--levels beginner,intermediate,strong]
        [--seats 2,3,4] [--opponents random,oneply,intermediate] [--seconds S]

Win rates: the bot plays against reference players at the same table (2 players: one seat each,
alternating who starts; 3 players: the bot in one seat, rotating, against two references; 4
players: the bot's team against a team of references). "Won" counts games the bot (its team)
is among the winners; with 3 players a random seat would win about a third of the time.
Seeded: the counts are reproducible, the timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.playouts import random_playouts  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")

import django  # noqa: E402

django.setup()

from play.games.tayu import bots  # noqa: E402
from play.games.tayu.engine import TaYuEngine  # noqa: E402
from play.games.tayu.moves import frontier, placements  # noqa: E402
from play.games.tayu.tiles import KINDS  # noqa: E402

ENGINE = TaYuEngine()
BOT_SECONDS = 1.0  # the play budget a request gives a bot


def crowded_positions(count: int, tiles: int) -> list:
    """Positions of seeded random games with at least ``tiles`` tiles down (draw phase)."""
    found, seed = [], 0
    while len(found) < count:
        rng = random.Random(f"crowded/{seed}")
        seed += 1
        state = ENGINE.new_game(seats=2, options={}, rng=rng)
        while ENGINE.to_act(state) and len(state.tiles) < tiles:
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
        if ENGINE.to_act(state) and state.phase == "draw":
            found.append(state)
    return found


def enumeration(positions: list) -> tuple[float, float, float, float]:
    """(µs per kind enumerated, µs per legal_moves of a drawn tile, mean tiles, mean ends)."""
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        for state in positions:
            for kind in range(len(KINDS)):
                placements(state, kind)
    per_kind = (time.perf_counter() - start) / (rounds * len(positions) * len(KINDS))
    drawn = [
        ENGINE.play(s, s.to_move, {"type": "draw", "stack": 0}, random.Random(0)) for s in positions
    ]
    drawn = [s for s in drawn if s.phase == "place"]
    start = time.perf_counter()
    for _ in range(rounds):
        for state in drawn:
            ENGINE.legal_moves(state, state.to_move)
    per_call = (time.perf_counter() - start) / (rounds * max(1, len(drawn)))
    tiles = sum(len(s.tiles) for s in positions) / len(positions)
    ends = sum(len(frontier(s)) for s in positions) / len(positions)
    return per_kind * 1e6, per_call * 1e6, tiles, ends


def valuation(positions: list) -> tuple[float, float]:
    """(µs per placement valued by the search's nodes, µs by playing it and ``evaluate``)."""
    from play.games.tayu.search import Node

    drawn = [
        ENGINE.play(s, s.to_move, {"type": "draw", "stack": 0}, random.Random(0)) for s in positions
    ]
    drawn = [s for s in drawn if s.phase == "place"]
    count, start = 0, time.perf_counter()
    for state in drawn:
        searcher, node = bots.searcher_for(state), Node.of(state)
        for option in searcher.options(node, list(state.held[state.to_move])):
            searcher.leaf(node, option, searcher.supply_left)
            count += 1
    fast = (time.perf_counter() - start) / max(1, count)
    count, start = 0, time.perf_counter()
    for state in drawn:
        for move in ENGINE.legal_moves(state, state.to_move):
            bots.evaluate(ENGINE.play(state, state.to_move, move, random.Random(0)))
            count += 1
    slow = (time.perf_counter() - start) / max(1, count)
    return fast * 1e6, slow * 1e6


def player(name: str):
    if name == "random":
        return bots.random_move
    if name == "oneply":
        return bots.one_ply_move
    return lambda state, seat, rng: bots.bot_move(
        state, seat, level=name, rng=rng, seconds=BOT_SECONDS
    )


def match(level: str, opponent: str, seats: int, games: int) -> tuple[int, int, list[float]]:
    """(games the bot's side won, draws, the bot's move times)."""
    bot, other = player(level), player(opponent)
    won = drawn = 0
    times: list[float] = []
    for game in range(games):
        rng = random.Random(f"bench/{level}/{opponent}/{seats}/{game}")
        if seats == 4:
            mine = {game % 2, game % 2 + 2}
        else:
            mine = {game % seats}
        state = ENGINE.new_game(seats=seats, options={}, rng=rng)
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            start = time.perf_counter()
            move = (bot if seat in mine else other)(state, seat, rng)
            if seat in mine:
                times.append(time.perf_counter() - start)
            state = ENGINE.play(state, seat, move, rng)
        outcome = ENGINE.outcome(state)
        if outcome.draw:
            drawn += 1
        elif mine & set(outcome.winners):
            won += 1
    return won, drawn, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per cell")
    parser.add_argument("--levels", default=",".join(bots.LEVELS))
    parser.add_argument("--seats", default="2,3,4")
    parser.add_argument("--opponents", default="random,oneply,intermediate")
    parser.add_argument("--seconds", type=float, default=3.0, help="per playout measurement")
    args = parser.parse_args()
    seat_counts = [int(s) for s in args.seats.split(",")]

    positions = crowded_positions(8, 60)
    per_kind, per_call, tiles, ends = enumeration(positions)
    print(f"Legal placements on a crowded board ({tiles:.0f} tiles down, {ends:.0f} open ends):")
    print(f"  {per_kind:7.1f} µs per tile kind   {per_call:7.1f} µs per legal_moves (drawn tile)")

    fast, slow = valuation(positions)
    print(
        f"  {fast:7.1f} µs per placement valued by the search   {slow:7.1f} µs played and evaluated"
    )

    print("Random playouts (whole games, to a tile that fits nowhere)")
    for seats in seat_counts:
        games, plies, _won, elapsed = random_playouts(ENGINE, seats, args.seconds)
        print(
            f"  {seats} players: {games / elapsed:7.1f} playouts/s  {plies / elapsed:8.0f} plies/s"
        )

    print(f"Bots against reference players ({args.games} seeded games per cell)")
    for level in args.levels.split(","):
        for opponent in args.opponents.split(","):
            if opponent == level:
                continue
            for seats in seat_counts:
                won, drawn, times = match(level, opponent, seats, args.games)
                times = times or [0.0]  # --games 0: no move was timed
                mean = sum(times) / len(times) * 1000
                print(
                    f"  {level:12s} vs {opponent:12s} {seats} players: won {won:3d}/{args.games}"
                    f"  draws {drawn:2d}   time per move mean {mean:6.1f} ms"
                    f"  max {max(times) * 1000:6.1f} ms"
                )


if __name__ == "__main__":
    main()
