"""Ta Yü rules: one test per rule of RULES.md §3 and the record (two players, the supply)."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from play.engines.base import InvalidOptions, InvalidState
from play.games.tayu.moves import draw_columns, placement_legal, placements
from play.games.tayu.state import TaYuState
from play.games.tayu.tiles import (
    CENTRE,
    KINDS,
    MARKED_POSITIONS,
    ORIENTATIONS,
    RINGED,
    SIZE,
    generate_kinds,
    half_turn,
    sides_of,
)

from .helpers import (
    CORNER_STRAIGHT,
    ENGINE,
    ONE_SIDE,
    STRAIGHT,
    kind,
    new,
    place,
    play,
    position,
    rule_of,
)

CENTRE_TILE = (STRAIGHT, 9, 9, 1)  # upright over the centre: open north, east (middle), south


def started(**kwargs):
    """Seat 1 to move, holding ``held`` (default a straight), after the centre tile."""
    held = kwargs.pop("held", [STRAIGHT])
    return position([CENTRE_TILE], held={1: held}, to_move=1, **kwargs)


def laid(tiles, **options) -> TaYuState:
    """A bare state with tiles put without any check (to test scoring alone)."""
    state = new(**options)
    for k, r, c, q in tiles:
        state.put(k, r, c, q, 0)
    return state


# -- the board and the tiles ---------------------------------------------------------------------


def test_board_is_19_by_19_with_marked_centre():
    view = ENGINE.view(new(), None)
    assert view["size"] == SIZE == 19
    assert tuple(view["centre"]) == CENTRE == (9, 9)


def test_three_marked_positions_on_each_edge():
    assert MARKED_POSITIONS == (3, 9, 15)
    assert ENGINE.view(new(), None)["marked"] == [3, 9, 15]


def test_kinds_are_three_of_eight_points_identified_under_a_half_turn():
    assert generate_kinds() == KINDS and len(KINDS) == 28
    subsets = list(combinations(range(8), 3))
    assert len(subsets) == 56
    for subset in subsets:
        assert min(subset, half_turn(subset)) in KINDS
        assert half_turn(subset) != subset  # no tile is its own half turn
    assert len({min(s, half_turn(s)) for s in subsets}) == 28


def test_kinds_split_1_15_12():
    by_sides = [sum(1 for k in KINDS if sides_of(k) == n) for n in (1, 2, 3)]
    assert by_sides == [1, 15, 12]
    assert KINDS[ONE_SIDE] == (0, 1, 2)


def test_three_sided_kinds_carry_a_ring():
    assert [RINGED[i] for i in range(28)] == [sides_of(k) == 3 for k in KINDS]
    assert sum(RINGED) == 12


def test_112_tiles_four_of_each_kind():
    data = ENGINE.to_dict(new())
    tiles = [k for column in data["supply"] for stack in column for k in stack]
    assert len(tiles) == 112
    assert sorted(tiles) == sorted(list(range(28)) * 4)


def test_tiles_turn_in_four_orientations_never_flip():
    for rotations in ORIENTATIONS:
        shapes = [o.squares for o in rotations]
        assert len(set(shapes)) == 4
        # a mirror image is not among the orientations unless it equals a turn of the tile
        assert [len(o.squares) for o in rotations] == [3, 3, 3, 3]
    upright = ORIENTATIONS[STRAIGHT][1].squares
    assert upright == ((0, 0, 1), (1, 0, 2), (2, 0, 4))  # N at the top, E in the middle, S below
    assert ORIENTATIONS[STRAIGHT][3].squares == ((0, 0, 1), (1, 0, 8), (2, 0, 4))


# -- the supply ----------------------------------------------------------------------------------


def test_supply_is_two_columns_of_eight_stacks_of_seven():
    view = ENGINE.view(new(), 0)
    assert view["heights"] == [[7] * 8, [7] * 8]
    assert view["supply_left"] == 112


def test_shuffle_is_seeded():
    one = ENGINE.new_game(seats=2, options={}, rng=random.Random("a"))
    again = ENGINE.new_game(seats=2, options={}, rng=random.Random("a"))
    other = ENGINE.new_game(seats=2, options={}, rng=random.Random("b"))
    assert ENGINE.to_dict(one) == ENGINE.to_dict(again) != ENGINE.to_dict(other)


def test_player_sees_ring_backs_of_the_two_front_tops():
    state = position(fronts=[ONE_SIDE, STRAIGHT])  # one side; three sides (both ends, top)
    fronts = ENGINE.view(state, 0)["fronts"]
    assert fronts == [{"stack": 0, "ringed": False}, {"stack": 0, "ringed": True}]


def test_draw_takes_the_top_of_a_front_stack():
    state = position(fronts=[ONE_SIDE, kind(0, 3, 6)])
    assert ENGINE.legal_moves(state, 0) == [
        {"type": "draw", "stack": 0},
        {"type": "draw", "stack": 1},
    ]
    after = play(state, 0, {"type": "draw", "stack": 1})
    assert after.held[0] == [kind(0, 3, 6)]
    assert ENGINE.view(after, None)["supply_left"] == 111
    assert after.last == {"kind": "draw", "seat": 0, "column": 1, "tile": kind(0, 3, 6)}


def test_next_stack_comes_forward_when_the_front_one_is_empty():
    state = new()
    state.supply[0][0] = []
    assert ENGINE.view(state, None)["fronts"][0]["stack"] == 1
    after = play(state, 0, {"type": "draw", "stack": 0})
    assert [len(s) for s in after.supply[0]][:2] == [0, 6]


def test_free_choice_between_front_tops_by_default():
    state = new()
    state.supply[0][0] = state.supply[0][0][:2]
    assert draw_columns(state) == [0, 1]


def test_nearest_then_highest_variant():
    state = new(supply_rule="nearest_highest")
    assert draw_columns(state) == [0, 1]  # equal heights: the player chooses
    state.supply[0][0] = state.supply[0][0][:2]
    assert draw_columns(state) == [1]  # the highest
    assert rule_of(state, 0, {"type": "draw", "stack": 0}) == "not_nearest_highest"
    state.supply[1][0] = []
    assert draw_columns(state) == [0]  # the nearest, although lower
    state.supply[0][0] = []
    state.supply[0][1] = []
    assert draw_columns(state) == [1]


def test_empty_column_cannot_be_drawn_from():
    state = new()
    state.supply[1] = [[] for _ in range(8)]
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw", "stack": 0}]
    assert rule_of(state, 0, {"type": "draw", "stack": 1}) == "column_empty"
    assert rule_of(state, 0, {"type": "draw", "stack": 2}) == "bad_stack"


# -- placement -----------------------------------------------------------------------------------


def test_first_tile_must_cover_the_centre():
    state = position(held={0: [STRAIGHT]})
    moves = ENGINE.legal_moves(state, 0)
    assert len(moves) == 12  # 3 squares of the tile x 4 orientations
    for move in moves:
        squares = ORIENTATIONS[STRAIGHT][move["rotation"]].squares
        covered = {(move["row"] + r, move["col"] + c) for r, c, _ in squares}
        assert CENTRE in covered
    assert rule_of(state, 0, place(0, 0, 0)) == "first_tile_on_centre"
    after = play(state, 0, place(9, 9, 1))
    assert after.tiles == [(STRAIGHT, 9, 9, 1, 0)]


def test_tile_covers_three_empty_squares():
    state = started()
    assert rule_of(state, 1, place(10, 8, 0)) == "square_taken"
    assert rule_of(state, 1, place(11, 9, 1)) == "square_taken"


def test_tile_stays_inside_the_board():
    state = started()
    assert rule_of(state, 1, place(0, 17, 0)) == "off_board"
    assert rule_of(state, 1, place(17, 3, 1)) == "off_board"
    assert rule_of(state, 1, place(-1, 3, 1)) == "off_board"


def test_open_must_face_open_no_impasse():
    # a closed side laid against the centre tile's open north end
    state = started()
    assert rule_of(state, 1, place(8, 8, 0)) == "channel_mismatch"


def test_closed_must_face_closed():
    # an opening laid against the centre tile's closed west side
    state = started()
    assert rule_of(state, 1, place(9, 8, 1)) == "channel_mismatch"


def test_opening_may_face_an_empty_square_or_the_board_edge():
    state = started()
    after = play(state, 1, place(6, 9, 1))  # its east opening faces an empty square
    assert after.tiles[-1] == (STRAIGHT, 6, 9, 1, 1)
    state = position(
        [CENTRE_TILE, (STRAIGHT, 6, 9, 1), (STRAIGHT, 3, 9, 1)],
        held={1: [CORNER_STRAIGHT]},
        to_move=1,
    )
    after = play(state, 1, place(0, 9, 1))  # its north opening faces the edge
    assert after.scores[0] == 2


def test_placement_must_extend_a_channel():
    state = started()
    assert rule_of(state, 1, place(9, 8, 3)) == "no_channel_extended"  # touches closed sides only
    assert rule_of(state, 1, place(2, 2, 0)) == "no_channel_extended"  # touches nothing


def test_tiles_touch_only_along_a_side():
    # diagonal to the centre tile's open north end: no channel is extended
    state = started()
    assert rule_of(state, 1, place(8, 10, 0)) == "no_channel_extended"


def test_legal_moves_are_exactly_the_legal_placements():
    state = started()
    moves = ENGINE.legal_moves(state, 1)
    listed = {(m["row"], m["col"], m["rotation"]) for m in moves}
    brute = {
        (r, c, q)
        for r in range(SIZE)
        for c in range(SIZE)
        for q in range(4)
        if placement_legal(state, STRAIGHT, r, c, q)
    }
    assert listed == brute and (6, 9, 1) in listed and (12, 9, 1) in listed
    assert all(m["tile"] == 0 for m in moves)


@pytest.mark.parametrize("seed", range(6))
def test_fast_enumeration_matches_brute_force(seed):
    rng = random.Random(seed)
    state = new()
    for _ in range(rng.randrange(20, 120)):
        seat = ENGINE.to_act(state)[0]
        after = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
        if not ENGINE.to_act(after):
            break
        state = after
    for k in range(len(KINDS)):
        brute = sorted(
            (r, c, q)
            for r in range(SIZE)
            for c in range(SIZE)
            for q in range(4)
            if placement_legal(state, k, r, c, q)
        )
        assert placements(state, k) == brute


def test_drawn_tile_must_be_placed_if_it_can():
    state = position([CENTRE_TILE], fronts=[STRAIGHT, STRAIGHT], to_move=1)
    after = play(state, 1, {"type": "draw", "stack": 0})
    moves = ENGINE.legal_moves(after, 1)
    assert moves and all(m["type"] == "place" for m in moves)
    assert rule_of(after, 1, {"type": "draw", "stack": 1}) == "must_place"
    assert rule_of(state, 1, place(6, 9, 1)) == "draw_first"


def _random_game(seed, seats=2, **options):
    rng = random.Random(seed)
    state = ENGINE.new_game(seats=seats, options=options, rng=rng)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    return state


@pytest.mark.parametrize("seed", range(3))
def test_game_ends_when_the_drawn_tile_cannot_be_placed(seed):
    state = _random_game(seed)
    assert state.end == "blocked" and state.last["kind"] == "draw"
    stuck = state.held[state.to_move]
    assert len(stuck) == 1 and placements(state, stuck[0]) == []
    assert all(ENGINE.legal_moves(state, s) == [] for s in range(2))
    assert ENGINE.outcome(state) is not None


def test_game_ends_when_the_supply_is_empty():
    state = started()
    for column in state.supply:
        for stack in column:
            stack.clear()
    after = play(state, 1, place(6, 9, 1))
    assert after.end == "supply_empty" and ENGINE.to_act(after) == ()


# -- scoring -------------------------------------------------------------------------------------


def test_each_opening_on_an_edge_scores_one_two_on_a_marked_position():
    state = laid([(ONE_SIDE, 0, 8, 0)])  # openings on North positions 8, 9 (marked), 10
    assert state.scores == [4, 0, 0, 0]
    state = laid([(ONE_SIDE, 0, 0, 0)])  # North 0, 1, 2
    assert state.scores == [3, 0, 0, 0]
    state = laid([(ONE_SIDE, 2, 0, 3)])  # West 2, 3 (marked), 4
    assert state.scores == [0, 0, 0, 4]
    state = laid([(ONE_SIDE, 18, 14, 2), (ONE_SIDE, 14, 18, 1)])  # South 14-16, East 14-16
    assert state.scores == [0, 4, 4, 0]


def test_openings_not_on_an_edge_do_not_score():
    assert laid([CENTRE_TILE]).scores == [0, 0, 0, 0]
    assert laid([(ONE_SIDE, 1, 8, 0)]).scores == [0, 0, 0, 0]


def test_corner_square_scores_for_the_edge_it_faces():
    state = laid([(CORNER_STRAIGHT, 0, 0, 0)])  # the corner square opens north and west
    assert state.scores == [1, 0, 0, 1]


def test_seat_0_owns_north_and_south_seat_1_west_and_east():
    assert ENGINE.seat_roles(new()) == ("north_south", "west_east")
    state = laid([(ONE_SIDE, 0, 8, 0), (ONE_SIDE, 18, 0, 2), (ONE_SIDE, 2, 0, 3)])
    assert state.products() == [4 * 3, 0 * 4]


def _over(state):
    state.phase, state.end = "over", "blocked"
    return state


def test_higher_product_wins():
    state = _over(
        laid([(ONE_SIDE, 0, 8, 0), (ONE_SIDE, 18, 0, 2), (ONE_SIDE, 2, 0, 3), (ONE_SIDE, 2, 18, 1)])
    )
    outcome = ENGINE.outcome(state)
    assert state.products() == [12, 16]
    assert outcome.winners == (1,) and outcome.ranking == ((1,), (0,))
    assert outcome.reason == "higher_product" and outcome.scores == (12.0, 16.0)


def test_equal_products_are_a_draw():
    state = _over(laid([(ONE_SIDE, 0, 0, 0), (ONE_SIDE, 2, 0, 3)]))  # 3 x 0 and 4 x 0
    outcome = ENGINE.outcome(state)
    assert outcome.draw and outcome.winners == () and outcome.reason == "equal_products"


# -- moves, views, states ------------------------------------------------------------------------


def test_bad_moves_are_refused_with_a_rule():
    state = started()
    assert rule_of(state, 0, place(6, 9, 1)) == "not_your_turn"
    assert rule_of(state, 1, {"type": "fly"}) == "malformed_move"
    assert (
        rule_of(state, 1, {"type": "place", "tile": 0, "row": "a", "col": 1, "rotation": 0})
        == "malformed_move"
    )
    assert rule_of(state, 1, place(6, 9, 1, tile=1)) == "bad_tile"
    assert rule_of(state, 1, {"type": "bid", "value": 3}) == "must_place"
    assert rule_of(state, 1, {**place(6, 9, 1), "extra": 1}) == "malformed_move"


def test_options_are_validated():
    for options in ({"supply_rule": "any"}, {"two_tiles": "yes"}, {"colour": 1}):
        with pytest.raises(InvalidOptions):
            ENGINE.new_game(seats=2, options=options, rng=random.Random(0))


def test_from_dict_refuses_inconsistent_states():
    good = ENGINE.to_dict(started())
    bad = json.loads(json.dumps(good))
    bad["tiles"][0]["col"] = 3  # the first tile off the centre
    broken = [bad]
    bad = json.loads(json.dumps(good))
    bad["held"][1] = [ONE_SIDE, ONE_SIDE]  # too many of a kind
    broken.append(bad)
    bad = json.loads(json.dumps(good))
    bad["supply"][0][3] = bad["supply"][0][3][:2]  # a hole behind the front stack
    broken.append(bad)
    bad = json.loads(json.dumps(good))
    bad["phase"] = "draw"  # holds a tile while drawing
    broken.append(bad)
    for data in broken:
        with pytest.raises(InvalidState):
            ENGINE.from_dict(data)
    assert ENGINE.to_dict(ENGINE.from_dict(good)) == good


def test_describe_names_the_move_without_secrets():
    state = position(fronts=[STRAIGHT, STRAIGHT])
    assert ENGINE.describe(state, 0, {"type": "draw", "stack": 1}) == (
        "Seat 0 draws from supply column 2."
    )
    state = started()
    assert ENGINE.describe(state, 1, place(6, 9, 1)) == (
        "Seat 1 places tile 1-3-7 at j7, rotation 1."
    )


def test_a_draw_reveals_and_a_placement_does_not():
    state = position([CENTRE_TILE], fronts=[STRAIGHT, STRAIGHT], to_move=1)
    drawn = play(state, 1, {"type": "draw", "stack": 0})
    assert ENGINE.reveals(state, drawn)
    assert not ENGINE.reveals(drawn, play(drawn, 1, place(6, 9, 1)))
