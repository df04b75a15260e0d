"""Bataclan states serialise to plain data and back; inconsistent data is refused."""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import InvalidState, chance_for

from .helpers import ENGINE


def played(seats=3, plies=40, seed="state"):
    st = ENGINE.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
    rng = random.Random(seed)
    for _ in range(plies):
        if not ENGINE.to_act(st):
            break
        seat = ENGINE.to_act(st)[0]
        st = ENGINE.play(st, seat, rng.choice(ENGINE.legal_moves(st, seat)), rng)
    return st


def test_state_round_trips_through_json():
    st = played()
    data = json.loads(json.dumps(ENGINE.to_dict(st)))
    assert ENGINE.to_dict(ENGINE.from_dict(data)) == ENGINE.to_dict(st)


def test_clone_is_independent():
    st = played()
    copy = st.clone()
    copy.hands[0].append(["standard", 3])
    copy.pile.append({"size": "standard", "value": 1, "wild": False, "x": 0.0})
    assert ENGINE.to_dict(st) != ENGINE.to_dict(copy)
    assert ENGINE.to_dict(played()) == ENGINE.to_dict(st)


def broken(change):
    data = ENGINE.to_dict(played(seats=2, plies=60, seed="broken"))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["hands"][0].append(["standard", 3]),  # a 29th die
        lambda d: d["hands"][1].pop(),  # a die lost
        lambda d: (
            d["hands"][0].reverse() if len(set(map(str, d["hands"][0]))) > 1 else d.update(seats=9)
        ),
        lambda d: d["hands"][0].__setitem__(0, ["huge", 3]),
        lambda d: d["hands"][0].__setitem__(0, [d["hands"][0][0][0], 7]),
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(to_move=5),
        lambda d: d.update(options={"ranking": "points", "turn_limit": 400}),
        lambda d: d.update(turn=0),
        lambda d: d.update(placed=-1),
        lambda d: d.update(end_reason="first_out"),
        lambda d: d.update(founded="yes"),
    ],
)
def test_inconsistent_states_are_refused(change):
    with pytest.raises(InvalidState):
        ENGINE.from_dict(broken(change))


def test_a_pile_out_of_order_or_toppling_is_refused():
    data = ENGINE.to_dict(played(seats=2, plies=0))
    die = data["hands"][0].pop()
    data["pile"] = [{"size": die[0], "value": 2, "wild": False, "x": 0.0}]
    data["founded"] = True
    with pytest.raises(InvalidState, match="climbs"):
        ENGINE.from_dict(data)
    data["pile"] = [{"size": die[0], "value": 1, "wild": False, "x": 0.0}]
    ENGINE.from_dict(data)
    other = data["hands"][0].pop(0)
    data["pile"].append({"size": other[0], "value": 2, "wild": False, "x": 0.9})
    with pytest.raises(InvalidState, match="stands"):
        ENGINE.from_dict(data)
