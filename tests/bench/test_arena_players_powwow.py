"""Pow Wow's bench-only oracle: the intermediate search on the true deal."""

from __future__ import annotations

import random
from argparse import Namespace

from bench import arena_players_powwow as players
from tests.play.games.powwow.helpers import ENGINE, position


def test_the_oracle_is_added_only_on_request():
    assert players.extra_players(Namespace(oracle=False)) == []
    assert [p.name for p in players.extra_players(Namespace(oracle=True))] == ["oracle"]


def test_the_oracle_searches_the_true_deal_and_its_choice_follows_the_hidden_cards():
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    assert players._true_deal(state, 0, random.Random(0)).hands == state.hands
    oracle = players.Oracle()
    choices = set()
    for seed in range(4):
        world = ENGINE.redeal_hidden(state, 0, random.Random(seed))
        move = oracle.choose(world, 0, random.Random(7))
        assert move in ENGINE.legal_moves(world, 0)
        choices.add(repr(sorted(move.items())))
    assert len(choices) > 1  # the same seat's own cards, other hidden cards: other moves
