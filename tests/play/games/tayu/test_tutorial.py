"""Ta Yü's guided first game (play/games/tayu/tutorial.py): each step teaches the rule it names,
its mistakes are refused by that rule, its claims hold on the engine, whatever column the learner
draws from or wherever the free tile goes."""

from __future__ import annotations

import pytest
from django.utils import translation

from play.games.registry import games
from play.games.tayu.tiles import unpadded
from play.games.tutorial import ANY, accepted_moves, try_move, tutorial_replay

PACKAGE = games()["tayu"]
ENGINE = PACKAGE.engine
TUTORIAL = PACKAGE.tutorial
BOOK = PACKAGE.rule_book

# Issue 51: « Ta Yü: the stack to draw from, channels that must continue, the board's edge, the
# blue marks, scoring by multiplication », after the goal and the placements, before the end and
# the scoring; in the order play needs them.
TAUGHT = [
    "regle-tayu-but-du-jeu",
    "regle-tayu-prendre-une-pierre",
    "regle-tayu-case-centrale",
    "regle-tayu-tour-de-role",
    "regle-tayu-canaux-ouverts",
    "regle-tayu-choix-dans-le-talon",
    "regle-tayu-prolonger-un-canal",
    "regle-tayu-bords-du-plateau",
    "regle-tayu-points-par-canal",
    "regle-tayu-multiplication",
    "regle-tayu-pierre-a-poser",
    "regle-tayu-fin-de-partie",
    "regle-tayu-egalite",
]


def scripted_answers(upto: int) -> list:
    """The answers of the scripted path (each step's first accepted move) to step ``upto``."""
    answers: list = []
    position = tutorial_replay(ENGINE, TUTORIAL, [], PACKAGE.client_move)
    while position.index < upto:
        step = position.step
        moves = accepted_moves(ENGINE, step, position.state, position.seat)
        answers.append(None if step.reading else moves[0])
        position = tutorial_replay(ENGINE, TUTORIAL, answers, PACKAGE.client_move)
    return answers


def at(rule: str):
    """The position of the step teaching ``rule``, on the scripted path."""
    index = next(i for i, step in enumerate(TUTORIAL.steps) if step.rule == rule)
    return tutorial_replay(ENGINE, TUTORIAL, scripted_answers(index), PACKAGE.client_move)


def view(state) -> dict:
    return ENGINE.view(state, 0)


def _cells(state):
    """Every covered square with an opening: (row, col, open sides, bit 0 the north)."""
    return [(*unpadded(i), mask) for i, mask in enumerate(state.board) if mask > 0]


def played(position, move):
    """The position after ``move`` (and the step's replies)."""
    answers = [*position.answers, move]
    return tutorial_replay(ENGINE, TUTORIAL, answers, PACKAGE.client_move)


def test_every_rule_of_the_base_game_is_taught_in_the_order_play_needs_it():
    rules = [step.rule for step in TUTORIAL.steps if step.rule]
    assert [rule for rule in rules if rule in TAUGHT] == TAUGHT
    anchors = {rule.anchor for rule in BOOK.rules}
    assert set(rules) <= anchors
    assert 10 <= len(TUTORIAL.steps) <= 20


def test_the_goal_comes_first_and_the_first_move_is_a_draw_with_the_chance_said():
    first = tutorial_replay(ENGINE, TUTORIAL, [None], PACKAGE.client_move)
    assert TUTORIAL.steps[0].reading and first.index == 1
    assert ENGINE.legal_moves(first.state, 0) == [
        {"type": "draw", "stack": 0},
        {"type": "draw", "stack": 1},
    ]
    assert first.step.moves == ANY and str(TUTORIAL.chance_note)


@pytest.mark.parametrize("rule", ["regle-tayu-prendre-une-pierre", "regle-tayu-tour-de-role"])
def test_either_column_brings_the_same_tile_and_the_same_rest(rule):
    position = at(rule)
    assert position.step.moves == ANY
    after = [played(position, {"type": "draw", "stack": column}) for column in (0, 1)]
    assert after[0].state.held[0] == after[1].state.held[0] and len(after[0].state.held[0]) == 1
    # The next step deals the supply again: the two paths are one from there on (but for the
    # log's last move, which names the column).
    same = [{**ENGINE.to_dict(a.state), "last": None} for a in after]
    assert same[0] == same[1]


def test_the_first_tile_covers_the_centre():
    position = at("regle-tayu-case-centrale")
    (move,) = position.step.moves
    after = played(position, move)
    first = ENGINE.to_dict(after.state)["tiles"][0]
    assert (first["row"], first["col"]) == (9, 9) and first["seat"] == 0
    assert view(after.state)["tiles"][1]["seat"] == 1  # the computer answered


def test_a_dead_end_is_refused_by_the_rule_of_open_channels():
    position = at("regle-tayu-canaux-ouverts")
    (wrong,) = position.step.wrong
    assert try_move(ENGINE, position, wrong, PACKAGE.client_move) == ("illegal", "channel_mismatch")
    assert BOOK.refusals["channel_mismatch"] == "regle-tayu-canaux-ouverts"
    # The tempting mistake is what the board shows first (the lower rotation): the tile lying
    # across the channel; « Tourner » stands it up, where it continues the channel.
    (right,) = position.step.moves
    assert wrong["rotation"] < right["rotation"]
    after = played(position, right)
    # Its south opening (bit 2) over the first tile's north opening (bit 0), at J9 over J10.
    cells = _cells(after.state)
    assert (8, 9) in {(r, c) for r, c, mask in cells if mask & 4}
    assert (9, 9) in {(r, c) for r, c, mask in cells if mask & 1}


def test_the_ring_shows_on_the_column_to_draw_from():
    position = at("regle-tayu-choix-dans-le-talon")
    fronts = view(position.state)["fronts"]
    assert [front["ringed"] for front in fronts] == [False, True]
    assert position.step.moves == ({"type": "draw", "stack": 1},)
    # The other column is legal but not this step's: the learner hears the hint.
    other = {"type": "draw", "stack": 0}
    assert try_move(ENGINE, position, other, PACKAGE.client_move) == ("other", "")
    assert "colonne 2" in str(position.step.hint)


def test_the_ring_tile_extends_the_learners_channel_north():
    position = at("regle-tayu-prolonger-un-canal")
    (move,) = position.step.moves
    assert (move["row"], move["col"]) == (3, 9)
    alone = {**move, "row": 15, "col": 2}  # touching no tile
    assert try_move(ENGINE, position, alone, PACKAGE.client_move) == (
        "illegal",
        "no_channel_extended",
    )
    assert BOOK.refusals["no_channel_extended"] == "regle-tayu-prolonger-un-canal"
    after = played(position, move)
    assert any(row == 3 and col == 9 and mask & 1 for row, col, mask in _cells(after.state))


def test_going_past_the_edge_is_refused_and_the_edge_scores_on_a_blue_mark():
    position = at("regle-tayu-bords-du-plateau")
    (wrong,) = position.step.wrong
    assert try_move(ENGINE, position, wrong, PACKAGE.client_move) == ("illegal", "off_board")
    assert BOOK.refusals["off_board"] == "regle-tayu-bords-du-plateau"
    (right,) = position.step.moves
    north = view(position.state)["edge_scores"]["N"]
    after = played(position, right)
    assert north == 0 and view(after.state)["edge_scores"]["N"] == 2  # column J: a blue mark


def test_a_plain_edge_position_scores_one_a_channel():
    position = at("regle-tayu-points-par-canal")
    (move,) = position.step.moves
    before = view(position.state)["edge_scores"]["N"]
    after = played(position, move)
    assert view(after.state)["edge_scores"]["N"] == before + 2  # two channels, one point each


def test_one_edge_alone_multiplies_to_nothing():
    position = at("regle-tayu-multiplication")
    assert view(position.state)["products"][0] == 0
    assert "Nord 4 × Sud 0 = 0" in str(position.step.text)
    (move,) = position.step.moves
    after = played(position, move)
    scores = view(after.state)["edge_scores"]
    assert view(after.state)["products"][0] == scores["N"] * scores["S"] == 8


def test_a_drawn_tile_must_be_placed_wherever_the_learner_puts_it():
    position = at("regle-tayu-pierre-a-poser")
    (wrong,) = position.step.wrong
    assert wrong["type"] == "draw"
    assert try_move(ENGINE, position, wrong, PACKAGE.client_move) == ("illegal", "must_place")
    assert BOOK.refusals["must_place"] == "regle-tayu-pierre-a-poser"
    legal = ENGINE.legal_moves(position.state, 0)
    assert len(position.step.moves) >= len(legal) - 1 >= 8  # nearly anywhere
    for move in position.step.moves:
        after = played(position, move)
        assert view(after.state)["edge_scores"] == view(position.state)["edge_scores"] | {
            "E": 3
        }  # nothing for the learner; the computer reaches its marked East position


@pytest.mark.parametrize("column", [0, 1])
def test_the_last_tile_fits_nowhere_and_ends_the_game(column):
    position = at("regle-tayu-fin-de-partie")
    after = played(position, {"type": "draw", "stack": column})
    outcome = ENGINE.outcome(after.state)
    assert view(after.state)["end"] == "blocked" and outcome is not None
    assert outcome.winners == (0,)
    assert after.step.rule == "regle-tayu-egalite"
    scores, products = view(after.state)["edge_scores"], view(after.state)["products"]
    text = str(after.step.text)
    assert f"Nord {scores['N']} × Sud {scores['S']} = {products[0]}" in text
    assert f"Ouest {scores['W']} × Est {scores['E']} = {products[1]}" in text
    assert products[0] > products[1] > 0


def test_the_end_names_the_variants_and_fills_in_a_real_game():
    last = TUTORIAL.steps[-1]
    assert last.reading
    text = str(last.text)
    for variant in ("gêneur", "équipes", "deux pierres", "plus proche"):
        assert variant in text
    options = {option.name for option in ENGINE.info.options}
    assert options == {"supply_rule", "two_tiles"}
    assert TUTORIAL.play_options == {"players": 2, "seat_1": "bot:beginner"}
    assert "beginner" in PACKAGE.levels_for(2)


def test_every_step_reads_in_english():
    with translation.override("en"):
        english = [str(step.text) for step in TUTORIAL.steps]
        note = str(TUTORIAL.chance_note)
    with translation.override("fr"):
        french = [str(step.text) for step in TUTORIAL.steps]
    assert all(e != f for e, f in zip(english, french, strict=True)), "an untranslated step"
    assert "Nord" not in " ".join(english) and note.startswith("In this tutorial")
