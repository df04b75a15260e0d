"""Prairie / Buffalo rules, one test per rule (RULES.md §1 and the engine's house decisions)."""

from __future__ import annotations

import json
import os
import random

import pytest

from play.engines.base import IllegalMove, InvalidOptions, InvalidState, Outcome
from play.games.buffalo import board as bb
from play.games.buffalo.engine import (
    MAX_PLIES,
    BuffaloEngine,
    BuffaloState,
    move_info,
    perft,
)
from play.games.buffalo.series import BuffaloSeries, default_removed_column, next_round

ENGINE = BuffaloEngine()
BUFFALO, INDIANS = 0, 1  # seats with the default options


def new_game(**options) -> BuffaloState:
    return ENGINE.new_game(seats=2, options=options, rng=random.Random(0))


def move(frm: str, to: str) -> dict:
    return {"from": frm, "to": to}


def targets(state: BuffaloState, seat: int, frm: str) -> set[str]:
    return {m["to"] for m in ENGINE.legal_moves(state, seat) if m["from"] == frm}


def play(state: BuffaloState, *moves: tuple[str, str]) -> BuffaloState:
    for frm, to in moves:
        state = ENGINE.play(state, ENGINE.to_act(state)[0], move(frm, to), random.Random(0))
    return state


def illegal_rule(state: BuffaloState, seat: int, mv: dict) -> str:
    before = ENGINE.to_dict(state)
    with pytest.raises(IllegalMove) as error:
        ENGINE.play(state, seat, mv, random.Random(0))
    assert ENGINE.to_dict(state) == before
    return error.value.rule


# Board and start ------------------------------------------------------------------------------


def test_board_is_11_by_7():
    view = ENGINE.view(new_game(), None)
    assert view["board"] == {"columns": 11, "rows": 7, "files": "abcdefghijk"}
    assert bb.square_index("a1") == 0 and bb.square_index("k7") == 76
    for bad in ("l1", "a0", "a8", "k", "", "a10", None):
        with pytest.raises(ValueError):
            bb.square_index(bad)


def test_start_position():
    view = ENGINE.view(new_game(), None)
    assert view["buffalo"] == [f"{c}1" for c in "abcdefghijk"]
    assert view["chief"] == "f6"
    assert sorted(view["dogs"]) == ["d6", "e6", "g6", "h6"]


def test_buffalo_moves_first():
    state = new_game()
    assert ENGINE.to_act(state) == (BUFFALO,)
    assert ENGINE.legal_moves(state, INDIANS) == []
    assert {m["from"] for m in ENGINE.legal_moves(state, BUFFALO)} == {
        f"{c}1" for c in "abcdefghijk"
    }


def test_each_turn_moves_one_piece_and_sides_alternate():
    state = play(new_game(), ("a1", "a2"))
    assert ENGINE.to_act(state) == (INDIANS,)
    state = play(state, ("f6", "f5"))
    assert ENGINE.to_act(state) == (BUFFALO,)
    assert ENGINE.view(state, None)["buffalo"].count("a2") == 1


# Buffalo ----------------------------------------------------------------------------------------


def test_buffalo_steps_forward_only():
    state = BuffaloState.setup(buffalo=["c3", "e1"], dogs=["a5", "b6", "j6", "k5"], chief="h4")
    assert targets(state, BUFFALO, "c3") == {"c4"}
    for to in ("c5", "c2", "b4", "d4", "b3", "d3"):
        assert illegal_rule(state, BUFFALO, move("c3", to)) == "buffalo_one_step_forward"


def test_blocked_buffalo_cannot_move():
    state = BuffaloState.setup(buffalo=["c3", "e1"], dogs=["c4", "b6", "j6", "k5"], chief="h4")
    assert targets(state, BUFFALO, "c3") == set()
    assert targets(state, BUFFALO, "e1") == {"e2"}


def test_buffalo_never_captures():
    state = BuffaloState.setup(
        buffalo=["c3", "e4", "a1"], dogs=["c4", "b6", "j6", "k5"], chief="e5"
    )
    assert illegal_rule(state, BUFFALO, move("c3", "c4")) == "buffalo_never_captures"
    assert illegal_rule(state, BUFFALO, move("e4", "e5")) == "buffalo_never_captures"
    assert illegal_rule(state, BUFFALO, move("c3", "d4")) == "buffalo_one_step_forward"


# Dogs -------------------------------------------------------------------------------------------


def test_dog_slides_like_a_queen():
    state = BuffaloState.setup(
        buffalo=["a1"], dogs=["e4", "k2", "k6", "a6"], chief="h6", side="indians"
    )
    row = {f"{c}4" for c in "abcdfghijk"}
    column = {"e2", "e3", "e5", "e6"}
    diagonals = {"d5", "c6", "f5", "g6", "d3", "c2", "f3", "g2"}
    assert targets(state, INDIANS, "e4") == row | column | diagonals


def test_dog_cannot_jump():
    state = BuffaloState.setup(
        buffalo=["e3", "g5"], dogs=["e4", "c4", "k2", "k6"], chief="h6", side="indians"
    )
    reach = targets(state, INDIANS, "e4")
    assert "d4" in reach and "b4" not in reach and "a4" not in reach  # dog on c4
    assert {"f5", "g6"} <= reach  # the g5 buffalo is beside that diagonal, not on it
    assert "e2" not in reach  # buffalo on e3
    assert illegal_rule(state, INDIANS, move("e4", "a4")) == "dog_cannot_jump"
    assert illegal_rule(state, INDIANS, move("e4", "e2")) == "dog_cannot_jump"


def test_dog_cannot_enter_row_1_or_7():
    state = play(new_game(), ("a1", "a2"))
    for m in ENGINE.legal_moves(state, INDIANS):
        assert m["to"][1] not in "17"
    assert illegal_rule(state, INDIANS, move("d6", "d7")) == "dog_forbidden_row"
    assert illegal_rule(state, INDIANS, move("d6", "c7")) == "dog_forbidden_row"
    low = BuffaloState.setup(
        buffalo=["a1"], dogs=["d2", "k2", "k6", "a6"], chief="h6", side="indians"
    )
    assert not any(to[1] == "1" for to in targets(low, INDIANS, "d2"))
    assert illegal_rule(low, INDIANS, move("d2", "d1")) == "dog_forbidden_row"


def test_dog_cannot_cross_row_7():
    """Rows 1 and 7 are the board's edges: a dog on row 6 has no move upward at all."""
    state = play(new_game(), ("a1", "a2"))
    assert all(int(to[1]) <= 6 for to in targets(state, INDIANS, "d6"))
    assert not any(int(to[1]) > 6 for m in ENGINE.legal_moves(state, INDIANS) for to in [m["to"]])


def test_dogs_never_capture():
    state = BuffaloState.setup(
        buffalo=["e3"], dogs=["e5", "k2", "k6", "a6"], chief="h6", side="indians"
    )
    assert "e3" not in targets(state, INDIANS, "e5")
    assert illegal_rule(state, INDIANS, move("e5", "e3")) == "dogs_never_capture"
    state = BuffaloState.setup(
        buffalo=["e4"], dogs=["e5", "k2", "k6", "a6"], chief="h6", side="indians"
    )
    assert illegal_rule(state, INDIANS, move("e5", "e4")) == "dogs_never_capture"
    assert illegal_rule(state, INDIANS, move("e5", "f3")) == "dog_queen_line"


# Chief ------------------------------------------------------------------------------------------


def test_chief_steps_like_a_king():
    state = BuffaloState.setup(
        buffalo=["a1"], dogs=["a3", "k2", "k6", "a6"], chief="f4", side="indians"
    )
    assert targets(state, INDIANS, "f4") == {"e3", "f3", "g3", "e4", "g4", "e5", "f5", "g5"}
    assert illegal_rule(state, INDIANS, move("f4", "f6")) == "chief_king_step"


def test_chief_captures_buffalo():
    state = BuffaloState.setup(
        buffalo=["e3", "a1"], dogs=["a3", "k2", "k6", "a6"], chief="f4", side="indians"
    )
    assert "e3" in targets(state, INDIANS, "f4")
    assert ENGINE.describe(state, INDIANS, move("f4", "e3")) == "chief f4→e3 (captures buffalo)"
    after = play(state, ("f4", "e3"))
    view = ENGINE.view(after, None)
    assert view["chief"] == "e3" and view["buffalo"] == ["a1"]
    assert view["last_move"] == {"from": "f4", "to": "e3", "piece": "chief", "capture": True}
    assert view["captured"] == 10  # 11 at the start, one left


def test_chief_cannot_enter_rows_1_or_7():
    state = BuffaloState.setup(
        buffalo=["a1", "e1"], dogs=["a3", "k2", "k6", "a6"], chief="e2", side="indians"
    )
    assert targets(state, INDIANS, "e2") == {"d2", "f2", "d3", "e3", "f3"}
    assert illegal_rule(state, INDIANS, move("e2", "e1")) == "chief_forbidden_row"
    top = play(new_game(), ("a1", "a2"))
    assert illegal_rule(top, INDIANS, move("f6", "f7")) == "chief_forbidden_row"


def test_chief_cannot_step_onto_a_dog():
    top = play(new_game(), ("a1", "a2"))
    assert targets(top, INDIANS, "f6") == {"e5", "f5", "g5"}
    assert illegal_rule(top, INDIANS, move("f6", "e6")) == "square_occupied"


# End of the game --------------------------------------------------------------------------------


def test_buffalo_win_on_reaching_row_7():
    state = BuffaloState.setup(buffalo=["c6", "e1"], dogs=["a3", "k2", "k6", "a6"], chief="h4")
    after = play(state, ("c6", "c7"))
    outcome = ENGINE.outcome(after)
    assert outcome == Outcome(
        winners=(BUFFALO,), ranking=((BUFFALO,), (INDIANS,)), reason="buffalo_crossed"
    )
    assert ENGINE.to_act(after) == ()
    assert ENGINE.legal_moves(after, INDIANS) == []


def test_indians_win_when_all_buffalo_captured():
    state = BuffaloState.setup(
        buffalo=["e3"], dogs=["a3", "k2", "k6", "a6"], chief="f4", side="indians"
    )
    after = play(state, ("f4", "e3"))
    assert ENGINE.outcome(after).winners == (INDIANS,)
    assert ENGINE.outcome(after).reason == "all_captured"
    assert ENGINE.to_act(after) == ()


def test_indians_win_when_no_buffalo_can_move():
    state = BuffaloState.setup(
        buffalo=["c3", "e4"], dogs=["c4", "e6", "k2", "k6"], chief="h4", side="indians"
    )
    after = play(state, ("e6", "e5"))  # the last free buffalo is blocked
    assert ENGINE.outcome(after).winners == (INDIANS,)
    assert ENGINE.outcome(after).reason == "buffalo_blocked"


def test_no_legal_move_loses():
    """The side to move without a move loses: buffalo blocked on their turn lose at once."""
    blocked = BuffaloState.setup(buffalo=["c3"], dogs=["c4", "e6", "k2", "k6"], chief="h4")
    assert ENGINE.outcome(blocked).winners == (INDIANS,)
    # The Indians can never be stalemated on a real board (see the engine docstring); the rule
    # itself still holds for them: with every square around their pieces filled they lose.
    squares = ["a4", "b4", "c4", "c3", "c2"]  # not a reachable game (two buffalo per column)
    b = sum(1 << bb.square_index(s) for s in squares)
    d = sum(1 << bb.square_index(s) for s in ["a3", "b3", "b2", "k6"])
    stuck_dog = sum(1 << bb.square_index(s) for s in ["j6", "k5", "j5"])
    result = bb.winner(b | stuck_dog, d, bb.square_index("a2"), bb.INDIAN_SIDE)
    assert result == (bb.BUFFALO_SIDE, "no_legal_move")


def test_blocked_buffalo_lose_on_their_turn_by_default():
    state = BuffaloState.setup(buffalo=["c3", "e4"], dogs=["c4", "e6", "k2", "k6"], chief="h4")
    after = play(state, ("e4", "e5"))  # every buffalo blocked, but the Indians move first
    assert ENGINE.outcome(after) is None and ENGINE.to_act(after) == (INDIANS,)
    final = play(after, ("h4", "h5"))
    assert ENGINE.outcome(final).reason == "buffalo_blocked"


def test_immobilised_buffalo_at_once_option():
    options = {"immobilised_buffalo": "at_once"}
    state = BuffaloState.setup(
        buffalo=["c3", "e4"], dogs=["c4", "e6", "k2", "k6"], chief="h4", options=options
    )
    after = play(state, ("e4", "e5"))
    assert ENGINE.outcome(after).winners == (INDIANS,)
    assert ENGINE.outcome(after).reason == "buffalo_blocked"


def test_game_is_finite_and_has_no_draws():
    rng = random.Random(7)
    for _ in range(20):
        state = new_game()
        plies = 0
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
            plies += 1
        assert plies <= MAX_PLIES
        outcome = ENGINE.outcome(state)
        assert not outcome.draw and len(outcome.winners) == 1


# Illegal moves ----------------------------------------------------------------------------------


def test_illegal_move_raises_and_leaves_state_untouched():
    state = new_game()
    assert illegal_rule(state, INDIANS, move("f6", "f5")) == "not_your_turn"
    assert illegal_rule(state, BUFFALO, move("f6", "f5")) == "not_your_piece"
    assert illegal_rule(state, BUFFALO, move("a1", "a3")) == "buffalo_one_step_forward"
    assert illegal_rule(state, BUFFALO, {"from": "a1"}) == "malformed_move"
    assert illegal_rule(state, BUFFALO, {"from": "a1", "to": "a2", "x": 1}) == "malformed_move"
    assert illegal_rule(state, BUFFALO, "a1a2") == "malformed_move"
    assert illegal_rule(state, BUFFALO, move("a1", "z9")) == "off_board"
    over = play(
        BuffaloState.setup(buffalo=["c6"], dogs=["a3", "k2", "k6", "a6"], chief="h4"), ("c6", "c7")
    )
    assert illegal_rule(over, INDIANS, move("h4", "h5")) == "game_over"


def test_play_returns_a_new_state():
    state = new_game()
    before = ENGINE.to_dict(state)
    after = ENGINE.play(state, BUFFALO, move("a1", "a2"), random.Random(0))
    assert after is not state and ENGINE.to_dict(state) == before


# Perft ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "count"), [(1, 11), (2, 595), (3, 6433), (4, 381796)])
def test_perft_from_start(depth, count):
    assert perft(new_game(), depth) == count


@pytest.mark.skipif(not os.environ.get("BUFFALO_PERFT5"), reason="about 2 s: set BUFFALO_PERFT5=1")
def test_perft_depth_5():
    assert perft(new_game(), 5) == 4078531


def test_perft_through_the_generic_path_agrees():
    """The slow path (state.child) gives the same counts as the bitboard one."""
    state = new_game()
    assert sum(perft(state.child(m), 2) for m in state.int_moves()) == 6433


# Handicaps --------------------------------------------------------------------------------------


def test_removed_columns_leave_their_buffalo_out():
    state = new_game(removed_columns=["f", "a"])
    view = ENGINE.view(state, None)
    assert view["buffalo"] == [f"{c}1" for c in "bcdeghijk"]
    assert view["handicap"]["removed_columns"] == ["a", "f"]
    assert perft(state, 1) == 9


@pytest.mark.parametrize("removed", [["l"], ["a", "a"], list("abcdefghijk"), "ab", [1], ["ab"]])
def test_removed_columns_are_validated(removed):
    with pytest.raises(InvalidOptions):
        new_game(removed_columns=removed)


@pytest.mark.parametrize(
    "options",
    [
        {"opening_buffalo_moves": 0},
        {"opening_buffalo_moves": 12},
        {"opening_buffalo_moves": True},
        {"buffalo_seat": 2},
        {"round": 0},
        {"immobilised_buffalo": "never"},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidOptions):
        new_game(**options)


def test_exactly_two_seats():
    with pytest.raises(InvalidOptions):
        ENGINE.new_game(seats=3, options={}, rng=random.Random(0))


def test_opening_turn_moves_k_different_buffalo():
    state = new_game(opening_buffalo_moves=3)
    state = play(state, ("a1", "a2"))
    assert ENGINE.to_act(state) == (BUFFALO,)
    assert "a2" not in {m["from"] for m in ENGINE.legal_moves(state, BUFFALO)}
    assert illegal_rule(state, BUFFALO, move("a2", "a3")) == "opening_different_buffalo"
    state = play(state, ("k1", "k2"))
    assert ENGINE.view(state, None)["handicap"]["opening_moves_left"] == 1
    state = play(state, ("f1", "f2"))
    assert ENGINE.to_act(state) == (INDIANS,)
    state = play(state, ("f6", "f5"), ("a2", "a3"))  # later turns: one buffalo again
    assert ENGINE.to_act(state) == (INDIANS,)


def test_opening_turn_ends_when_no_unmoved_buffalo_can_step():
    state = new_game(opening_buffalo_moves=5, removed_columns=list("abcdefghi"))
    state = play(state, ("j1", "j2"), ("k1", "k2"))
    assert ENGINE.to_act(state) == (INDIANS,)
    assert ENGINE.view(state, None)["handicap"]["opening_moves_left"] == 0


def test_opening_turn_of_one_is_the_standard_game():
    assert perft(new_game(opening_buffalo_moves=1), 3) == 6433
    assert perft(new_game(opening_buffalo_moves=2), 2) == 11 * 10


def test_buffalo_seat_option():
    state = new_game(buffalo_seat=1)
    assert ENGINE.to_act(state) == (1,)
    state = play(state, ("a1", "a2"))
    assert ENGINE.to_act(state) == (0,)


# The handicap series ----------------------------------------------------------------------------


def won(seat: int) -> Outcome:
    return Outcome(winners=(seat,), ranking=((seat,), (1 - seat,)), reason="buffalo_crossed")


def test_series_buffalo_winner_replays_buffalo_with_one_fewer():
    series = BuffaloSeries()
    assert series.options() == {
        "removed_columns": [],
        "opening_buffalo_moves": 1,
        "buffalo_seat": 0,
        "round": 1,
    }
    series = next_round(series, won(0), removed_column="a")
    assert series.options()["removed_columns"] == ["a"] and series.buffalo_seat == 0
    series = next_round(series, won(0))  # no pick: the default order (centre first)
    assert series.options()["removed_columns"] == ["a", "f"]
    assert series.round == 3 and series.winners == (0, 0)
    state = new_game(**series.options())
    assert len(ENGINE.view(state, None)["buffalo"]) == 9


def test_series_chief_winner_keeps_chief_and_opening_grows():
    series = BuffaloSeries()
    for expected in (2, 3, 4):
        series = next_round(series, won(1))
        assert series.options()["opening_buffalo_moves"] == expected
        assert series.options()["removed_columns"] == [] and series.buffalo_seat == 0


def test_series_steps_back_down_the_ladder():
    series = next_round(next_round(BuffaloSeries(), won(1)), won(1))  # opening turn of 3
    series = next_round(series, won(0))  # buffalo win: back to 2
    assert series.opening_buffalo_moves == 2 and series.removed_columns == ()
    series = next_round(next_round(series, won(0)), won(0), removed_column="k")
    assert series.options() == {
        "removed_columns": ["k"],
        "opening_buffalo_moves": 1,
        "buffalo_seat": 0,
        "round": 6,
    }
    series = next_round(series, won(1))  # chief win gives the buffalo back
    assert series.options()["removed_columns"] == [] and series.handicap == 0


def test_series_pick_is_validated_and_capped():
    series = next_round(BuffaloSeries(), won(0), removed_column="c")
    with pytest.raises(ValueError):
        next_round(series, won(0), removed_column="c")  # already empty
    with pytest.raises(ValueError):
        next_round(series, won(1), removed_column="d")  # nothing to remove after a chief win
    for _ in range(12):
        series = next_round(
            series,
            won(0),
            removed_column=default_removed_column(series) if series.removal_choices() else None,
        )
    assert len(series.removed_columns) == 10 and series.opening_buffalo_moves == 1
    for _ in range(25):
        series = next_round(series, won(1))
    assert series.opening_buffalo_moves == 11


def test_series_serialises():
    series = next_round(
        next_round(BuffaloSeries(buffalo_seat=1), won(1), removed_column="b"), won(0)
    )
    data = json.loads(json.dumps(series.to_dict()))
    assert BuffaloSeries.from_dict(data) == series
    with pytest.raises(ValueError):
        BuffaloSeries.from_dict(data | {"round": 7})
    with pytest.raises(ValueError):
        BuffaloSeries.from_dict(data | {"removed_columns": ["b", "b"]})


# Serialisation and views ------------------------------------------------------------------------


def test_to_dict_round_trips_through_json():
    state = play(new_game(opening_buffalo_moves=2, removed_columns=["c"]), ("a1", "a2"))
    data = json.loads(json.dumps(ENGINE.to_dict(state)))
    assert ENGINE.to_dict(ENGINE.from_dict(data)) == data
    state = play(state, ("b1", "b2"), ("f6", "f5"), ("a2", "a3"), ("f5", "e4"))
    data = json.loads(json.dumps(ENGINE.to_dict(state)))
    assert ENGINE.to_dict(ENGINE.from_dict(data)) == data


def _start_data() -> dict:
    return ENGINE.to_dict(play(new_game(), ("a1", "a2"), ("f6", "f5"), ("b1", "b2")))


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"chief": "a2"}, "overlap with a buffalo"),
        ({"chief": "f7"}, "chief on row 7"),
        ({"dogs": ["d6", "e6", "g6"]}, "three dogs"),
        ({"dogs": ["d6", "e6", "g6", "h1"]}, "dog on row 1"),
        ({"dogs": ["d6", "e6", "g6", "z6"]}, "off the board"),
        ({"dogs": ["d6", "e6", "g6", "g6"]}, "one square twice"),
        (
            {"buffalo": ["a2", "a3", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"]},
            "two in a column",
        ),
        ({"side_to_move": "buffalo"}, "side to move against the ply"),
        ({"side_to_move": "nobody"}, "no such side"),
        ({"ply": 1}, "ply too small for the advances"),
        ({"ply": -1}, "negative ply"),
        ({"opening_moves_left": 1}, "opening already over"),
        ({"last_move": {"from": "b1", "to": "b3", "capture": False}}, "impossible last move"),
        ({"options": {"removed_columns": ["b"]}}, "buffalo in a removed column"),
        ({"extra": 1}, "unknown key"),
    ],
)
def test_from_dict_rejects_invalid_states(change, why):
    with pytest.raises(InvalidState):
        ENGINE.from_dict(_start_data() | change)


def test_from_dict_rejects_missing_keys_and_non_mappings():
    data = _start_data()
    del data["dogs"]
    with pytest.raises(InvalidState):
        ENGINE.from_dict(data)
    with pytest.raises(InvalidState):
        ENGINE.from_dict([])


def test_view_is_the_whole_position_for_everyone():
    state = play(new_game(round=3), ("a1", "a2"))
    view = ENGINE.view(state, 0)
    assert view == ENGINE.view(state, 1) == ENGINE.view(state, None)
    json.dumps(view)
    assert view["to_act"] == [INDIANS] and view["side_to_move"] == "indians"
    assert view["last_move"] == {"from": "a1", "to": "a2", "piece": "buffalo", "capture": False}
    assert view["handicap"]["round"] == 3
    assert view["seats"] == {"buffalo": 0, "indians": 1}


def test_describe_and_move_info():
    state = new_game()
    assert ENGINE.describe(state, BUFFALO, move("a1", "a2")) == "buffalo a1→a2"
    assert move_info(state, move("a1", "a2")) == {
        "piece": "buffalo",
        "from": "a1",
        "to": "a2",
        "capture": False,
    }
    state = play(state, ("a1", "a2"))
    assert ENGINE.describe(state, INDIANS, move("d6", "d3")) == "dog d6→d3"


def test_random_playouts_draw_indian_moves_uniformly():
    """The playout's rejection sampler gives every legal Indian move the same chance."""
    state = play(new_game(), ("a1", "a2"))
    expected = {state.child(m).dogs | 1 << state.child(m).chief << 80 for m in state.int_moves()}
    counts: dict[int, int] = {}
    rng = random.Random(5)
    samples = 200 * len(expected)
    for _ in range(samples):
        _, _, dogs, chief, plies = bb.random_playout(
            state.buffalo, state.dogs, state.chief, bb.INDIAN_SIDE, rng, max_plies=1
        )
        assert plies == 1
        key = dogs | 1 << chief << 80
        counts[key] = counts.get(key, 0) + 1
    assert set(counts) == expected
    assert all(110 <= n <= 290 for n in counts.values())  # 200 expected, ±6 standard deviations


def test_random_playouts_end_with_a_winner():
    state = new_game()
    rng = random.Random(9)
    for _ in range(50):
        winner, buffalo, dogs, chief, plies = bb.random_playout(
            state.buffalo, state.dogs, state.chief, bb.BUFFALO_SIDE, rng
        )
        assert winner in (bb.BUFFALO_SIDE, bb.INDIAN_SIDE) and 0 < plies <= MAX_PLIES
        side = bb.INDIAN_SIDE if plies % 2 else bb.BUFFALO_SIDE
        assert bb.winner(buffalo, dogs, chief, side)[0] == winner
