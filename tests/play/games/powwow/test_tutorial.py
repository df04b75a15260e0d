"""Pow Wow's guided first game (play/games/powwow/tutorial.py), replayed against the engine: each
step teaches the rule it names, by the move it names, and what it says happens does."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.utils import translation

from play.engines.base import chance_for
from play.games.powwow import GAME
from play.games.tutorial import ANY, accepted_moves, try_move, tutorial_replay

ENGINE = GAME.engine
PACKAGE_DIR = GAME.package_dir
TUTORIAL = GAME.tutorial
BOOK = GAME.rule_book

# The rules issue 51 lists for Pow Wow (the set-up and goal, the roll, choosing a die, the stones,
# the Indians, the hidden cards, the POW WOW cards, the end, the variants), in the order play
# needs them: each taught by a step whose ``rule`` is its anchor.
TAUGHT_IN_ORDER = [
    "regle-powwow-parcours",
    "regle-powwow-lancer-les-des",
    "regle-powwow-cartes-cachees",
    "regle-powwow-choix-d-un-de",
    "regle-powwow-avancer-une-pierre",
    "regle-powwow-indien-de-son-de",
    "regle-powwow-avancer-ou-reculer",
    "regle-powwow-pas-au-dela-du-depart",
    "regle-powwow-pierre-au-bout",
    "regle-powwow-cases-pierres",
    "regle-powwow-relancer-le-de",
    "regle-powwow-cases-mocassins",
    "regle-powwow-cartes-pow-wow",
    "regle-powwow-echange-de-cartes",
    "regle-powwow-echanger-avec-une-pierre",
    "regle-powwow-fin-du-jeu",
    "regle-powwow-variante-deux-joueurs",
]


def _walk():
    """Each step on the scripted path (each step's first accepted move): (index, position,
    the state after its move and replies)."""
    answers: list = []
    position = tutorial_replay(ENGINE, TUTORIAL, answers, GAME.client_move)
    walked = []
    while not position.last:
        step = position.step
        move = None
        if not step.reading:
            move = accepted_moves(ENGINE, step, position.state, position.seat)[0]
        following = tutorial_replay(ENGINE, TUTORIAL, [*answers, move], GAME.client_move)
        after = _after(position, following)
        walked.append((position.index, position, after))
        answers.append(move)
        position = following
    walked.append((position.index, position, position.state))
    return walked


def _after(position, following):
    """The state after a step's moves, before the next step's arrangement."""
    played = following.history[len(position.history) :]
    return played[-1][1] if played else position.state


WALK = _walk()


def _step(anchor: str):
    """The (position, after) of the step teaching ``anchor``."""
    return next((p, a) for _i, p, a in WALK if p.step.rule == anchor)


def _data(state) -> dict:
    return ENGINE.to_dict(state)


def test_every_rule_of_the_base_game_is_taught_by_a_step_in_the_order_play_needs_it():
    anchors = [step.rule for step in TUTORIAL.steps]
    assert anchors == TAUGHT_IN_ORDER
    assert set(anchors) <= {rule.anchor for rule in BOOK.rules}


def test_the_goal_comes_first_and_a_move_second_and_most_steps_are_moves():
    steps = TUTORIAL.steps
    assert steps[0].reading and not steps[1].reading
    assert 10 <= len(steps) <= 20
    assert sum(not step.reading for step in steps) >= len(steps) // 2
    assert steps[-1].reading


def test_the_roll_shows_the_learners_colour_and_the_draft_gives_the_last_die_alone():
    position, after = _step("regle-powwow-lancer-les-des")
    assert sorted(_data(after)["dice"]) == ["blue", "green", "red", "yellow"]
    assert str(TUTORIAL.chance_note)  # told once, where chance first shows (the roll)
    position, after = _step("regle-powwow-choix-d-un-de")
    assert _data(after)["taken"] == ["red", "green", "yellow", "blue"]  # seat 3 had no choice
    assert after.events[-1]["kind"] == "last_die"


def test_the_learner_holds_red_and_a_powwow_card_and_sees_only_their_own():
    for _index, position, _after in WALK[:-1]:
        view = ENGINE.view(position.state, TUTORIAL.learner)
        assert view["hands"][1:] == [None, None, None]
        assert view["neutral"] is None
    first = WALK[0][1]
    assert ENGINE.view(first.state, 0)["hands"][0] == ["powwow", "red"]


def test_a_progress_stone_moves_the_indian_of_the_die_by_the_number_reached():
    position, after = _step("regle-powwow-avancer-une-pierre")
    for move in accepted_moves(ENGINE, position.step, position.state, 0):
        moved = ENGINE.play(position.state, 0, move, chance_for("t", 0))
        corridor = move["corridor"]
        ring = _data(moved)["stones"][corridor]
        number = {"A": 1, "B": 1, "C": 2, "D": 1, "E": 1}[corridor]
        assert ring == 1 and _data(moved)["indians"]["red"] == number


def test_the_blue_die_moves_blue_though_the_learner_has_not_its_card():
    position, _after = _step("regle-powwow-indien-de-son-de")
    data = _data(position.state)
    assert data["taken"][0] == "blue" and "blue" not in data["hands"][0]
    assert data["roller"] != 0 and data["moved"] == [False, True, True, True]  # the last to draft
    position, after = _step("regle-powwow-avancer-ou-reculer")
    assert _data(after)["indians"]["blue"] == _data(position.state)["indians"]["blue"] - 3


@pytest.mark.parametrize(
    ("anchor", "code"),
    [
        ("regle-powwow-avancer-ou-reculer", "back_only_on_dark"),
        ("regle-powwow-pas-au-dela-du-depart", "back_past_start"),
        ("regle-powwow-pierre-au-bout", "stone_waits_at_end"),
    ],
)
def test_each_wrong_move_is_refused_by_the_rule_its_step_teaches(anchor, code):
    position, _after = _step(anchor)
    assert position.step.wrong
    for wrong in position.step.wrong:
        assert try_move(ENGINE, position, wrong, GAME.client_move) == ("illegal", code)
        assert BOOK.refusals[code] == anchor
        assert str(GAME.rule_messages[code])


def test_an_indian_goes_back_exactly_onto_the_start_never_past_it():
    position, after = _step("regle-powwow-pas-au-dela-du-depart")
    assert _data(position.state)["indians"]["yellow"] == 2
    assert _data(after)["indians"]["yellow"] == 0


def test_the_last_stone_to_reach_the_edge_turns_all_five_back():
    position, after = _step("regle-powwow-pierre-au-bout")
    before = _data(position.state)
    assert [c for c, ring in before["stones"].items() if ring != 5] == ["E"]
    moved = ENGINE.play(position.state, 0, position.step.moves[0], chance_for("t", 0))
    assert "stones_turn" in [event["kind"] for event in moved.events]
    assert _data(moved)["indians"]["red"] == before["indians"]["red"] + 7
    assert _data(after)["direction"] == -1  # still after the others' moves, inward


def test_a_stone_square_gives_a_prediction_stone_and_the_reroll_spends_it_for_red():
    position, after = _step("regle-powwow-cases-pierres")
    for move in position.step.moves:
        moved = _data(ENGINE.play(position.state, 0, move, chance_for("t", 0)))
        assert moved["indians"]["red"] == 20 and moved["prediction_stones"][0] == 1
    position, after = _step("regle-powwow-relancer-le-de")
    assert _data(position.state)["taken"][0] == "green"
    assert _data(after)["taken"][0] == "red" and _data(after)["prediction_stones"][0] == 0


def test_the_moccasin_square_lets_the_learner_give_the_powwow_card_away_whoever_they_pick():
    position, after = _step("regle-powwow-cases-mocassins")
    for move in position.step.moves:
        moved = ENGINE.play(position.state, 0, move, chance_for("t", 0))
        assert moved.phase == "moccasin" and _data(moved)["indians"]["red"] == 26
    position, _after = _step("regle-powwow-echange-de-cartes")
    answers = position.answers
    for move in position.step.moves:
        swapped = tutorial_replay(ENGINE, TUTORIAL, [*answers, move], GAME.client_move)
        hand = _data(swapped.state)["hands"][0]
        assert "powwow" not in hand and "red" in hand


def test_reaching_the_finish_without_an_exact_count_wins_for_the_holder_of_its_card():
    position, _after = _step("regle-powwow-fin-du-jeu")
    assert _data(position.state)["indians"]["red"] == 44
    for move in position.step.moves:
        over = ENGINE.play(position.state, 0, move, chance_for("t", 0))
        outcome = ENGINE.outcome(over)
        assert _data(over)["indians"]["red"] == 48
        assert outcome.winners == (0,) and outcome.reason == "indian_finished"


def test_the_last_step_names_the_variants_and_offers_the_usual_table():
    last = TUTORIAL.steps[-1]
    assert "tas neutre" in str(last.text) and "tiré au sort" in str(last.text)
    assert {option.name for option in ENGINE.info.options} == {"first_roller"}
    players = TUTORIAL.play_options["players"]
    assert ENGINE.info.min_seats <= players <= ENGINE.info.max_seats
    assert players == TUTORIAL.seats  # the table the learner has just played


def _sentences(text) -> int:
    return len([s for s in re.split(r"[.!?](?:\s|$)", str(text)) if s.strip()])


def test_a_scripted_learner_moves_within_30_seconds_and_finishes_within_5_minutes():
    """3 s of reading a sentence, a tap as soon as a step shows (issue 51's measure)."""
    reading = [3 * _sentences(step.text) for step in TUTORIAL.steps]
    assert reading[0] + 3 * _sentences(TUTORIAL.chance_note) + reading[1] <= 30
    assert sum(reading) + 3 * _sentences(TUTORIAL.chance_note) <= 300


def test_every_move_step_offers_moves_the_board_can_draw():
    """A die to take is one the roll shows; an advance names a corridor; ANY only where every
    legal move is a forward advance (a tap on the tipi)."""
    for _index, position, _after in WALK[:-1]:
        step = position.step
        if step.reading:
            continue
        moves = [*accepted_moves(ENGINE, step, position.state, 0), *step.wrong]
        for move in moves:
            if move["type"] == "take":
                assert move["colour"] in position.state.dice
            if move["type"] == "advance":
                assert move["corridor"] in "ABCDE"
        if step.moves == ANY:
            assert all(m["type"] == "advance" and not m["back"] for m in moves)


def test_every_word_of_the_tutorial_has_its_english():
    catalogue = Path(PACKAGE_DIR, "locale", "en", "LC_MESSAGES", "django.mo")
    with catalogue.open("rb") as handle:
        english = gettext.GNUTranslations(handle)
    with translation.override("fr"):
        french = [str(TUTORIAL.chance_note)]
        french += [str(text) for step in TUTORIAL.steps for text in (step.text, step.hint) if text]
    assert len(french) == 1 + len(TUTORIAL.steps) + sum(bool(s.hint) for s in TUTORIAL.steps)
    assert [text for text in french if english.gettext(text) == text] == []
