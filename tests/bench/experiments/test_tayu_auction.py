"""Ta Yü's auction bench: every scripted auction leaves the chosen seat the spoiler at the bid."""

from __future__ import annotations

import random

import pytest

from bench.experiments import tayu_auction
from play.games.tayu import bots


@pytest.mark.parametrize("spoiler", [0, 1, 2])
@pytest.mark.parametrize("bid", [0, 16, 59])
def test_the_scripted_auction_leaves_the_spoiler_holding_the_bid(spoiler, bid):
    rng = random.Random(0)
    state = bots.ENGINE.new_game(seats=3, options={}, rng=rng)
    for move in tayu_auction.AUCTIONS[spoiler](bid):
        assert move in bots.ENGINE.legal_moves(state, state.to_move)
        state = bots.ENGINE.play(state, state.to_move, move, rng)
    assert (state.phase, state.spoiler, state.bid) == ("draw", spoiler, bid)


def test_a_game_scores_the_spoiler_s_result(monkeypatch):
    finals = []
    real = bots.final_values

    def spy(state):
        values = real(state)
        if state.phase == "over":
            finals.append((state.spoiler, values))
        return values

    monkeypatch.setattr(bots, "final_values", spy)
    result = tayu_auction.spoiler_game(12, 4, "beginner")
    spoiler, values = finals[-1]
    assert spoiler == 4 % 3 and result == values[spoiler] and result in (0.0, 0.5, 1.0)
