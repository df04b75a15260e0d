"""Bataclan bots play legal moves at every level; their hands and heads behave as documented.
(Strength itself is measured by bench/bataclan_bench.py.)"""

from __future__ import annotations

import random

import pytest

from play.engines.base import chance_for
from play.games.bataclan import GAME
from play.games.bataclan.bots import HANDS, Hand, Head
from play.games.bataclan.engine import STEADINESS_GRID
from play.games.bataclan.physics import STANDARD

from .helpers import ENGINE, state


def bot_game(levels, seed, options=None):
    st = ENGINE.new_game(seats=len(levels), options=options or {}, rng=chance_for(seed, 0))
    rng = random.Random(seed)
    ply = 0
    while ENGINE.to_act(st):
        seat = ENGINE.to_act(st)[0]
        ply += 1
        if levels[seat] == "random":
            move = rng.choice(ENGINE.legal_moves(st, seat))
        else:
            move = GAME.bot_move(st, seat, level=levels[seat], rng=rng, seconds=1.0)
            assert move in ENGINE.legal_moves(st, seat)
        st = ENGINE.play(st, seat, move, chance_for(seed, ply))
    return ENGINE.outcome(st)


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_every_level_plays_legal_moves_to_the_end(seats):
    levels = [GAME.bot_levels[s % 3] for s in range(seats)]
    assert bot_game(levels, f"legal/{seats}").ranking


def test_beginner_beats_random_players():
    wins = sum(
        bot_game(["beginner", "random"][:: 1 - 2 * (i % 2)], f"vs/{i}").winners == ((i % 2),)
        for i in range(12)
    )
    assert wins >= 9


def test_each_level_presses_with_a_human_timing_spread_and_steadier_is_steadier():
    rng = random.Random(5)
    spreads = [HANDS[level].spread_ms for level in GAME.bot_levels]
    assert spreads == sorted(spreads, reverse=True) and all(25 <= s <= 100 for s in spreads)
    means = []
    for level in GAME.bot_levels:
        draws = [HANDS[level].draw(rng) for _ in range(2000)]
        assert set(draws) <= set(STEADINESS_GRID)
        means.append(sum(draws) / len(draws))
    assert means == sorted(means) and means[-1] < 0.9  # strong: steady, not perfect
    assert Hand(2.0, 0.1).draw(rng) == 1.0 and Hand(-1.0, 0.1).draw(rng) == 0.0


def test_every_level_stops_on_a_pile_about_to_fall_unless_a_die_must_be_placed():
    # Fifteen dice leaning right, each 0.065 further: one more die almost surely topples them.
    pile = [(STANDARD, i % 6 + 1, round(0.065 * i, 3)) for i in range(15)]
    data = ENGINE.to_dict(state([[(STANDARD, 4), (STANDARD, 5)], []], pile=pile))
    data["placed"] = 1  # a die was placed this turn: stopping is allowed
    st = ENGINE.from_dict(data)
    rng = random.Random(1)
    data["placed"] = 0  # but one die must be placed when possible
    forced = ENGINE.from_dict(data)
    for level in GAME.bot_levels:
        assert GAME.bot_move(st, 0, level=level, rng=rng, seconds=1.0) == {"type": "stop"}
        assert GAME.bot_move(forced, 0, level=level, rng=rng, seconds=1.0)["type"] == "place"


def test_a_pile_that_stands_is_built_on_by_every_level():
    pile = [(STANDARD, i % 6 + 1, 0.0) for i in range(3)]  # three dice, straight
    data = ENGINE.to_dict(state([[(STANDARD, 4), (STANDARD, 5)], []], pile=pile))
    data["placed"] = 1
    st = ENGINE.from_dict(data)
    for level in GAME.bot_levels:
        move = GAME.bot_move(st, 0, level=level, rng=random.Random(2), seconds=1.0)
        assert move["type"] == "place"


def test_a_head_needs_samples_and_a_known_keep_mode():
    with pytest.raises(ValueError):
        Head(samples=0, threshold=0.0, compare=False, keep="chain")
    with pytest.raises(ValueError):
        Head(samples=10, threshold=0.0, compare=False, keep="g")


def test_evaluation_prefers_fewer_dice_and_gain_counts_dice_placed():
    st = state([[(STANDARD, 3)], []], pile=[(STANDARD, 1, 0.0), (STANDARD, 2, 0.0)])
    values = GAME.evaluate(st)
    assert values[0] > values[1] and all(0.0 <= v <= 1.0 for v in values)
    after = ENGINE.play(
        st, 0, {"type": "place", "die": 0, "as": 3, "steadiness": 1.0}, random.Random(0)
    )
    assert GAME.gain(st, after, 0) == 1.0
    assert GAME.evaluate(after)[0] == 1.0


def test_unknown_levels_are_refused():
    st = state([[(STANDARD, 3)], []], pile=[(STANDARD, 1, 0.0), (STANDARD, 2, 0.0)])
    with pytest.raises(ValueError):
        GAME.bot_move(st, 0, level="grandmaster", rng=random.Random(0), seconds=1.0)


def test_strong_bots_dodge_a_pile_about_to_fall_by_keeping_the_dice_that_do_not_fit():
    pile = [(STANDARD, i % 6 + 1, round(0.065 * i, 3)) for i in range(15)]  # needs a 4
    hand = [(STANDARD, 2), (STANDARD, 4), (STANDARD, 5)]
    st = state([hand, []], pile=pile, phase="roll")
    rng = random.Random(3)
    kept = []
    while True:
        move = GAME.bot_move(st, 0, level="strong", rng=rng, seconds=1.0)
        if move["type"] == "roll":
            break
        kept.append(st.hands[0][move["die"]][1])
        st = ENGINE.play(st, 0, move, rng)
    assert sorted(kept) == [2, 5]  # the 4 is re-rolled: only a 4 or a G would have to go on
    intermediate = GAME.bot_move(
        state([hand, []], pile=pile, phase="roll"), 0, level="intermediate", rng=rng, seconds=1.0
    )
    assert intermediate == {"type": "keep", "die": 1}  # it keeps the 4 the pile needs
