"""Alcatraz rules: one test per rule of RULES.md §2, plus the record's two examples."""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import IllegalMove, InvalidOptions, InvalidState
from play.games.alcatraz.engine import (
    DEFAULT_GUARD_LAYOUT,
    AlcatrazEngine,
    parse_square,
)
from play.games.alcatraz.state import RECENT_POSITIONS

ENGINE = AlcatrazEngine()


class FixedDie(random.Random):
    """A generator whose die always shows ``value`` (to set up alarm scenarios)."""

    def __init__(self, value: int):
        super().__init__(0)
        self.value = value

    def randint(self, a: int, b: int) -> int:
        return self.value


def new(seats: int = 2, **options):
    return ENGINE.new_game(seats=seats, options=options, rng=random.Random(0))


def position(seats=2, prisoners=None, guards=None, to_move=0, boat=None, **options):
    """A position: ``prisoners`` {seat: squares}, ``boat`` {seat: n}, the rest in the cell;
    ``guards`` {row: square} overrides the default layout."""
    data = ENGINE.to_dict(new(seats, **options))
    prisoners, boat = prisoners or {}, boat or {}
    data["prisoners"] = [list(prisoners.get(s, [])) for s in range(seats)]
    data["boat"] = [boat.get(s, 0) for s in range(seats)]
    data["cell"] = [4 - len(data["prisoners"][s]) - data["boat"][s] for s in range(seats)]
    for row, square in (guards or {}).items():
        data["guards"][row - 1] = square
    data["to_move"] = to_move
    return ENGINE.from_dict(data)


def move(origin, target):
    return {"type": "move", "from": origin, "to": target}


def board(origin):
    return {"type": "board", "from": origin}


def play(state, seat, m, rng=None):
    return ENGINE.play(state, seat, m, rng or random.Random(0))


def guards_of(state):
    return ENGINE.to_dict(state)["guards"]


def prisoners_of(state, seat):
    return ENGINE.to_dict(state)["prisoners"][seat]


def targets(state, seat, origin):
    return {m["to"] for m in ENGINE.legal_moves(state, seat) if m.get("from") == origin}


def rule_of(state, seat, m, rng=None):
    before = ENGINE.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(state, seat, m, rng or random.Random(0))
    assert ENGINE.to_dict(state) == before
    return caught.value.rule


# -- the board ------------------------------------------------------------------------------------


def test_board_is_9_by_9_with_rows_1_to_8_and_unnumbered_row():
    view = ENGINE.view(new(), None)
    assert view["columns"] == "abcdefghi"
    assert view["unnumbered_row"] == 9
    assert [int(square[1]) for square in view["guards"]] == list(range(1, 9))
    assert parse_square("a1") == (1, 0) and parse_square("i9") == (9, 8)
    assert parse_square("j1") is None and parse_square("a0") is None
    # leaving the cell by one square lands on the unnumbered row, the 9th from the boat
    assert targets(new(), 0, "cell") >= {f"{c}9" for c in "abcdefghi"}


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_four_prisoners_each_start_in_cell(seats):
    data = ENGINE.to_dict(new(seats))
    assert data["cell"] == [4] * seats
    assert data["boat"] == [0] * seats
    assert data["prisoners"] == [[] for _ in range(seats)]


def test_default_guard_layout():
    assert list(DEFAULT_GUARD_LAYOUT) == ["e1", "a2", "i3", "a4", "i5", "a6", "i7", "a8"]
    assert guards_of(new()) == list(DEFAULT_GUARD_LAYOUT)


def test_nine_hatched_squares():
    hatched = ENGINE.view(new(), 0)["hatched"]
    assert sorted(hatched) == sorted(f"{c}{r}" for c in "def" for r in (1, 2, 3))
    state = position(prisoners={0: ["c3", "g3", "d4", "d3"]})
    boards = [m["from"] for m in ENGINE.legal_moves(state, 0) if m["type"] == "board"]
    assert boards == ["d3"]
    assert rule_of(state, 0, board("c3")) == "not_on_hatched_square"


# -- prisoners ------------------------------------------------------------------------------------


def test_leaving_cell_first_square_counts_one():
    after = play(new(), 0, move("cell", "e9"))
    assert after.events[0]["distance"] == 1
    after = play(new(), 0, move("cell", "c7"))
    assert after.events[0]["distance"] == 3
    assert guards_of(after)[6] == "f7"  # the row-7 guard moved 3
    assert ENGINE.to_dict(after)["cell"] == [3, 4]


def test_prisoner_moves_straight_any_distance():
    state = position(prisoners={0: ["e5"]})
    expected = {"e4", "e3", "e2", "e6", "e7", "e8", "e9", "d5", "c5", "b5", "a5", "f5"}
    assert targets(state, 0, "e5") == expected
    after = play(state, 0, move("e5", "a5"))
    assert after.events[0]["distance"] == 4 and prisoners_of(after, 0) == ["a5"]
    assert rule_of(state, 0, move("e5", "f4")) == "not_straight"
    assert rule_of(state, 0, move("e5", "e5")) == "not_straight"


def test_prisoner_passes_over_prisoners():
    state = position(prisoners={0: ["e6"], 1: ["e5"]})
    after = play(state, 0, move("e6", "e4"))
    assert after.events[0]["distance"] == 2  # the square passed over counts
    assert guards_of(after)[3] == "c4"
    assert prisoners_of(after, 1) == ["e5"]


def test_prisoner_cannot_pass_guard():
    state = position(prisoners={0: ["a5"]})
    assert rule_of(state, 0, move("a5", "a3")) == "guard_in_path"
    assert not any(t[0] == "a" and int(t[1]) < 5 for t in targets(state, 0, "a5"))
    state = position(prisoners={0: ["e6"]}, guards={6: "c6"})
    assert rule_of(state, 0, move("e6", "a6")) == "guard_in_path"
    assert not targets(state, 0, "e6") & {"a6", "b6"}


def test_prisoner_must_stop_on_empty_square():
    state = position(prisoners={0: ["e6", "e8"], 1: ["e5"]})
    assert rule_of(state, 0, move("e6", "e5")) == "square_occupied"
    assert rule_of(state, 0, move("e6", "e8")) == "square_occupied"
    assert "e5" not in targets(state, 0, "e6") and "e8" not in targets(state, 0, "e6")
    state = position(prisoners={0: ["b4"]})
    assert rule_of(state, 0, move("b4", "a4")) == "square_occupied"  # the guard's square


# -- guards ---------------------------------------------------------------------------------------


def test_guard_moves_toward_prisoner_by_same_count():
    after = play(new(), 0, move("cell", "c7"))  # 3 squares; the guard comes from the right
    assert after.events[1] == {"kind": "guard", "cause": "move", "row": 7, "from": "i7", "to": "f7"}
    after = play(new(), 0, move("cell", "f8"))  # 2 squares; the guard comes from the left
    assert guards_of(after)[7] == "c8"


def test_guard_catches_other_players_prisoners_on_its_path():
    state = position(seats=3, prisoners={1: ["h7", "f7", "e7"], 2: ["g7"]})
    after = play(state, 0, move("cell", "c7"))  # the guard goes i7 -> f7
    assert prisoners_of(after, 1) == ["e7"]  # h7 passed, f7 landed on: caught; e7 not reached
    assert prisoners_of(after, 2) == []
    assert ENGINE.to_dict(after)["cell"] == [3, 3, 4]
    captured = sorted(e["square"] for e in after.events if e["kind"] == "capture")
    assert captured == ["f7", "g7", "h7"]


def test_own_other_prisoners_not_caught():
    state = position(prisoners={0: ["h7", "f7"], 1: ["g7"]})
    after = play(state, 0, move("cell", "c7"))
    assert prisoners_of(after, 0) == ["c7", "f7", "h7"]
    assert prisoners_of(after, 1) == []
    assert guards_of(after)[6] == "f7"  # the guard now shares f7 with the mover's prisoner
    after = play(after, 1, move("cell", "a9"))
    assert "f6" in targets(after, 0, "f7")  # that prisoner may still leave the guard's square


def test_move_that_gets_own_prisoner_caught_is_illegal():
    state = new()
    assert rule_of(state, 0, move("cell", "f7")) == "would_be_caught"  # guard i7 would reach f7
    assert rule_of(state, 0, move("cell", "g7")) == "would_be_caught"  # ... or pass g7
    assert {"f7", "g7", "h7"}.isdisjoint(targets(state, 0, "cell"))
    assert "e7" in targets(state, 0, "cell")


def test_no_guard_move_on_unnumbered_row():
    after = play(new(), 0, move("cell", "e9"))
    assert guards_of(after) == list(DEFAULT_GUARD_LAYOUT)
    assert [e["kind"] for e in after.events] == ["prisoner"]
    after = play(position(prisoners={0: ["a9"]}), 0, move("a9", "i9"))
    assert guards_of(after) == list(DEFAULT_GUARD_LAYOUT)


# -- the boat -------------------------------------------------------------------------------------


def test_boarding_needs_a_later_turn():
    state = position(prisoners={0: ["e4"]}, guards={1: "a1"})
    assert rule_of(state, 0, {"type": "move", "from": "e4", "to": "boat"}) == "arrived_this_turn"
    assert rule_of(state, 0, board("e4")) == "not_on_hatched_square"
    state = play(state, 0, move("e4", "e3"))  # arrives on a hatched square: the turn is over
    assert ENGINE.to_act(state) == (1,)
    state = play(state, 1, move("cell", "a9"))
    assert board("e3") in ENGINE.legal_moves(state, 0)
    assert ENGINE.to_dict(play(state, 0, board("e3")))["boat"] == [1, 0]


def test_boarding_blocked_by_guard_in_column():
    state = position(prisoners={0: ["e2", "e3"]})  # the row-1 guard stands on e1
    assert rule_of(state, 0, board("e2")) == "boat_blocked_by_guard"
    assert rule_of(state, 0, board("e3")) == "boat_blocked_by_guard"
    state = position(prisoners={0: ["d3"]}, guards={2: "d2"})
    assert rule_of(state, 0, board("d3")) == "boat_blocked_by_guard"
    assert not [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "board"]


def test_prisoner_in_column_does_not_block_boarding():
    state = position(prisoners={0: ["d3"], 1: ["d1", "d2"]})
    assert board("d3") in ENGINE.legal_moves(state, 0)
    assert ENGINE.to_dict(play(state, 0, board("d3")))["boat"] == [1, 0]


# -- the alarm ------------------------------------------------------------------------------------


def boarded(seats=3, boarder=0, extra=None, **options):
    prisoners = {seat: list(squares) for seat, squares in (extra or {}).items()}
    prisoners.setdefault(boarder, []).append("d3")
    return play(position(seats, prisoners, to_move=boarder, **options), boarder, board("d3"))


def test_alarm_left_neighbour_rolls_and_chooses():
    state = boarded(seats=3, boarder=1)
    assert ENGINE.to_act(state) == (2,)  # the left neighbour: the next seat clockwise
    assert ENGINE.legal_moves(state, 2) == [{"type": "roll"}]
    assert rule_of(state, 1, {"type": "roll"}) == "not_your_turn"
    assert rule_of(state, 2, move("cell", "a9")) == "must_roll"
    rolled = play(state, 2, {"type": "roll"}, FixedDie(5))
    assert ENGINE.view(rolled, None)["alarm_roll"] == 5
    assert ENGINE.legal_moves(rolled, 2) == [
        {"type": "alarm", "direction": "left"},
        {"type": "alarm", "direction": "right"},
    ]
    assert rule_of(rolled, 2, move("cell", "a9")) == "must_choose_direction"
    assert ENGINE.to_act(boarded(seats=4, boarder=3)) == (0,)  # wraps round the table
    # the die comes from the generator given to play: same generator, same roll
    assert play(state, 2, {"type": "roll"}, random.Random(7)).roll == random.Random(7).randint(1, 8)


def test_alarm_guard_runs_to_end_catching_everyone_including_roller():
    extra = {0: ["a5"], 1: ["c5"], 2: ["f5"]}
    state = play(boarded(seats=3, boarder=0, extra=extra), 1, {"type": "roll"}, FixedDie(5))
    after = play(state, 1, {"type": "alarm", "direction": "left"})
    assert guards_of(after)[4] == "a5"  # from i5 to the end of the row
    assert [prisoners_of(after, s) for s in range(3)] == [[], [], []]
    assert ENGINE.to_dict(after)["cell"] == [3, 4, 4]  # seat 0 has one prisoner in the boat
    stayed = play(state, 1, {"type": "alarm", "direction": "right"})  # already at that end
    assert [prisoners_of(stayed, s) for s in range(3)] == [["a5"], ["c5"], ["f5"]]


def test_roller_then_plays_normal_turn():
    state = play(boarded(seats=3, boarder=0), 1, {"type": "roll"}, FixedDie(2))
    state = play(state, 1, {"type": "alarm", "direction": "right"})
    assert ENGINE.to_act(state) == (1,)
    assert all(m["type"] == "move" for m in ENGINE.legal_moves(state, 1))
    state = play(state, 1, move("cell", "a9"))
    assert ENGINE.to_act(state) == (2,)


def test_no_alarm_variant():
    state = boarded(seats=3, boarder=0, alarm=False)
    assert ENGINE.to_act(state) == (1,)
    assert all(m["type"] == "move" for m in ENGINE.legal_moves(state, 1))
    assert rule_of(state, 1, {"type": "roll"}) == "no_alarm_pending"


# -- end of the game, passing ---------------------------------------------------------------------


def test_third_prisoner_in_boat_wins():
    state = position(prisoners={0: ["d3"]}, boat={0: 2})
    after = play(state, 0, board("d3"))
    result = ENGINE.outcome(after)
    assert result.winners == (0,) and result.ranking == ((0,), (1,))
    assert result.scores == (3.0, 0.0)
    assert ENGINE.to_act(after) == ()
    assert ENGINE.legal_moves(after, 1) == []
    assert rule_of(after, 1, move("cell", "a9")) == "game_over"


def test_pass_when_no_legal_move():
    # Seat 0: two in the boat, a9 and b9 boxed in by a full row 9 and the guards on a8 and b7.
    state = position(
        seats=3,
        prisoners={0: ["a9", "b9"], 1: ["c9", "d9", "e9", "f9"], 2: ["g9", "h9", "i9"]},
        boat={0: 2},
        guards={7: "b7"},
    )
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]
    assert rule_of(state, 0, move("b9", "b8")) == "must_pass"
    after = play(state, 0, {"type": "pass"})
    assert ENGINE.to_act(after) == (1,) and after.events == [{"kind": "pass", "seat": 0}]
    assert rule_of(new(), 0, {"type": "pass"}) == "cannot_pass"


# -- options --------------------------------------------------------------------------------------


def test_custom_guard_layout_valid():
    layout = ["e1", "b2", "c3", "d4", "f5", "g6", "h7", "b8"]
    assert guards_of(new(guard_layout=layout)) == layout
    assert guards_of(new(guard_layout=" ".join(reversed(layout)))) == layout


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (["d1", "a2", "i3", "a4", "i5", "a6", "i7", "a8"], "middle square e1"),
        (["e1", "a2", "i3", "a4", "i5", "a6", "i7", "a9"], "unnumbered row"),
        (["e1", "a2", "b2", "a4", "i5", "a6", "i7", "a8"], "one guard per numbered row"),
        (["e1", "a2", "i3", "a4", "i5", "a6", "i7"], "one guard per numbered row"),
        (["e1", "a2", "i3", "a4", "i5", "a6", "i7", "z8"], "not a square"),
        (42, "list of 8 squares"),
    ],
)
def test_custom_guard_layout_errors(layout, message):
    with pytest.raises(InvalidOptions, match=message):
        new(guard_layout=layout)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_three_and_four_players(seats):
    state = new(seats)
    order = []
    for column in "abcdefgh"[: seats + 1]:
        seat = ENGINE.to_act(state)[0]
        order.append(seat)
        state = play(state, seat, move("cell", f"{column}9"))
    assert order == [s % seats for s in range(seats + 1)]  # clockwise: seat + 1


@pytest.mark.parametrize("seats", [1, 5])
def test_seat_count_outside_2_to_4_is_refused(seats):
    with pytest.raises(InvalidOptions):
        new(seats)


def test_first_player_option():
    assert ENGINE.to_act(new()) == (0,)
    assert ENGINE.to_act(new(3, first_player=2)) == (2,)
    drawn = {
        ENGINE.new_game(seats=4, options={"first_player": "random"}, rng=random.Random(s)).to_move
        for s in range(30)
    }
    assert len(drawn) > 1
    state = ENGINE.new_game(seats=4, options={"first_player": "random"}, rng=random.Random(3))
    assert state.to_move == random.Random(3).randrange(4)
    with pytest.raises(InvalidOptions):
        new(2, first_player=2)
    with pytest.raises(InvalidOptions):
        new(2, colour="red")


def test_turn_limit_is_a_draw():
    state = new(turn_limit=3)
    for seat, column in zip([0, 1, 0], "abc", strict=True):
        state = play(state, seat, move("cell", f"{column}9"))
    result = ENGINE.outcome(state)
    assert result.draw and result.winners == () and result.reason == "turn_limit"
    assert ENGINE.to_act(state) == ()
    assert state.events[-1] == {"kind": "draw", "turns": 3}


def test_turn_limit_counts_turns_without_a_boarding():
    # a boarding on turn 3 restarts the count: no draw on turn 3 nor 5, a draw 3 turns after it
    state = position(prisoners={0: ["d3"]}, turn_limit=3, alarm=False)
    state = play(state, 0, move("d3", "d2"))  # turn 1
    state = play(state, 1, move("cell", "a9"))  # turn 2
    state = play(state, 0, board("d2"))  # turn 3: boards
    assert state.boarded_turn == 3 and ENGINE.outcome(state) is None
    for seat, column in zip([1, 0], "bc", strict=True):  # turns 4 and 5
        state = play(state, seat, move("cell", f"{column}9"))
        assert ENGINE.outcome(state) is None
    state = play(state, 1, move("cell", "d9"))  # turn 6: three turns without a boarding
    assert ENGINE.outcome(state).reason == "turn_limit"
    rebuilt = ENGINE.from_dict(ENGINE.to_dict(state))
    assert rebuilt.boarded_turn == 3 and ENGINE.outcome(rebuilt).reason == "turn_limit"


def test_states_saved_before_the_boarding_count_load_with_none_yet():
    data = ENGINE.to_dict(position(prisoners={0: ["e5"]}))
    del data["boarded_turn"]
    assert ENGINE.from_dict(data).boarded_turn == 0


# -- the contract: illegal moves, serialisation, view, log ----------------------------------------


@pytest.mark.parametrize(
    ("prisoners", "m", "rule"),
    [
        ({}, {"type": "jump"}, "malformed_move"),
        ({}, move("cell", "k9"), "malformed_move"),
        ({0: ["a9"]}, {"type": "move", "from": "a9"}, "malformed_move"),
        ({0: ["a9", "b9", "c9", "d9"]}, move("cell", "e9"), "no_prisoner_in_cell"),
        ({1: ["e5"]}, move("e5", "e4"), "not_your_prisoner"),
        ({0: ["e5"]}, move("e5", "d4"), "not_straight"),
        ({0: ["a5"]}, move("a5", "a3"), "guard_in_path"),
        ({0: ["e6"], 1: ["e5"]}, move("e6", "e5"), "square_occupied"),
        ({}, move("cell", "g7"), "would_be_caught"),
        ({0: ["c3"]}, board("c3"), "not_on_hatched_square"),
        ({0: ["e5"]}, {"type": "move", "from": "e5", "to": "boat"}, "arrived_this_turn"),
        ({0: ["e2"]}, board("e2"), "boat_blocked_by_guard"),
        ({}, {"type": "roll"}, "no_alarm_pending"),
        ({}, {"type": "alarm", "direction": "left"}, "no_alarm_pending"),
        ({}, {"type": "pass"}, "cannot_pass"),
    ],
)
def test_illegal_move_leaves_state_untouched(prisoners, m, rule):
    assert rule_of(position(prisoners=prisoners), 0, m) == rule


def test_not_your_turn():
    assert rule_of(new(), 1, move("cell", "a9")) == "not_your_turn"


def test_serialisation_round_trip():
    rng = random.Random(11)
    state = new(3, first_player="random")
    for _ in range(300):
        data = ENGINE.to_dict(state)
        rebuilt = ENGINE.from_dict(json.loads(json.dumps(data)))
        assert ENGINE.to_dict(rebuilt) == data
        seat = ENGINE.to_act(state)[0]
        assert ENGINE.legal_moves(rebuilt, seat) == ENGINE.legal_moves(state, seat)
        state = play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)


def test_the_last_turns_positions_are_remembered():
    # Bots avoid going back to a position of the last turns: the state remembers their keys.
    state, rng = new(2), random.Random(4)
    keys = []
    for _ in range(20):
        seat = ENGINE.to_act(state)[0]
        moves = [m for m in ENGINE.legal_moves(state, seat) if m["type"] == "move"]
        state = play(state, seat, rng.choice(moves), rng)
        keys.append(state.position_key())
    assert list(state.recent) == keys[-RECENT_POSITIONS:]
    assert len(set(keys)) == len(keys)  # different positions, different keys
    assert position(prisoners={0: ["e5"]}).position_key() == (
        position(prisoners={0: ["e5"]}).position_key()
    )
    assert position(prisoners={0: ["e5"]}).position_key() != (
        position(prisoners={0: ["e5"]}, to_move=1).position_key()
    )


def test_clone_is_independent():
    state = position(prisoners={0: ["e5"]})
    copy = state.clone()
    after = play(copy, 0, move("e5", "e4"))
    copy.board[0] = 1
    assert ENGINE.to_dict(state) == ENGINE.to_dict(position(prisoners={0: ["e5"]}))
    assert prisoners_of(after, 0) == ["e4"]


def corrupt(change):
    data = ENGINE.to_dict(position(prisoners={0: ["e5"], 1: ["c3"]}))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(seats=5),
        lambda d: d.update(to_move=2),
        lambda d: d["prisoners"][0].append("c3"),  # two prisoners on one square
        lambda d: d["prisoners"][0].append("a1"),  # five prisoners
        lambda d: d["prisoners"][0].append("z1"),
        lambda d: d["guards"].__setitem__(7, "a9"),  # a guard on the unnumbered row
        lambda d: d["guards"].__setitem__(7, "b7"),  # two guards on row 7, none on row 8
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(roll=4),  # a roll outside the alarm
        lambda d: d.update(phase="direction", roll=9),
        lambda d: d.update(winner=0),
        lambda d: d.update(cell=[-1, 3]),
        lambda d: d["options"].update(alarm="yes"),
        lambda d: d.pop("guards"),
        lambda d: d.update(prisoners="e5"),
        lambda d: d.update(recent=[1] * 13),  # more turns than remembered
        lambda d: d.update(recent=["abc"]),
        lambda d: d.update(recent=[-1]),
        lambda d: d.update(recent=[True]),
        lambda d: d.update(recent=7),
        lambda d: d.update(boarded_turn=1),  # after the current turn (0)
        lambda d: d.update(boarded_turn=-1),
        lambda d: d.update(turn=5, boarded_turn=True),
        lambda d: d.update(turn=5, boarded_turn="2"),
        lambda d: d.update(turn=5, phase="over"),  # over without a winner or a stall
    ],
)
def test_from_dict_rejects_bad_data(change):
    with pytest.raises(InvalidState):
        ENGINE.from_dict(corrupt(change))


def test_view_shows_board_and_last_events():
    state = position(seats=3, prisoners={1: ["g7"]})
    after = play(state, 0, move("cell", "c7"))
    view = ENGINE.view(after, None)
    json.dumps(view)
    assert view["guards"][6] == "f7"
    assert view["prisoners"] == [["c7"], [], []]
    assert view["cell"] == [3, 4, 4] and view["boat"] == [0, 0, 0]
    assert "recent" not in view and after.recent
    assert view["to_act"] == [1] and view["alarm_roll"] is None
    assert [e["kind"] for e in view["last_events"]] == ["prisoner", "guard", "capture"]
    assert view["legal_moves"] == []
    assert ENGINE.view(after, 1)["legal_moves"] == ENGINE.legal_moves(after, 1)


def test_describe_includes_captures():
    state = position(prisoners={1: ["g7"]})
    m = move("cell", "c7")
    before = ENGINE.describe(state, 0, m)
    assert "c7" in before and "i7 to f7" in before and "g7 is caught" in before
    assert ENGINE.describe(play(state, 0, m), 0, m) == before
    rolled = play(boarded(seats=2, boarder=0), 1, {"type": "roll"}, FixedDie(6))
    assert "rolls 6" in ENGINE.describe(rolled, 1, {"type": "roll"})


# -- the record's examples ------------------------------------------------------------------------


def test_record_example_prisoner_caught_on_row_7():
    """Record: « Le joueur 0 fait sortir son prisonnier de la cellule … de 3 cases … Son tour se
    termine à la rangée 7. Le gardien de la rangée 7 avance alors de 3 cases en direction de 0 et
    reprend X »."""
    zero, x = 0, 1
    state = position(prisoners={x: ["g7"]}, to_move=zero)
    after = play(state, zero, move("cell", "c7"))
    assert after.events[0]["distance"] == 3 and prisoners_of(after, zero) == ["c7"]
    assert guards_of(after)[6] == "f7"  # 3 squares toward 0
    assert prisoners_of(after, x) == [] and ENGINE.to_dict(after)["cell"][x] == 4


def test_record_example_blocked_boat_and_boarding_next_turn():
    """Record: « Le joueur X se trouve sur une des cases hachurées … Comme un gardien se trouve
    devant lui, il ne peut pas monter dans le bateau. Le joueur O, par contre, pourra monter
    directement dans le bateau lors de son prochain tour »."""
    x, o = 0, 1
    state = position(prisoners={x: ["e2"], o: ["f4"]}, to_move=o)
    state = play(state, o, move("f4", "f3"))  # O reaches a hatched square
    assert rule_of(state, x, board("e2")) == "boat_blocked_by_guard"  # the guard on e1
    state = play(state, x, move("cell", "a9"))
    state = play(state, o, board("f3"))
    assert ENGINE.to_dict(state)["boat"] == [0, 1]
