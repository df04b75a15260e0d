"""Pow Wow figures: random playouts per second, the belief's reading time, bot time per move,
bots' results at the table.

    python bench/powwow_bench.py [--games N] [--seats 3,5] [--levels beginner,intermediate,strong]
                                 [--against random,oneply,intermediate] [--timing-moves N]
                                 [--belief-games N]

The belief's reading time is that of the strong level's posterior at every position of random
games (the record read on from the previous position, as during a game), and of the last
record read at once (a new process).

A table is one bot of the level and ``seats - 1`` reference players (uniform random, or the
one-ply player: the move whose result the evaluation likes best, chance and unseen cards averaged
over redeals, never peeking). The bot's seat rotates. Reported per pairing: the bot's wins, the
reference seats' wins, nobody (two players: the card was in the neutral pile), the bot's win
share against the chance share ``1/seats``, and "ahead": over every (bot, reference seat) pair
of every game, how often the bot finished ahead (it won) rather than behind (that seat won).
Single process, seeded: counts are reproducible, timings depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.playouts import random_playouts, random_walk  # noqa: E402
from play.engines.base import chance_for  # noqa: E402
from play.games.powwow import belief  # noqa: E402
from play.games.powwow.bots import ENGINE, bot_move, evaluate  # noqa: E402

ONE_PLY_SAMPLES = 4  # redeals averaged per move by the one-ply player
BOT_SECONDS = 2.0  # the request budget a site would give


def one_ply_move(state, seat: int, rng: random.Random) -> dict:
    moves = ENGINE.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    best, best_value = moves[0], -1.0
    for move in moves:
        samples = ONE_PLY_SAMPLES if move["type"] in ("swap", "reroll") else 1
        total = 0.0
        for _ in range(samples):
            world = ENGINE.redeal_hidden(state, seat, rng)
            total += evaluate(ENGINE.play(world, seat, move, rng))[seat]
        if total / samples > best_value:
            best, best_value = move, total / samples
    return best


def choose(player: str, state, seat: int, rng: random.Random) -> dict:
    if player == "random":
        moves = ENGINE.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]
    if player == "oneply":
        return one_ply_move(state, seat, rng)
    return bot_move(state, seat, level=player, rng=rng, seconds=BOT_SECONDS)


def play_game(players: list[str], seed: str, times: dict[str, list[float]]) -> tuple:
    state = ENGINE.new_game(seats=len(players), options={}, rng=chance_for(seed, 0))
    rng = random.Random(seed)
    ply = 0
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        start = time.perf_counter()
        move = choose(players[seat], state, seat, rng)
        if len(ENGINE.legal_moves(state, seat)) > 1:
            times.setdefault(players[seat], []).append(time.perf_counter() - start)
        ply += 1
        state = ENGINE.play(state, seat, move, chance_for(seed, ply))
    return ENGINE.outcome(state).winners


def table(level: str, against: str, seats: int, games: int, times) -> dict[str, float]:
    bot_wins = ref_wins = nobody = ahead = behind = 0
    for g in range(games):
        bot_seat = g % seats
        players = [level if s == bot_seat else against for s in range(seats)]
        winners = play_game(players, f"bench/{level}/{against}/{seats}/{g}", times)
        if not winners:
            nobody += 1
        elif bot_seat in winners:
            bot_wins += 1
            ahead += seats - 1
        else:
            ref_wins += 1
            behind += 1
    return {
        "bot": bot_wins,
        "refs": ref_wins,
        "nobody": nobody,
        "share": bot_wins / games,
        "ahead": ahead / max(1, ahead + behind),
    }


def belief_timing(seats: int, games: int) -> None:
    times = []
    state = seat = None
    for g in range(games):
        for state, seat in random_walk(ENGINE, seats, f"bench/belief/{seats}/{g}", 400):
            start = time.perf_counter()
            belief.posterior(state, seat)
            times.append(time.perf_counter() - start)
    belief.forget()
    start = time.perf_counter()
    belief.posterior(state, (seat + 1) % seats)
    cold = time.perf_counter() - start
    swaps = sum(entry[0] == "swap" for entry in state.history)
    print(
        f"  {seats} players: {len(belief.table(seats).deals):6d} deals, mean"
        f" {statistics.mean(times) * 1000:6.1f} ms, max {max(times) * 1000:6.1f} ms over"
        f" {len(times)} positions; a {len(state.history)}-entry record ({swaps} swaps) read at"
        f" once {cold * 1000:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seats", default="3,5")
    parser.add_argument("--levels", default="beginner,intermediate,strong")
    parser.add_argument("--against", default="random,oneply")
    parser.add_argument("--timing-moves", type=int, default=0, help="extra timing only")
    parser.add_argument("--playout-seconds", type=float, default=2.0)
    parser.add_argument("--belief-games", type=int, default=3)
    args = parser.parse_args()
    seat_counts = [int(s) for s in args.seats.split(",")]
    print("Random playouts (whole games):")
    for seats in (2, 3, 4, 5, 6):
        games, plies, _won, elapsed = random_playouts(ENGINE, seats, args.playout_seconds / 5)
        print(
            f"  {seats} players: {games / elapsed:8.0f} games/s, {plies / elapsed:9.0f} plies/s, "
            f"{plies / games:5.1f} plies a game"
        )
    print("\nThe strong level's belief: posterior per position of random games:")
    for seats in (2, 3, 4, 5, 6):
        belief_timing(seats, args.belief_games)
    times: dict[str, list[float]] = {}
    print(f"\nBot at the table ({args.games} games per line, bot seat rotating):")
    for seats in seat_counts:
        for level in args.levels.split(","):
            for against in args.against.split(","):
                if against == level:
                    continue
                r = table(level, against, seats, args.games, times)
                print(
                    f"  {seats} players  {level:>12} vs {seats - 1} x {against:<12}"
                    f" bot won {r['bot']:3d}, others {r['refs']:3d}, nobody {r['nobody']:3d}"
                    f"  share {r['share']:.0%} (chance {1 / seats:.0%})  ahead {r['ahead']:.0%}"
                )
    print("\nTime per move (moves with a choice):")
    for player, values in sorted(times.items()):
        print(
            f"  {player:>12}: mean {statistics.mean(values) * 1000:7.1f} ms,"
            f" max {max(values) * 1000:7.1f} ms over {len(values)} moves"
        )


if __name__ == "__main__":
    main()
