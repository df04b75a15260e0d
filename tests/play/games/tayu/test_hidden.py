"""Ta Yü's hidden information: the face-down tiles reach no client before they are drawn."""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import IllegalMove
from play.games.tayu.tiles import RINGED

from .helpers import ENGINE, new, play


def _stacked(state):
    return [k for column in state.supply for stack in column for k in stack]


def test_views_show_heights_and_front_ring_backs_only():
    state = new()
    for seat in (None, 0, 1):
        view = ENGINE.view(state, seat)
        assert "supply" not in view
        assert view["heights"] == [[7] * 8, [7] * 8]
        assert set(view["fronts"][0]) == {"stack", "ringed"}


def test_views_do_not_change_when_the_face_down_tiles_do():
    state = new()
    other = ENGINE.redeal_hidden(state, 0, random.Random(5))
    assert _stacked(other) != _stacked(state)  # the secret did change ...
    for seat in (None, 0, 1):  # ... and nobody can tell
        assert json.dumps(ENGINE.view(other, seat)) == json.dumps(ENGINE.view(state, seat))


def test_redeal_keeps_the_tiles_and_the_visible_ring_backs():
    state = play(new(3), 0, {"type": "bid", "value": 10})
    state.supply[1][0] = state.supply[1][0][:3]
    for seed in range(20):
        other = ENGINE.redeal_hidden(state, None, random.Random(seed))
        assert sorted(_stacked(other)) == sorted(_stacked(state))
        assert [[len(s) for s in c] for c in other.supply] == [
            [len(s) for s in c] for c in state.supply
        ]
        for column in range(2):
            front = state.front(column)
            assert (
                RINGED[other.supply[column][front][-1]] == RINGED[state.supply[column][front][-1]]
            )
        assert other.held == state.held and other.tiles == state.tiles


def test_a_drawn_tile_is_public():
    state = play(new(), 0, {"type": "draw", "stack": 0})
    for seat in (None, 0, 1):
        assert ENGINE.view(state, seat)["held"][0] == state.held[0]


def test_refused_draw_names_no_tile():
    state = new(supply_rule="nearest_highest")
    state.supply[0][0] = state.supply[0][0][:2]
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(state, 0, {"type": "draw", "stack": 0}, random.Random(0))
    assert caught.value.message == "Take the nearest, highest tile of the supply."
