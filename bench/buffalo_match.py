"""Buffalo matches: our bot levels against Fairy-Stockfish at fixed times a move, both sides.

    .venv/bin/python bench/buffalo_match.py --levels strong --fairy 30 --games 6
    .venv/bin/python bench/buffalo_match.py --levels expert --fairy 100,1000 --games 20
    .venv/bin/python bench/buffalo_match.py --levels strong --opponent intermediate,one-ply

Each pairing plays ``--games`` games with our level as the buffalo and as many as the Indians;
game i of each side starts after the same two seeded random plies (``--opening-plies``), so both
sides see the same openings. Prints wins, the score with a 95 % Wilson interval, and our bot's
mean and longest time a move. Fairy-Stockfish is installed on first use (arena/fairy_stockfish.py).

Figures measured with it (2026-12-01): ``docs/bots.md`` (Prairie / Buffalo).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from play.games.buffalo.engine import BuffaloEngine  # noqa: E402
from play.games.buffalo.game import GAME  # noqa: E402

ENGINE = BuffaloEngine()


class LevelPlayer:
    """A level of the Buffalo package through ``GAME.bot_move`` (what the web app plays)."""

    def __init__(self, level: str, seconds: float):
        self.level, self.seconds = level, seconds
        self.name = level
        self.times: list[float] = []

    def choose(self, state, seat, rng):
        began = time.perf_counter()
        move = GAME.bot_move(state, seat, level=self.level, rng=rng, seconds=self.seconds)
        self.times.append(time.perf_counter() - began)
        return move


class RandomPlayer:
    name = "random"

    def choose(self, state, seat, rng):
        return rng.choice(ENGINE.legal_moves(state, seat))


class OnePlyPlayer:
    """The best move by ``GAME.evaluate`` one ply ahead (seeded tie-breaks)."""

    name = "one-ply"

    def choose(self, state, seat, rng):
        scored = []
        for move in ENGINE.legal_moves(state, seat):
            scored.append((GAME.evaluate(ENGINE.play(state, seat, move, rng))[seat], move))
        best = max(score for score, _ in scored)
        return rng.choice([move for score, move in scored if score == best])


REFERENCE = {"random": RandomPlayer, "one-ply": OnePlyPlayer}


def opening(plies: int, seed: int):
    rng = random.Random(seed)
    state = ENGINE.new_game(seats=2, options={}, rng=rng)
    for _ in range(plies):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    return state


def play(players, state, rng) -> int:
    """Plays to the end; the winning seat (seat 0 holds the buffalo)."""
    for player in players:
        getattr(player, "reset", lambda: None)()
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.play(state, seat, players[seat].choose(state, seat, rng), rng)
    return ENGINE.outcome(state).winners[0]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def pairing(ours: LevelPlayer, other, games: int, plies: int, seed: int) -> None:
    wins = [0, 0]
    for side in (0, 1):
        for game in range(games):
            players = [ours, other] if side == 0 else [other, ours]
            rng = random.Random(f"{seed}-{game}")
            won = play(players, opening(plies, seed * 1000 + game), rng) == side
            wins[side] += won
            print(
                f"  {ours.name} as {('buffalo', 'Indians')[side]}, game {game}: "
                f"{'won' if won else 'lost'}",
                file=sys.stderr,
                flush=True,
            )
    total = wins[0] + wins[1]
    low, high = wilson(total, 2 * games)
    times = ours.times or [0.0]
    print(
        f"{ours.name:>12} vs {other.name:<22} buffalo {wins[0]:>2}/{games}  Indians "
        f"{wins[1]:>2}/{games}  score {total / (2 * games):4.0%} [{low:.0%}–{high:.0%}]  "
        f"time/move mean {sum(times) / len(times):.2f} s max {max(times):.2f} s",
        flush=True,
    )
    ours.times.clear()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="strong", help="our levels, comma-separated")
    parser.add_argument("--fairy", default="", help="Fairy-Stockfish ms a move, e.g. 30,100")
    parser.add_argument(
        "--opponent", default="", help="our levels, random or one-ply as opponents (or as well)"
    )
    parser.add_argument("--games", type=int, default=6, help="games per side and pairing")
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0, help="budget given to bot_move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    opponents = [
        REFERENCE[name]() if name in REFERENCE else LevelPlayer(name, args.seconds)
        for name in args.opponent.split(",")
        if name
    ]
    if args.fairy:
        from arena.fairy_stockfish import FairyStockfish

        opponents += [FairyStockfish(int(ms)) for ms in args.fairy.split(",")]
    try:
        for level in args.levels.split(","):
            for opponent in opponents:
                pairing(
                    LevelPlayer(level, args.seconds),
                    opponent,
                    args.games,
                    args.opening_plies,
                    args.seed,
                )
    finally:
        for opponent in opponents:
            getattr(opponent, "close", lambda: None)()


if __name__ == "__main__":
    main()
