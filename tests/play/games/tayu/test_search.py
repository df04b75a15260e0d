"""Ta Yü search positions: the fast values equal the evaluation, children equal played states."""

from __future__ import annotations

import random

import pytest

from play.games.tayu import bots
from play.games.tayu.search import Node

from .helpers import ENGINE


def _placement_positions(seats, seed, every=7):
    """Place-phase positions of a seeded random game, one every ``every`` plies."""
    rng = random.Random(f"search/{seats}/{seed}")
    state = ENGINE.new_game(seats=seats, options={}, rng=rng)
    found, ply = [], 0
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        if state.phase == "place" and ply % every == 0:
            found.append(state)
        ply += 1
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    return found


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_fast_placement_values_equal_the_evaluation_of_the_played_move(seats):
    checked = 0
    for state in _placement_positions(seats, 0):
        seat = state.to_move
        searcher, node = bots.searcher_for(state), Node.of(state)
        hand = list(state.held[seat])
        options = searcher.options(node, hand)
        moves = ENGINE.legal_moves(state, seat)
        assert sorted(map(str, (bots._as_move(hand, o) for o in options))) == sorted(
            map(str, moves)
        )
        for option in options:
            after = ENGINE.play(state, seat, bots._as_move(hand, option), random.Random(0))
            fast = searcher.leaf(node, option, searcher.supply_left)
            assert fast == pytest.approx(bots.evaluate(after), abs=1e-9)
            child, played = node.child(*option), Node.of(after)
            assert child.board == played.board and child.scores == played.scores
            assert sorted(child.front) == sorted(played.front)
            assert (child.top, child.bottom, child.left, child.right) == (
                played.top, played.bottom, played.left, played.right,
            )  # fmt: skip
            checked += 1
    assert checked > 50


def test_a_placement_emptying_the_supply_is_valued_as_the_finished_game():
    state = _placement_positions(2, 1, every=1)[-1]
    searcher, node = bots.searcher_for(state), Node.of(state)
    hand = list(state.held[state.to_move])
    option = searcher.options(node, hand)[0]
    after = ENGINE.play(state, state.to_move, bots._as_move(hand, option), random.Random(0))
    value = searcher.leaf(node, option, 0)
    over = after.clone()
    over.phase = "over"
    assert value == bots.final_values(over)


def _reference_reply(after, seat, pool):
    """The next player's draw valued the slow way: every kind of ``pool`` played on the state,
    the next player's best placement by the evaluation, a kind that fits nowhere ending it."""
    nxt = after.to_move
    total = [0.0] * after.seats
    for kind, p in pool:
        hypo = bots._with_hand(after, nxt, kind)
        moves = ENGINE.legal_moves(hypo, nxt)
        if not moves:
            values = bots.final_values(after)
        else:
            values = max(
                (bots.evaluate(ENGINE.play(hypo, nxt, m, random.Random(0))) for m in moves),
                key=lambda v: v[nxt],
            )
        total = [t + p * v for t, v in zip(total, values, strict=True)]
    return total


@pytest.mark.parametrize("seats", [2, 4])
def test_the_next_draw_is_valued_over_the_unseen_kinds_of_the_class_that_suits_the_drawer(seats):
    state = _placement_positions(seats, 2, every=11)[3]
    seat = state.to_move
    searcher, node = bots.searcher_for(state), Node.of(state)
    hand = list(state.held[seat])
    option = searcher.options(node, hand)[0]
    move = bots._as_move(hand, option)
    after = ENGINE.play(state, seat, move, random.Random(0))
    rest = list(hand)
    rest.remove(option[0])
    hands = [tuple(h) for h in state.held]
    hands[seat] = tuple(rest)
    fast = searcher.after_draw(
        node.child(*option), after.to_move, tuple(hands), searcher.supply_left,
        searcher.unseen, searcher.classes, 0,
    )  # fmt: skip
    columns = {bots.RINGED[after.supply[c][after.front(c)][-1]]: c for c in range(2)}
    expected = max(
        (_reference_reply(after, seat, bots.draw_distribution(after, c)) for c in columns.values()),
        key=lambda v: v[after.to_move],
    )
    assert fast == pytest.approx(expected, abs=1e-9)


def test_hand_set_weights_value_placements_like_the_module_constants():
    state = _placement_positions(2, 3, every=9)[2]
    seat, node = state.to_move, Node.of(state)
    default = bots.searcher_for(state)
    weighted = bots.searcher_for(state, None, bots.Weights())
    options = default.options(node, list(state.held[seat]))
    for option in options:
        assert weighted.leaf(node, option, 50) == default.leaf(node, option, 50)


def test_a_level_s_own_weights_change_the_values():
    state = _placement_positions(2, 3, every=9)[2]
    seat, node = state.to_move, Node.of(state)
    default = bots.searcher_for(state)
    lighter = bots.searcher_for(state, None, bots.Weights(reach=0.3))
    options = default.options(node, list(state.held[seat]))
    assert any(
        lighter.leaf(node, o, 50)[seat] != pytest.approx(default.leaf(node, o, 50)[seat])
        for o in options
    )


def test_the_stage_weight_scales_open_ends_by_the_supply_left():
    weights = bots.Weights(stage=1.0)
    full, half = bots.worth_table(weights, 112), bots.worth_table(weights, 56)
    for key, worth in bots.WORTH.items():
        assert half[key] == worth
        assert full[key] == pytest.approx(tuple(1.5 * w for w in worth))


def test_late_in_the_game_the_stage_weight_leaves_open_ends_worth_nothing_not_less():
    table = bots.worth_table(bots.Weights(stage=4.0), 0)  # factor 1 - 4 * 0.5 < 0
    assert all(worth == (0.0, 0.0, 0.0, 0.0) for worth in table.values())
