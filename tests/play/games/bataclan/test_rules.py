"""Bataclan rules: one test per rule of RULES.md §5 and the record (physics in test_physics)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from play.engines.base import IllegalMove, InvalidOptions, chance_for
from play.games.bataclan.engine import STEADINESS_GRID
from play.games.bataclan.physics import GIANT, MEDIUM, STANDARD
from play.games.bataclan.state import SHARE_OUT

from .helpers import ENGINE, Rigged, place, state

STRAIGHT = [(STANDARD, 1, 0.0), (STANDARD, 2, 0.0)]


def new(seats=2, seed="rules", **options):
    return ENGINE.new_game(seats=seats, options=options, rng=chance_for(seed, 0))


def refused(st, seat, move, rule):
    with pytest.raises(IllegalMove) as error:
        ENGINE.play(st, seat, move, random.Random(0))
    assert error.value.rule == rule


def kinds(moves):
    return {m["type"] for m in moves}


# -- the dice and the start -----------------------------------------------------------------------


def test_every_die_shows_G_2_3_4_5_6():
    st = new()
    faces = set()
    for i in range(200):
        faces |= {
            f
            for _, f in ENGINE.play(st, st.to_move, {"type": "roll"}, random.Random(i)).hands[
                st.to_move
            ]
        }
    assert faces == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_share_out_by_player_count(seats):
    st = new(seats)
    share = SHARE_OUT[seats]
    for hand in st.hands:
        sizes = Counter(size for size, _ in hand)
        assert sizes[STANDARD] == share[STANDARD]
        if "large" in share:
            assert sizes[MEDIUM] + sizes[GIANT] == share["large"]
        else:
            assert (sizes[MEDIUM], sizes[GIANT]) == (share[MEDIUM], share[GIANT])
        assert all(face is None for _, face in hand)  # nobody has rolled yet
    total = Counter(size for hand in st.hands for size, _ in hand)
    assert total[STANDARD] <= 20 and total[MEDIUM] <= 4 and total[GIANT] <= 4


def test_five_and_six_players_draw_their_large_die_at_random():
    drawn = {
        tuple(
            size for hand in new(5, seed=f"large/{i}").hands for size, _ in hand if size != STANDARD
        )
        for i in range(20)
    }
    assert len(drawn) > 5


def test_a_die_roll_decides_who_starts():
    starters = {new(4, seed=f"start/{i}").to_move for i in range(40)}
    assert starters == {0, 1, 2, 3}


def test_until_the_pile_is_founded_every_roll_is_of_all_dice():
    st = new()
    after = ENGINE.play(st, st.to_move, {"type": "roll"}, Rigged(faces=[3] * 14))
    assert not after.pile and after.phase == "roll"  # no G: the hand passes
    seat = after.to_move
    after = ENGINE.play(after, seat, {"type": "roll"}, Rigged(faces=[4] * 14))
    assert [m["type"] for m in ENGINE.legal_moves(after, after.to_move)] == ["roll"]
    refused(after, after.to_move, {"type": "keep", "die": 0}, "founding_rolls_all")


def test_the_first_player_to_roll_a_G_founds_the_pile_and_may_go_on():
    st = new()
    first = st.to_move
    st = ENGINE.play(st, first, {"type": "roll"}, Rigged(faces=[5] * 14))
    second = st.to_move
    assert second != first
    st = ENGINE.play(st, second, {"type": "roll"}, Rigged(faces=[1, 2, 3] + [6] * 11))
    assert st.phase == "place" and st.to_move == second
    moves = ENGINE.legal_moves(st, second)
    assert {m["die"] for m in moves if m["type"] == "place"} == {0}  # only the G
    st = ENGINE.play(st, second, place(0, 1), Rigged(offsets=[0.0]))
    assert [d["value"] for d in st.pile] == [1] and st.founded
    assert {m["as"] for m in ENGINE.legal_moves(st, second) if m["type"] == "place"} == {2}


def test_only_a_G_starts_the_pile():
    st = state([[(STANDARD, 2), (STANDARD, 1)], []], pile=[])
    hand = st.hands[0]
    two = hand.index([STANDARD, 2])
    refused(st, 0, place(two, 2), "wrong_value")
    refused(st, 0, place(two, 1), "wrong_value")


# -- stacking -------------------------------------------------------------------------------------


def test_the_pile_climbs_G_2_3_4_5_6_then_G_again():
    hand = [(STANDARD, f) for f in (2, 3, 4, 5, 6, 1)] + [(MEDIUM, 2), (MEDIUM, 4)]
    st = state([hand, []], pile=[(STANDARD, 1, 0.0)])
    shown = []
    for value in (2, 3, 4, 5, 6, 1):
        legal = ENGINE.legal_moves(st, 0)
        die = next(
            m["die"] for m in legal if m["type"] == "place" and st.hands[0][m["die"]][1] == value
        )
        st = ENGINE.play(st, 0, place(die, value), Rigged(offsets=[0.0]))
        shown.append(st.pile[-1]["value"])
    assert shown == [2, 3, 4, 5, 6, 1]
    refused(st, 0, place(st.hands[0].index([MEDIUM, 4]), 2), "wrong_value")


def test_a_G_is_a_joker_turned_to_show_the_value_it_stands_for():
    st = state([[(STANDARD, 1), (STANDARD, 6)], []], pile=[*STRAIGHT, (STANDARD, 3, 0.0)])
    st = ENGINE.play(st, 0, place(0, 4), Rigged(offsets=[0.0]))
    assert st.pile[-1] == {"size": STANDARD, "value": 4, "wild": True, "x": 0.0}
    assert st.needed == 5


def test_a_G_stands_only_for_the_value_the_pile_needs():
    st = state([[(STANDARD, 1), (STANDARD, 6)], []], pile=STRAIGHT)
    refused(st, 0, place(0, 5), "wrong_value")
    assert {m["as"] for m in ENGINE.legal_moves(st, 0) if m["type"] == "place"} == {3}


def test_at_least_one_die_must_be_placed_when_possible():
    st = state([[(STANDARD, 3), (STANDARD, 4)], []], pile=STRAIGHT)
    assert "stop" not in kinds(ENGINE.legal_moves(st, 0))
    refused(st, 0, {"type": "stop"}, "place_one")


def test_placing_every_possible_die_is_optional():
    st = state([[(STANDARD, 3), (STANDARD, 4), (STANDARD, 6)], []], pile=STRAIGHT)
    st = ENGINE.play(st, 0, place(0, 3), Rigged(offsets=[0.0]))
    assert st.to_move == 0 and "stop" in kinds(ENGINE.legal_moves(st, 0))
    st = ENGINE.play(st, 0, {"type": "stop"}, random.Random(0))
    assert st.to_move == 1 and st.phase == "roll" and len(st.hands[0]) == 2


def test_the_turn_ends_when_no_die_fits():
    st = state([[(STANDARD, 3), (STANDARD, 6)], []], pile=STRAIGHT)
    st = ENGINE.play(st, 0, place(0, 3), Rigged(offsets=[0.0]))
    assert st.to_move == 1 and st.phase == "roll"


def test_a_roll_with_no_die_that_fits_ends_the_turn():
    st = state([[(STANDARD, 3), (STANDARD, 6)], []], pile=STRAIGHT, phase="roll")
    st = ENGINE.play(st, 0, {"type": "roll"}, Rigged(faces=[5, 6]))
    assert st.to_move == 1 and st.events[-1]["kind"] == "stuck"


# -- keeping dice ---------------------------------------------------------------------------------


def test_from_the_second_turn_any_dice_may_be_kept_and_keep_their_faces():
    st = state([[(STANDARD, 3), (STANDARD, 5), (GIANT, 1)], []], pile=STRAIGHT, phase="roll")
    assert {m["die"] for m in ENGINE.legal_moves(st, 0) if m["type"] == "keep"} == {0, 1, 2}
    st = ENGINE.play(st, 0, {"type": "keep", "die": 0}, random.Random(0))
    st = ENGINE.play(st, 0, {"type": "keep", "die": 1}, random.Random(0))  # the giant G
    assert st.kept == [[STANDARD, 3], [GIANT, 1]]
    st = ENGINE.play(st, 0, {"type": "roll"}, Rigged(faces=[6]))
    assert sorted(map(tuple, st.hands[0])) == sorted([(STANDARD, 3), (STANDARD, 6), (GIANT, 1)])


def test_at_least_one_die_must_be_rerolled():
    st = state([[(STANDARD, 3), (STANDARD, 5)], []], pile=STRAIGHT, phase="roll")
    st = ENGINE.play(st, 0, {"type": "keep", "die": 0}, random.Random(0))
    assert [m["type"] for m in ENGINE.legal_moves(st, 0)] == ["roll"]
    refused(st, 0, {"type": "keep", "die": 0}, "reroll_one")


def test_dice_that_fell_are_always_rolled():
    st = state([[(STANDARD, None), (STANDARD, 4)], []], pile=STRAIGHT, phase="roll")
    assert {m["die"] for m in ENGINE.legal_moves(st, 0) if m["type"] == "keep"} == {0}
    refused(st, 0, {"type": "keep", "die": 1}, "keep_unrolled")


def test_identical_dice_are_kept_and_placed_by_the_first_of_them():
    st = state([[(STANDARD, 3), (STANDARD, 3), (STANDARD, 5)], []], pile=STRAIGHT)
    assert {m["die"] for m in ENGINE.legal_moves(st, 0) if m["type"] == "place"} == {0}
    assert ENGINE.canonical_move(st, 0, {"type": "place", "die": 1, "steadiness": 0.5}) == place(
        0, 3, 0.5
    )


# -- falls ----------------------------------------------------------------------------------------


def test_fallen_dice_go_to_the_player_who_made_the_pile_fall_and_the_turn_ends():
    pile = [*STRAIGHT, (STANDARD, 3, 0.0), (STANDARD, 4, 0.0)]
    st = state([[(GIANT, 5), (STANDARD, 6)], []], pile=pile)
    before = len(st.hands[0])
    st = ENGINE.play(st, 0, place(1, 5, 0.0), Rigged(offsets=[0.55]))  # off the 4
    assert [d["value"] for d in st.pile] == [1, 2, 3, 4]  # only the giant fell
    assert len(st.hands[0]) == before and [GIANT, None] in st.hands[0]
    assert st.to_move == 1 and st.phase == "roll"
    assert st.events[-1]["kind"] == "fall" and st.events[-1]["level"] == 4


def test_a_partial_fall_leaves_the_dice_below():
    pile = [*STRAIGHT, (STANDARD, 3, 0.0), (STANDARD, 4, 0.35)]
    st = state([[(STANDARD, 5)], []], pile=pile)
    st = ENGINE.play(st, 0, place(0, 5, 0.0), Rigged(offsets=[0.35]))
    assert [d["value"] for d in st.pile] == [1, 2, 3]
    assert sorted(map(tuple, st.hands[0])) == [(STANDARD, None), (STANDARD, None)]
    assert st.needed == 4 and not st.finished  # a last die that falls does not win


def test_after_a_full_collapse_the_pile_starts_again_with_a_G():
    pile = [(STANDARD, 1, 0.0), (STANDARD, 2, 0.25), (STANDARD, 3, 0.65)]
    st = state([[(STANDARD, 4), (STANDARD, 2)], []], pile=pile)
    st = ENGINE.play(st, 0, place(1, 4, 0.0), Rigged(offsets=[0.5]))
    assert st.pile == [] and st.events[-1]["full"]
    assert len(st.hands[0]) == 5 and st.needed == 1


# -- the end --------------------------------------------------------------------------------------


def test_the_first_player_to_place_their_last_die_without_a_fall_wins():
    st = state([[(STANDARD, 3)], []], pile=STRAIGHT, ranking="stock")
    st = ENGINE.play(st, 0, place(0, 3), Rigged(offsets=[0.0]))
    outcome = ENGINE.outcome(st)
    assert outcome.winners == (0,) and outcome.reason == "first_out"
    assert ENGINE.to_act(st) == ()


def test_ranking_by_finishing_order_lets_the_others_play_on():
    data = ENGINE.to_dict(new(3, seed="order"))
    data["hands"] = [
        [[STANDARD, 1]],
        [[STANDARD, 2]],
        data["hands"][2] + data["hands"][0][1:] + data["hands"][1][1:],
    ]
    data["hands"][2].sort(key=lambda d: ({STANDARD: 0, MEDIUM: 1, GIANT: 2}[d[0]], 7))
    data.update(to_move=0, phase="place", founded=True)
    st = ENGINE.from_dict(data)
    st = ENGINE.play(st, 0, place(0, 1), Rigged(offsets=[0.0]))
    assert st.finished == [0] and ENGINE.outcome(st) is None and st.to_move == 1
    st = ENGINE.play(st, 1, {"type": "roll"}, Rigged(faces=[2]))
    st = ENGINE.play(st, 1, place(0, 2), Rigged(offsets=[0.0]))
    outcome = ENGINE.outcome(st)
    assert outcome.ranking == ((0,), (1,), (2,)) and outcome.reason == "finishing_order"


def test_ranking_by_stock_ranks_the_others_by_fewest_dice_ties_sharing():
    data = ENGINE.to_dict(new(4, seed="stock", ranking="stock"))
    hands = data["hands"]
    pool = sorted(
        (d for hand in hands for d in hand), key=lambda d: {STANDARD: 0, MEDIUM: 1, GIANT: 2}[d[0]]
    )
    standard = [d for d in pool if d[0] == STANDARD]
    large = [d for d in pool if d[0] != STANDARD]
    data["hands"] = [[[STANDARD, 1]], standard[1:4], standard[4:7], standard[7:] + large]
    for hand in data["hands"]:
        hand.sort(
            key=lambda d: ({STANDARD: 0, MEDIUM: 1, GIANT: 2}[d[0]], 7 if d[1] is None else d[1])
        )
    data.update(to_move=0, phase="place", founded=True)
    st = ENGINE.play(ENGINE.from_dict(data), 0, place(0, 1), Rigged(offsets=[0.0]))
    assert ENGINE.outcome(st).ranking == ((0,), (1, 2), (3,))


def test_a_game_stops_at_the_turn_limit_ranked_by_dice():
    st = new(2, seed="limit", turn_limit=3)
    rng = random.Random(1)
    while ENGINE.to_act(st):
        seat = st.to_move
        st = ENGINE.play(st, seat, ENGINE.legal_moves(st, seat)[0], rng)
    outcome = ENGINE.outcome(st)
    assert st.turn == 3 and outcome.reason in ("turn_limit", "finishing_order")


def test_bad_options_are_refused():
    for options in ({"ranking": "points"}, {"turn_limit": 0}, {"turn_limit": True}, {"colour": 1}):
        with pytest.raises(InvalidOptions):
            ENGINE.new_game(seats=3, options=options, rng=random.Random(0))


# -- moves and chance -----------------------------------------------------------------------------


def test_legal_placements_list_steadiness_on_the_grid():
    st = state([[(STANDARD, 3)], []], pile=STRAIGHT)
    steadiness = [m["steadiness"] for m in ENGINE.legal_moves(st, 0)]
    assert steadiness == list(STEADINESS_GRID) and STEADINESS_GRID[:3] == (0.0, 0.05, 0.1)


def test_canonical_move_rounds_steadiness_to_the_grid_and_fills_in_the_value():
    st = state([[(STANDARD, 1), (STANDARD, 3)], []], pile=STRAIGHT)
    assert ENGINE.canonical_move(st, 0, {"type": "place", "die": 1, "steadiness": 0.733}) == place(
        1, 3, 0.75
    )
    assert ENGINE.canonical_move(st, 0, {"type": "place", "die": 0, "steadiness": 1}) == place(
        0, 3, 1.0
    )
    for steadiness in (-0.01, 1.2):
        with pytest.raises(IllegalMove) as error:
            ENGINE.canonical_move(st, 0, {"type": "place", "die": 1, "steadiness": steadiness})
        assert error.value.rule == "bad_steadiness"
    for bad in (
        {"type": "place", "die": 1, "steadiness": "0.5"},
        {"type": "place", "die": True, "steadiness": 0.5},
        {"type": "fly"},
        [],
        None,
    ):
        with pytest.raises(IllegalMove):
            ENGINE.canonical_move(st, 0, bad)


def test_play_takes_only_the_canonical_form():
    st = state([[(STANDARD, 3)], []], pile=STRAIGHT)
    refused(st, 0, {"type": "place", "die": 0, "as": 3, "steadiness": 0.733}, "not_canonical")
    refused(st, 0, {"type": "place", "die": 0, "steadiness": 0.75}, "not_canonical")
    refused(st, 1, place(0, 3), "not_your_turn")


def test_landings_and_rolls_come_from_the_rng_given_to_play():
    st = state([[(MEDIUM, 3), (STANDARD, 4)], []], pile=STRAIGHT)
    one = ENGINE.to_dict(ENGINE.play(st, 0, place(1, 3, 0.3), random.Random("a")))
    assert one == ENGINE.to_dict(ENGINE.play(st, 0, place(1, 3, 0.3), random.Random("a")))
    assert one != ENGINE.to_dict(ENGINE.play(st, 0, place(1, 3, 0.3), random.Random("b")))


def test_a_steadier_placement_lands_closer_to_the_centre():
    st = state([[(STANDARD, 3)], []], pile=STRAIGHT)
    shaky = ENGINE.play(st, 0, place(0, 3, 0.0), random.Random("same")).events
    steady = ENGINE.play(st, 0, place(0, 3, 1.0), random.Random("same")).events
    x = lambda events: next(e["x"] for e in events if e["kind"] == "place")  # noqa: E731
    assert abs(x(steady)) < abs(x(shaky))


def test_nothing_is_hidden_every_seat_sees_the_same_dice():
    st = new(3)
    st = ENGINE.play(st, st.to_move, {"type": "roll"}, random.Random(4))
    views = [ENGINE.view(st, seat) for seat in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views) and "seed" not in str(views[0])


def test_seat_roles_name_the_first_player():
    st = new(3, seed="roles")
    roles = ENGINE.seat_roles(st)
    assert roles.count("starter") == 1 and roles[st.starter] == "starter"
