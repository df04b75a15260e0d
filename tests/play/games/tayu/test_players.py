"""Ta Yü with three players (auction, spoiler), four (teams, two tiles) and the two-tile variant."""

from __future__ import annotations

import random

import pytest

from play.games.tayu.moves import placements
from play.games.tayu.state import MAX_BID

from .helpers import ENGINE, ONE_SIDE, STRAIGHT, new, place, play, rule_of

BID = "bid"


def bid(value):
    return {"type": BID, "value": value}


PASS = {"type": "pass"}


def auction(*steps):
    """A 3-player game after the given (seat, move) bids."""
    state = new(3)
    for seat, move in steps:
        state = play(state, seat, move)
    return state


def laid(state, tiles):
    for k, r, c, q in tiles:
        state.put(k, r, c, q, 0)
    return state


def over(state):
    state.phase, state.end = "over", "blocked"
    return state


# -- three players: the auction ------------------------------------------------------------------


def test_three_players_start_with_an_auction():
    state = new(3)
    assert state.phase == "bid" and ENGINE.to_act(state) == (0,)
    assert ENGINE.seat_roles(state) == ("bidder",) * 3
    moves = ENGINE.legal_moves(state, 0)
    assert moves[0] == bid(MAX_BID) and moves[-1] == bid(0) and PASS not in moves
    assert rule_of(state, 0, {"type": "draw", "stack": 0}) == "auction_first"


def test_first_bidder_must_bid():
    assert rule_of(new(3), 0, PASS) == "must_open_bidding"


def test_bids_go_down():
    state = auction((0, bid(20)))
    assert ENGINE.to_act(state) == (1,)
    assert bid(20) not in ENGINE.legal_moves(state, 1) and bid(19) in ENGINE.legal_moves(state, 1)
    assert rule_of(state, 1, bid(20)) == "bid_not_lower"
    assert rule_of(state, 1, bid(25)) == "bid_not_lower"
    assert rule_of(state, 1, bid(-1)) == "bad_bid"
    assert rule_of(state, 1, bid(MAX_BID + 1)) == "bad_bid"


def test_a_pass_is_final():
    state = auction((0, bid(20)), (1, PASS), (2, bid(15)))
    assert ENGINE.to_act(state) == (0,)  # seat 1 passed: it is skipped
    assert state.passed == [False, True, False]


def test_lowest_bidder_becomes_the_spoiler_when_the_two_others_pass():
    state = auction((0, bid(20)), (1, bid(15)), (2, PASS), (0, PASS))
    assert state.spoiler == 1 and state.bid == 15
    assert state.phase == "draw" and ENGINE.to_act(state) == (0,)
    assert ENGINE.seat_roles(state) == ("north_south", "spoiler", "west_east")


def test_a_bid_of_zero_ends_the_bidding_for_the_others():
    state = auction((0, bid(0)))
    assert ENGINE.legal_moves(state, 1) == [PASS]


def test_lower_seat_of_the_two_builders_owns_north_and_south():
    state = auction((0, bid(30)), (1, PASS), (2, PASS))
    assert ENGINE.seat_roles(state) == ("spoiler", "north_south", "west_east")


def test_spoiler_places_tiles_like_the_others():
    state = auction((0, bid(30)), (1, PASS), (2, PASS))
    seen = set()
    for _ in range(3):
        seat = ENGINE.to_act(state)[0]
        seen.add(seat)
        state = play(state, seat, {"type": "draw", "stack": 0})
        state = play(state, seat, ENGINE.legal_moves(state, seat)[0])
    assert seen == {0, 1, 2}


def _three_player_end(bid_value, north, west):
    """Spoiler seat 1; builders 0 (north-south) and 2 (west-east) with given tiles."""
    state = auction((0, bid(MAX_BID)), (1, bid(bid_value)), (2, PASS), (0, PASS))
    return over(laid(state, north + west))


NORTH_SOUTH_12 = [(ONE_SIDE, 0, 8, 0), (ONE_SIDE, 18, 0, 2)]  # 4 x 3
WEST_EAST_16 = [(ONE_SIDE, 2, 0, 3), (ONE_SIDE, 2, 18, 1)]  # 4 x 4


def test_spoiler_wins_if_no_builder_exceeds_the_bid():
    outcome = ENGINE.outcome(_three_player_end(16, NORTH_SOUTH_12, WEST_EAST_16))
    assert outcome.winners == (1,) and outcome.reason == "spoiler_held"  # 16 does not exceed 16
    assert outcome.scores == (12.0, 16.0, 16.0)


def test_higher_builder_wins_once_the_bid_is_exceeded():
    outcome = ENGINE.outcome(_three_player_end(15, NORTH_SOUTH_12, WEST_EAST_16))
    assert outcome.winners == (2,) and outcome.reason == "bid_beaten"
    assert outcome.ranking == ((2,), (0, 1))


def test_equal_builders_above_the_bid_share_the_win():
    north = [(ONE_SIDE, 0, 8, 0), (ONE_SIDE, 18, 8, 2)]  # 4 x 4
    outcome = ENGINE.outcome(_three_player_end(10, north, WEST_EAST_16))
    assert outcome.winners == (0, 2) and not outcome.draw and outcome.ranking == ((0, 2), (1,))


# -- four players --------------------------------------------------------------------------------


def test_four_players_two_teams_sharing_edges():
    state = new(4)
    assert ENGINE.seat_roles(state) == ("north_south", "west_east", "north_south", "west_east")
    state = over(laid(state, NORTH_SOUTH_12 + WEST_EAST_16))
    outcome = ENGINE.outcome(state)
    assert outcome.winners == (1, 3) and outcome.ranking == ((1, 3), (0, 2))
    assert outcome.scores == (12.0, 16.0, 12.0, 16.0)


def test_four_players_each_hold_one_face_up_tile():
    state = new(4)
    assert [len(hand) for hand in state.held] == [1, 1, 1, 1]
    assert state.supply_left() == 108
    assert ENGINE.view(state, None)["held"] == state.held
    assert state.options["two_tiles"] is True


def test_four_players_draw_a_second_tile_and_place_either():
    state = new(4)
    first = state.held[0][0]
    state = play(state, 0, {"type": "draw", "stack": 0})
    second = state.held[0][1]
    moves = ENGINE.legal_moves(state, 0)
    tiles = {m["tile"] for m in moves}
    assert tiles == ({0, 1} if first != second else {0})
    chosen = next(m for m in moves if m["tile"] == max(tiles))
    after = play(state, 0, chosen)
    assert after.held[0] == [first]
    assert after.tiles[-1][0] == state.held[0][chosen["tile"]]
    assert ENGINE.to_act(after) == (1,)


def test_two_equal_held_tiles_list_each_placement_once():
    state = new(4)
    state.held[0] = [STRAIGHT, STRAIGHT]
    state.phase = "place"
    moves = ENGINE.legal_moves(state, 0)
    assert {m["tile"] for m in moves} == {0} and len(moves) == 12


# -- the two-tile variant ------------------------------------------------------------------------


def test_two_tile_rule_is_a_two_player_variant():
    assert new(2).held == [[], []]
    state = new(2, two_tiles=True)
    assert [len(hand) for hand in state.held] == [1, 1]
    state = play(state, 0, {"type": "draw", "stack": 1})
    assert len(state.held[0]) == 2
    assert {m["tile"] for m in ENGINE.legal_moves(state, 0)} <= {0, 1}


@pytest.mark.parametrize("seed", range(3))
def test_two_tile_game_ends_only_when_neither_held_tile_fits(seed):
    rng = random.Random(seed)
    state = ENGINE.new_game(seats=2, options={"two_tiles": True}, rng=rng)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        if state.phase == "place":
            hand = state.held[seat]
            assert any(placements(state, k) for k in hand)
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    if state.end == "blocked":
        hand = state.held[state.to_move]
        assert len(hand) == 2 and not any(placements(state, k) for k in hand)


def test_four_player_first_move_is_a_draw_then_a_placement():
    state = new(4)
    assert ENGINE.legal_moves(state, 0)[0]["type"] == "draw"
    assert rule_of(state, 0, place(9, 9, 1)) == "draw_first"
