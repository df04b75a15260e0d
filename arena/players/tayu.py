"""Ta Yü's arena players: an oracle that sees the face-down tiles, and experimental strong bots.

    nice -n 10 python -m arena tayu --oracle --pairs oracle:oneply,oracle:strong
    nice -n 10 python -m arena tayu --variants scale5 --pairs scale5:strong --seats 2

``--oracle`` adds ``oracle``: the two-ply search of the levels, but over the actual tiles instead
of the unseen multiset. It knows which tile each supply column gives, so it draws the column whose
real tile it can place best (valued by the best next player's reply), and when it places it knows
the two tiles the next player may take (the next player takes the one that suits them best). It
shows how much of a result the luck of the draw decides when a player plays two plies ahead with
perfect knowledge of the next tiles; for benches only, never a level (it peeks).

``--variants a,b`` adds players from :data:`EXPERIMENTS`: a :class:`bots.Level` and values of
``bots`` module constants (the evaluation's) in force while that player thinks: ``deep4`` (one
more round of draws), ``wide`` (every placement two plies deep), ``scale5``/``scale20`` (the
product gap squashed over 5 or 20 points), ``reach03``/``reach015`` (open ends worth half or a
quarter of the hand-set reach), ``floor20`` (intermediate's bid floor), ``points`` (the weights
``bench/experiments/tayu_tune.py fit --points`` finds). What each measured against ``strong`` and
``intermediate``: ``docs/bots.md`` (Ta Yü, experimental strong bots).

``<name>_untimed`` is the twin of every experiment (and of ``intermediate`` and ``strong``) with
no clock in the way (run it with ``--max-seconds 100``): on a machine busy with other jobs the
levels' wall-clock limits cut their searches short, by different amounts; twins search what their
level says, so the games still compare the searches (their times per move are then the load's).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from play.games.tayu import bots
from play.games.tayu.moves import draw_columns
from play.games.tayu.search import Node

CANDIDATES = 40  # placements searched two plies deep, best first by the evaluation
DRAW_CANDIDATES = 6  # placements of each column's real tile searched before drawing


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--oracle", action="store_true", help="add the 'oracle' player (sees the face-down tiles)"
    )
    parser.add_argument("--variants", help="comma-separated names of EXPERIMENTS to add")


EXPERIMENTS = {  # name -> (level, module globals of bots.py it changes)
    "deep4": (
        bots.Level(
            candidates=40,
            time_limit=0.8,
            depth=3,
            deep_candidates=6,
            deep_kinds=6,
            draw_candidates=3,
        ),
        {},
    ),
    "wide": (bots.Level(candidates=99, time_limit=0.8, draw_candidates=99), {}),
    "scale5": (bots.LEVELS["strong"], {"PRODUCT_SCALE": 5.0}),
    "scale20": (bots.LEVELS["strong"], {"PRODUCT_SCALE": 20.0}),
    "reach03": (replace(bots.LEVELS["strong"], weights=bots.Weights(reach=0.3)), {}),
    "reach015": (replace(bots.LEVELS["strong"], weights=bots.Weights(reach=0.15)), {}),
    "floor20": (replace(bots.LEVELS["strong"], bid_floor=bots.BID_FLOOR), {}),
    "points": (
        replace(
            bots.LEVELS["strong"],
            weights=bots.Weights(
                reach=0.311, decay=0.942, heading=(0.861, 0.8, 6.887), blocked=0.033, stage=6.712
            ),
        ),
        {},
    ),
}
# Untimed twins (``<name>_untimed``, run with a large ``--max-seconds``): they search as far as
# their level says whatever the machine's load, so that a busy machine cannot cut one
# player's search shorter than the other's; their times per move are the load's, not the level's.
EXPERIMENTS |= {
    f"{name}_untimed": (replace(level, time_limit=60.0), patch)
    for name, (level, patch) in {
        **EXPERIMENTS,
        "intermediate": (bots.LEVELS["intermediate"], {}),
        "strong": (bots.LEVELS["strong"], {}),
    }.items()
}


class Variant:
    """A strong bot with another :class:`bots.Level` and evaluation constants."""

    def __init__(self, name, experiment, seconds):
        self.name, self.seconds = name, seconds
        self.level, self.patch = experiment

    def choose(self, state, seat, rng):
        saved = {key: getattr(bots, key) for key in self.patch}
        for key, value in self.patch.items():
            setattr(bots, key, value)
        try:
            return self._choose(state, seat, rng)
        finally:
            for key, value in saved.items():
                setattr(bots, key, value)

    def _choose(self, state, seat, rng):
        return bots.level_move(state, seat, self.level, rng, self.seconds)


def extra_players(args) -> list:
    players = [Oracle()] if getattr(args, "oracle", False) else []
    for name in (getattr(args, "variants", None) or "").split(","):
        if name:
            players.append(Variant(name, EXPERIMENTS[name], args.max_seconds))
    return players


def _tops(state) -> list[int]:
    return [state.supply[c][state.front(c)][-1] for c in draw_columns(state)]


def _reply(searcher, node, seat, hands, left, tops) -> list[float]:
    """The values once ``seat`` takes whichever real top suits them best and places it best."""
    if left == 0 or not tops:
        return searcher.ctx.final(node.scores)
    best = None
    for kind in tops:
        found = searcher.best(node, seat, [*hands[seat], kind], left - 1)
        values = searcher.ctx.final(node.scores) if found is None else found[0]
        if best is None or values[seat] > best[seat]:
            best = values
    return best


def _placement_values(state, seat, candidates):
    """(value for ``seat``, option) of its best ``candidates`` placements, two plies deep."""
    searcher, node = bots.searcher_for(state), Node.of(state)
    hand = list(state.held[seat])
    left = searcher.supply_left
    options = searcher.options(node, hand)
    options.sort(key=lambda o: -searcher.leaf(node, o, left)[seat])
    nxt, tops = (seat + 1) % state.seats, _tops(state)
    out = []
    for option in options[:candidates]:
        rest = list(hand)
        rest.remove(option[0])
        hands = [tuple(h) for h in state.held]
        hands[seat] = tuple(rest)
        values = _reply(searcher, node.child(*option), nxt, hands, left, tops)
        out.append((values[seat], option))
    out.sort(key=lambda item: -item[0])
    return out, hand


class Oracle:
    name = "oracle"

    def choose(self, state, seat, rng):
        moves = bots.ENGINE.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        kind = moves[0]["type"]
        if kind in ("bid", "pass"):
            return bots.choose_bid(state, moves)
        if kind == "draw":
            best, choice = None, moves[0]
            for move in moves:
                after = bots.ENGINE.play(state, seat, move, random.Random(0))
                scored, _hand = _placement_values(after, seat, DRAW_CANDIDATES)
                value = scored[0][0] if scored else bots.final_values(state)[seat]
                if best is None or value > best:
                    best, choice = value, move
            return choice
        scored, hand = _placement_values(state, seat, CANDIDATES)
        return bots._as_move(hand, scored[0][1])
