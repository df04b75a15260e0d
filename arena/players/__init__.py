"""The arena's players: the game's own bot levels, the reference players (``random``,
``greedy``, ``oneply``) and a game's extras (``arena/players/<slug>.py``: ``extra_players(args)``,
with ``add_arguments(parser)`` for its flags)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib import import_module
from typing import Any, Protocol

REFERENCE_PLAYERS = ("random", "greedy", "oneply")
DEFAULT_SECONDS = (
    2.0  # a bot worker's thinking time a move (PLAY_BOT_MOVE_SECONDS); levels cap their own
)


class Player(Protocol):
    name: str

    def choose(self, state: Any, seat: int, rng: random.Random) -> dict: ...


class BotPlayer:
    """The game's own bot at ``level``, given ``seconds`` a move."""

    def __init__(self, game, level: str, seconds: float = DEFAULT_SECONDS):
        self.game, self.level, self.seconds, self.name = game, level, seconds, level

    def choose(self, state, seat, rng):
        moves = self.game.engine.legal_moves(state, seat)
        if len(moves) == 1:  # the site plays forced moves without asking the bot
            return moves[0]
        return self.game.bot_move(state, seat, level=self.level, rng=rng, seconds=self.seconds)


class RandomPlayer:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, game):
        self.game = game

    def choose(self, state, seat, rng):
        moves = self.game.engine.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


class _OneMoveAhead:
    """Tries every legal move once (from a redeal of what ``seat`` cannot see) and keeps the best
    by ``score``; ties broken at random."""

    name = ""

    def __init__(self, game):
        self.game = game

    def score(self, before, after, seat) -> float:
        raise NotImplementedError

    def choose(self, state, seat, rng):
        engine = self.game.engine
        moves = engine.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        redeal = getattr(engine, "redeal_hidden", None)
        seen = redeal(state, seat, rng) if redeal else state
        best, choices = None, []
        for move in moves:
            after = engine.play(seen, seat, move, random.Random(rng.random()))
            value = self.score(seen, after, seat)
            if best is None or value > best:
                best, choices = value, [move]
            elif value == best:
                choices.append(move)
        return choices[rng.randrange(len(choices))]


class GreedyPlayer(_OneMoveAhead):
    """The move with the largest immediate gain (``game.gain``)."""

    name = "greedy"

    def score(self, before, after, seat):
        return self.game.gain(before, after, seat)


class OneplyPlayer(_OneMoveAhead):
    """The move after which the game's own evaluation rates ``seat`` best."""

    name = "oneply"

    def score(self, before, after, seat):
        return self.game.evaluate(after)[seat]


def extra_players(game, args) -> list[Player]:
    """Players from ``arena/players/<slug>.py``, if the game has such a module."""
    module = extra_module(game)
    return list(module.extra_players(args)) if module else []


def extra_module(game):
    try:
        return import_module(f"arena.players.{game.slug}")
    except ModuleNotFoundError as error:
        if error.name != f"arena.players.{game.slug}":
            raise
        return None


def build_players(game, names: Sequence[str] | None, args) -> dict[str, Player]:
    """The players named (default: the reference players, every bot level, the extras)."""
    extras = {p.name: p for p in extra_players(game, args)}
    seconds = getattr(args, "max_seconds", DEFAULT_SECONDS)
    if not names:
        names = [*REFERENCE_PLAYERS, *game.bot_levels, *extras]
    builders = {"random": RandomPlayer, "greedy": GreedyPlayer, "oneply": OneplyPlayer}
    roster: dict[str, Player] = {}
    for name in names:
        if name in extras:
            roster[name] = extras[name]
        elif name in builders:
            roster[name] = builders[name](game)
        elif name in game.bot_levels:
            roster[name] = BotPlayer(game, name, seconds)
        else:
            known = [*builders, *game.bot_levels, *extras]
            raise SystemExit(f"Unknown player {name!r} for {game.slug}: one of {', '.join(known)}")
    return roster
