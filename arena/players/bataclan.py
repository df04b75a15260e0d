"""Bataclan's arena players: one hand for everybody, and an oracle that sees the dice and the pile.

``--hand 0.7`` (or ``0.7:0.15``, mean and spread of the clipped normal law): every player places
with that steadiness law, reference players and levels alike, so that a result measures
decisions, not hands. ``greedy`` and ``oneply`` then choose among the legal moves with the
steadiness drawn for this move; ``random`` makes the same choice as without ``--hand`` (uniform
over every legal move, so it rarely stops) and places with the hand's steadiness. Without
``--hand`` the reference players choose among every legal move, whose steadiness runs over the
whole grid (a uniform hand of mean 0.5), and the levels place with their own (``bots.HANDS``).

``--oracle`` adds ``oracle``: it knows the seeded chance of the coming move (which the arena
draws with ``chance_for(seed, ply)``), so it never makes the pile fall when a die fits without a
fall, stops when every die would topple it, and keeps the dice whose roll really comes out best.
An upper bound of what decisions can achieve with that hand; for benches only, never a level.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter

from arena.players import GreedyPlayer, OneplyPlayer, RandomPlayer
from play.engines import base
from play.games.bataclan import physics

_real_chance_for = base.chance_for
MAX_KEEP_SETS = 512  # keep sets the oracle tries (every one, for the hands of 3+ players)
_last: list = [None, 0]  # (seed, ply) of the arena's last chance_for call


def _tracking_chance_for(seed: str, ply: int) -> random.Random:
    _last[0], _last[1] = seed, ply
    return _real_chance_for(seed, ply)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hand",
        help="MEAN[:SPREAD]: every player places with this steadiness law (compares decisions)",
    )
    parser.add_argument(
        "--oracle", action="store_true", help="add the 'oracle' player (sees the seeded chance)"
    )
    parser.add_argument(
        "--oracle-hand", help="MEAN[:SPREAD]: the oracle's hand (default --hand, else 0.7:0.15)"
    )


def _hand(text: str):
    from play.games.bataclan.bots import Hand

    mean, _, spread = text.partition(":")
    return Hand(float(mean), float(spread) if spread else 0.0)


def extra_players(args) -> list:
    from play.games.bataclan import GAME

    hand = _hand(args.hand) if getattr(args, "hand", None) else None
    players: list = []
    if hand is not None:
        players.append(RandomWithHand(hand))
        for reference in (GreedyPlayer, OneplyPlayer):
            players.append(SameHand(reference, hand))
        players += [LevelWithHand(level, hand, args.max_seconds) for level in GAME.bot_levels]
    if getattr(args, "oracle", False):
        base.chance_for = _tracking_chance_for  # the arena imports it at each game
        own = getattr(args, "oracle_hand", None)
        players.append(Oracle(_hand(own) if own else hand))
    return players


class _HandEngine:
    """The engine, but a placement's steadiness is the one drawn for this move."""

    def __init__(self, engine):
        self._engine, self.steadiness = engine, None

    def legal_moves(self, state, seat):
        moves = self._engine.legal_moves(state, seat)
        if self.steadiness is None:
            return moves
        return [m for m in moves if m["type"] != "place" or m["steadiness"] == self.steadiness]

    def __getattr__(self, name):
        return getattr(self._engine, name)


class _HandGame:
    def __init__(self, game):
        self._game, self.engine = game, _HandEngine(game.engine)

    def __getattr__(self, name):
        return getattr(self._game, name)


class SameHand:
    """A reference player whose placements use ``hand``."""

    def __init__(self, reference, hand):
        from play.games.bataclan import GAME

        self.hand, self.game = hand, _HandGame(GAME)
        self.inner = reference(self.game)
        self.name = self.inner.name

    def choose(self, state, seat, rng):
        engine = self.game.engine
        engine.steadiness = self.hand.draw(rng) if state.phase == "place" else None
        try:
            return self.inner.choose(state, seat, rng)
        finally:
            engine.steadiness = None


class RandomWithHand:
    """The arena's random player (uniform over every legal move, whose placements run over the
    whole steadiness grid), its placement then made with ``hand``: the same decisions, the same
    hand as everybody."""

    name = "random"

    def __init__(self, hand):
        from play.games.bataclan import GAME

        self.hand, self.inner = hand, RandomPlayer(GAME)

    def choose(self, state, seat, rng):
        move = self.inner.choose(state, seat, rng)
        if move["type"] == "place":
            move = {**move, "steadiness": self.hand.draw(rng)}
        return move


class LevelWithHand:
    """A level's head placing with ``hand`` instead of its own."""

    def __init__(self, level, hand, seconds):
        self.name, self.hand, self.seconds = level, hand, seconds

    def choose(self, state, seat, rng):
        from play.games.bataclan.bots import ENGINE, head_move

        moves = ENGINE.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        return head_move(
            state, seat, level=self.name, rng=rng, seconds=self.seconds, hand=self.hand
        )


class Oracle:
    """Sees the chance of the coming move: an upper bound, never a level (see the docstring)."""

    name = "oracle"

    def __init__(self, hand):
        from play.games.bataclan.bots import REFERENCE_HAND

        self.hand = hand or REFERENCE_HAND

    def _chance(self, ahead: int = 1) -> random.Random:
        return _real_chance_for(_last[0], _last[1] + ahead)

    def choose(self, state, seat, rng):
        from play.games.bataclan.bots import ENGINE

        if state.phase == "roll":
            return self._keep(state, seat, ENGINE)
        return self._best_placement(state, seat, ENGINE, self.hand.draw(rng))[0]

    def _keep(self, state, seat, engine):
        """Plan the whole turn with the real chance: every keep set, the roll it gets, then
        placements while a die fits without a fall; the keeps of the plan that sheds most."""
        hand, kept = state.hands[seat], state.kept
        if kept:
            return self._next_keep(state, seat, engine, self._wanted)
        groups = Counter(tuple(d) for d in hand if d[1] is not None)
        choices = [range(n + 1) for n in groups.values()]
        best, best_value = Counter(), None
        if any(m["type"] == "keep" for m in engine.legal_moves(state, seat)):
            options = itertools.islice(itertools.product(*choices), MAX_KEEP_SETS)
        else:
            options = [tuple(0 for _ in groups)]
        for counts in options:
            if sum(counts) >= len(hand):
                continue
            wanted = Counter({d: n for d, n in zip(groups, counts, strict=True) if n})
            value = self._turn_value(state, seat, engine, wanted)
            if best_value is None or value > best_value:
                best, best_value = wanted, value
        self._wanted = best
        return self._next_keep(state, seat, engine, best)

    def _turn_value(self, state, seat, engine, wanted) -> float:
        start = len(state.hands[seat]) + len(state.kept)
        probe, ahead = state, 1
        for die in wanted.elements():
            probe = engine.play(probe, seat, {"type": "keep", "die": _index(probe, seat, die)},
                                self._chance(ahead))  # fmt: skip
            ahead += 1
        probe = engine.play(probe, seat, {"type": "roll"}, self._chance(ahead))
        while probe.phase == "place" and probe.to_move == seat:
            ahead += 1
            steadiness = self.hand.draw(random.Random(f"{_last[0]}/{seat}/{_last[1] + ahead}"))
            move, after = self._best_placement(probe, seat, engine, steadiness, ahead)
            probe = after
            if move["type"] == "stop":
                break
        if seat in probe.finished:
            return 100.0
        return float(start - len(probe.hands[seat]) - len(probe.kept))

    def _best_placement(self, state, seat, engine, steadiness, ahead=1):
        best = None
        for move in engine.legal_moves(state, seat):
            if move["type"] == "place" and move["steadiness"] != steadiness:
                continue
            after = engine.play(state, seat, move, self._chance(ahead))
            if move["type"] == "stop":
                value = -0.5  # better than any fall, worse than a die placed safely
            else:
                lost = len(after.hands[seat]) - len(state.hands[seat])
                fell = lost >= 0 and seat not in after.finished
                size = state.hands[seat][move["die"]][0]
                value = -1.0 - lost if fell else 1.0 + physics.SIZE_ORDER.index(size)
                if seat in after.finished:
                    value = 100.0
            if best is None or value > best[0]:
                best = (value, move, after)
        return best[1], best[2]

    @staticmethod
    def _next_keep(state, seat, engine, wanted):
        left = Counter(wanted) - Counter(tuple(d) for d in state.kept)
        for move in engine.legal_moves(state, seat):
            if move["type"] == "keep" and left[tuple(state.hands[seat][move["die"]])] > 0:
                return move
        return {"type": "roll"}


def _index(state, seat, die) -> int:
    return state.hands[seat].index(list(die))
