"""Pow Wow's bench-only oracles: the intermediate and strong searches on the true deal."""

from __future__ import annotations

import random
from argparse import Namespace

from arena.players import powwow as players
from tests.play.games.powwow.helpers import ENGINE, position


def test_the_oracles_are_added_only_on_request_with_their_level_s_search():
    assert players.extra_players(Namespace(oracle=False)) == []
    found = players.extra_players(Namespace(oracle=True, max_seconds=1.5))
    assert [(p.name, p.level, p.seconds) for p in found] == [
        ("oracle", "intermediate", None),
        ("strongOracle", "strong", 1.5),
    ]
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    for player in found:
        world = player.attributes["_determinize"](state, 0, random.Random(0))
        # the true deal, without the record (as the levels' worlds), the real one kept
        assert world.hands == state.hands and world.neutral == state.neutral
        assert world.history is None and state.history == []


def test_the_oracle_searches_the_true_deal_and_its_choice_follows_the_hidden_cards():
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    assert players._true_deal(state, 0, random.Random(0)).hands == state.hands
    oracle = players.oracle("intermediate")
    choices = set()
    for seed in range(4):
        world = ENGINE.redeal_hidden(state, 0, random.Random(seed))
        move = oracle.choose(world, 0, random.Random(7))
        assert move in ENGINE.legal_moves(world, 0)
        choices.add(repr(sorted(move.items())))
    assert len(choices) > 1  # the same seat's own cards, other hidden cards: other moves


def test_budgeted_intermediates_are_added_by_budget_and_search_that_many_iterations(monkeypatch):
    found = players.extra_players(Namespace(oracle=False, intermediate_iterations="7, 40"))
    assert [(p.name, p.iterations) for p in found] == [("int7", 7), ("int40", 40)]
    from play.bots import mcts

    ran = []
    choose = mcts.MCTSBot.choose

    def counting(self, state, seat):
        move = choose(self, state, seat)
        ran.append(self.last_iterations)
        return move

    monkeypatch.setattr(mcts.MCTSBot, "choose", counting)
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    move = found[0].choose(state, 0, random.Random(3))
    assert move in ENGINE.legal_moves(state, 0)
    assert ran == [7]


def test_a_tempered_strong_searches_with_its_temperature_and_restores_the_module_s(monkeypatch):
    from play.games.powwow import bots

    args = Namespace(oracle=False, strong_temperatures="8", max_seconds=1.5)
    (tempered,) = players.extra_players(args)
    assert (tempered.name, tempered.seconds) == ("strongT8", 1.5)
    seen = []
    monkeypatch.setattr(
        bots,
        "make_search",
        lambda *a, **k: seen.append((bots.RACE_TEMPERATURE, k["seconds"])) or Fixed(),
    )

    class Fixed:
        def choose(self, state, seat):
            return ENGINE.legal_moves(state, seat)[0]

    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    before = bots.RACE_TEMPERATURE
    assert tempered.choose(state, 0, random.Random(3)) == ENGINE.legal_moves(state, 0)[0]
    assert seen == [(8.0, 1.5)] and bots.RACE_TEMPERATURE == before != 8.0


def test_no_share_players_value_nobody_winning_at_nothing_and_restore_the_modules(monkeypatch):
    from play.bots import mcts
    from play.engines.base import Outcome
    from play.games.powwow import bots

    found = players.extra_players(Namespace(oracle=False, no_draw_share=True, max_seconds=1.5))
    assert [(p.name, p.level) for p in found] == [
        ("intNoShare", "intermediate"),
        ("strongNoShare", "strong"),
    ]
    nobody, won = Outcome((), ((0, 1),), "nobody"), Outcome((1,), ((1,), (0,)), "won")
    seen = []

    class Fixed:
        def choose(self, state, seat):
            seen.append(
                (bots.DRAW_SHARE, mcts.outcome_values(nobody, 2), mcts.outcome_values(won, 2))
            )
            return ENGINE.legal_moves(state, seat)[0]

    monkeypatch.setattr(bots, "make_search", lambda *a, **k: Fixed())
    state = position(2, stones=[1, 0], indians={"white": 44})
    values, share = mcts.outcome_values, bots.DRAW_SHARE
    assert found[0].choose(state, 0, random.Random(3)) == ENGINE.legal_moves(state, 0)[0]
    assert seen == [(0.0, [0.0, 0.0], [0.0, 1.0])]
    assert mcts.outcome_values is values and bots.DRAW_SHARE == share == 0.5
    assert values(nobody, 2) == [0.5, 0.5]


def test_tuned_strong_players_search_with_their_exploration_or_playout_depth(monkeypatch):
    from play.bots import mcts

    args = Namespace(strong_explorations="0.3", strong_depths="11", max_seconds=1.5)
    found = players.extra_players(args)
    assert [p.name for p in found] == ["strongC0.3", "strongD11"]
    seen = []
    choose = mcts.MCTSBot.choose

    def recording(self, state, seat):
        seen.append((self.exploration, self.playout_depth, self.time_limit))
        return choose(self, state, seat)

    monkeypatch.setattr(mcts.MCTSBot, "choose", recording)
    monkeypatch.setattr(mcts.MCTSBot, "__init__", _capped(mcts.MCTSBot.__init__))
    state = position(4, stones=[1, 0, 0, 0], indians={"green": 40, "black": 36})
    for player in found:
        assert player.choose(state, 0, random.Random(3)) in ENGINE.legal_moves(state, 0)
    # Strong's own clock (0.9 s, below --max-seconds); its other setting unchanged.
    assert seen == [(0.3, 8, 0.9), (mcts.DEFAULT_EXPLORATION, 11, 0.9)]


def _capped(init):
    """``MCTSBot.__init__`` with at most 50 iterations: the test checks settings, not strength."""

    def capped(self, *args, **kwargs):
        init(self, *args, **{**kwargs, "iterations": min(kwargs["iterations"], 50)})

    return capped
