"""The bench-only Ta Yü players: the oracle (its search over the real face-down tiles) and the
experimental levels."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from arena.players import tayu as oracle_module
from play.games.tayu import bots
from play.games.tayu.search import Node

from .helpers import ENGINE
from .test_bots import _some_position


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_oracle_plays_a_legal_move(seats):
    player = oracle_module.Oracle()
    for plies in (1, 9, 30):
        state = _some_position(seats, plies)
        if not ENGINE.to_act(state):
            continue
        seat = ENGINE.to_act(state)[0]
        assert player.choose(state, seat, random.Random(0)) in ENGINE.legal_moves(state, seat)


def test_oracle_values_a_reply_by_the_real_front_tops():
    state = _some_position(2, 21, seed=3)
    assert state.phase == "place"
    seat = state.to_move
    searcher, node = bots.searcher_for(state), Node.of(state)
    option = searcher.options(node, list(state.held[seat]))[0]
    child, nxt = node.child(*option), 1 - seat
    hands = [(), ()]
    tops = oracle_module._tops(state)
    expected = max(
        (searcher.best(child, nxt, [kind], searcher.supply_left - 1)[0] for kind in tops),
        key=lambda values: values[nxt],
    )
    assert oracle_module._reply(searcher, child, nxt, hands, searcher.supply_left, tops) == expected
    # another hidden tile on top of a column changes what the oracle expects of the reply
    other = [k for k in range(len(bots.KINDS)) if k not in tops]
    values = {
        tuple(oracle_module._reply(searcher, child, nxt, hands, searcher.supply_left, [k]))
        for k in other
    }
    assert len(values) > 1


def test_arena_adds_the_oracle_only_when_asked():
    parser = __import__("argparse").ArgumentParser()
    parser.add_argument("--max-seconds", type=float, default=2.0)
    oracle_module.add_arguments(parser)
    assert oracle_module.extra_players(parser.parse_args([])) == []
    names = [p.name for p in oracle_module.extra_players(parser.parse_args(["--oracle"]))]
    assert names == ["oracle"]


@pytest.mark.parametrize("name", sorted(oracle_module.EXPERIMENTS))
def test_an_experimental_player_moves_legally_and_restores_the_evaluation(name):
    player = oracle_module.Variant(name, oracle_module.EXPERIMENTS[name], 0.2)
    scale = bots.PRODUCT_SCALE
    for seats, plies in ((2, 21), (4, 22)):
        state = _some_position(seats, plies)
        seat = ENGINE.to_act(state)[0]
        assert player.choose(state, seat, random.Random(0)) in ENGINE.legal_moves(state, seat)
    assert bots.PRODUCT_SCALE == scale


def test_an_experiment_changes_the_evaluation_while_its_player_thinks(monkeypatch):
    seen = []
    monkeypatch.setattr(
        bots, "choose_placement", lambda *args: seen.append(bots.PRODUCT_SCALE) or {"type": "x"}
    )
    state = _some_position(2, 21)
    player = oracle_module.Variant("scale5", oracle_module.EXPERIMENTS["scale5"], 2.0)
    player.choose(state, state.to_move, random.Random(0))
    assert seen == [5.0] and bots.PRODUCT_SCALE == 10.0


def test_untimed_twins_search_like_their_level_without_its_clock():
    levels = {name: level for name, (level, _patch) in oracle_module.EXPERIMENTS.items()}
    levels |= {"intermediate": bots.LEVELS["intermediate"], "strong": bots.LEVELS["strong"]}
    twins = [name for name in oracle_module.EXPERIMENTS if name.endswith("_untimed")]
    assert "intermediate_untimed" in twins and "reach03_untimed" in twins
    for name in twins:
        level, patch = oracle_module.EXPERIMENTS[name]
        base = name.removesuffix("_untimed")
        assert level == replace(levels[base], time_limit=60.0)
        assert patch == oracle_module.EXPERIMENTS.get(base, (None, {}))[1]
