"""Bataclan figures: playouts per second, bot times and win rates.

    python bench/bataclan_bench.py [--games N] [--levels beginner,strong] [--seats 2,3]

(The fall calibration table — timing spreads, steadiness, falls — is
``bench/bataclan_calibration.py``, the one quoted in ``physics.py``.)

* Random playouts: whole games of uniformly random legal moves, per second.
* Bot time per move (mean, max) on positions from seeded games.
* Results at every seat count: one bot against random players, intermediate and strong against
  one-ply players, strong against intermediate players. "Ahead" counts, over every (bot, reference)
  pair at a table, how often the bot finishes ahead (places are the outcome's ranking groups;
  sharing a place is half). The bot's seat rotates.

Reference players: "random" plays a uniformly random legal move (so its steadiness is uniform on the
grid); "one-ply" plays the move with the best expected evaluation one move ahead (``GAME.evaluate``
over ``ONE_PLY_SAMPLES`` draws of the dice and the pile), its hand being ``REFERENCE_HAND`` — the
steadiness is the hand's, not a choice, as for a person.

Single process, seeded: the counts are reproducible, the timings depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.playouts import random_playouts  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")

import django  # noqa: E402

django.setup()

from play.engines.base import chance_for  # noqa: E402
from play.games.bataclan import GAME  # noqa: E402
from play.games.bataclan.bots import REFERENCE_HAND, bot_move  # noqa: E402

ENGINE = GAME.engine
SEAT_COUNTS = (2, 3, 4, 5, 6)
ONE_PLY_SAMPLES = 6
BOT_SECONDS = 1.0


class RandomPlayer:
    name = "random"

    def choose(self, state, seat, rng):
        moves = ENGINE.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


class OnePlyPlayer:
    """Best expected ``GAME.evaluate`` one move ahead; places with ``REFERENCE_HAND``."""

    name = "one-ply"

    def choose(self, state, seat, rng):
        moves = ENGINE.legal_moves(state, seat)
        if state.phase == "place":
            steadiness = REFERENCE_HAND.draw(rng)
            moves = [m for m in moves if m["type"] == "stop" or m["steadiness"] == steadiness]
        best, best_value = moves[0], None
        for move in moves:
            value = 0.0
            for _ in range(ONE_PLY_SAMPLES):
                after = ENGINE.play(state, seat, move, random.Random(rng.random()))
                value += GAME.evaluate(after)[seat]
                if move["type"] != "place":
                    value *= ONE_PLY_SAMPLES
                    break
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best


class Bot:
    def __init__(self, level):
        self.name = self.level = level
        self.times: list[float] = []

    def choose(self, state, seat, rng):
        start = time.perf_counter()
        move = bot_move(state, seat, level=self.level, rng=rng, seconds=BOT_SECONDS)
        self.times.append(time.perf_counter() - start)
        return move


def play_game(players, seed: str, options=None):
    state = ENGINE.new_game(seats=len(players), options=options or {}, rng=chance_for(seed, 0))
    pick = random.Random(f"{seed}/players")
    ply = 0
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        ply += 1
        move = players[seat].choose(state, seat, pick)
        state = ENGINE.play(state, seat, move, chance_for(seed, ply))
    return state, ENGINE.outcome(state)


def place_of(outcome, seat) -> int:
    return next(i for i, group in enumerate(outcome.ranking) if seat in group)


def match(make_bot, make_reference, seats: int, games: int, label: str):
    """(share of (bot, reference) pairs where the bot is ahead, bot wins, games, mean turns)."""
    ahead = pairs = wins = turns = 0
    for game in range(games):
        bot_seat = game % seats
        players = [make_bot() if s == bot_seat else make_reference() for s in range(seats)]
        state, outcome = play_game(players, f"bench/{label}/{seats}/{game}")
        mine = place_of(outcome, bot_seat)
        for s in range(seats):
            if s != bot_seat:
                other = place_of(outcome, s)
                ahead += 1.0 if mine < other else 0.5 if mine == other else 0.0
                pairs += 1
        wins += bot_seat in outcome.winners
        turns += state.turn
    return ahead / pairs, wins, games, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per cell")
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout measurement")
    parser.add_argument("--levels", default=",".join(GAME.bot_levels))
    parser.add_argument("--seats", default=",".join(map(str, SEAT_COUNTS)))
    parser.add_argument("--skip", default="", help="parts to skip: playouts,bots")
    args = parser.parse_args()
    levels = args.levels.split(",")
    seat_counts = [int(s) for s in args.seats.split(",")]
    skip = set(args.skip.split(","))

    if "playouts" not in skip:
        print("Random playouts (whole games)")
        for seats in seat_counts:
            games, plies, _won, elapsed = random_playouts(ENGINE, seats, args.seconds)
            per_game, per_ply = games / elapsed, plies / elapsed
            print(f"  {seats} players: {per_game:7.1f} playouts/s  {per_ply:8.0f} plies/s")

    if "bots" in skip:
        return
    print(f"Results ({args.games} seeded games a cell; the bot's seat rotates)")
    cells = [("beginner", RandomPlayer), ("intermediate", OnePlyPlayer), ("strong", OnePlyPlayer)]
    cells.append(("strong", lambda: Bot("intermediate")))
    bots_used = {}
    for level, reference in cells:
        if level not in levels:
            continue
        for seats in seat_counts:
            start = time.perf_counter()
            bot = bots_used.setdefault(level, Bot(level))
            ref_name = reference().name
            ahead, wins, games, turns = match(
                lambda b=bot: b, reference, seats, args.games, f"{level}-{ref_name}"
            )
            elapsed = time.perf_counter() - start
            print(
                f"  {level:12s} vs {ref_name:12s} {seats} players: ahead {ahead:6.1%}"
                f"  wins {wins}/{games}  (mean {turns:.0f} turns, {elapsed:.0f} s)"
            )
    print("Bot time per move (over the games above)")
    for level, bot in bots_used.items():
        if bot.times:
            mean = statistics.mean(bot.times) * 1000
            print(f"  {level:12s} mean {mean:6.1f} ms  max {max(bot.times) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
