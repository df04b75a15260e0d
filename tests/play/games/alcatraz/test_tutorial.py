"""Alcatraz's guided first game (play/games/alcatraz/tutorial.py) against the engine: the rules the
issue lists, each taught by its step and in the order play needs them; each step's claim as the
engine plays it (the guard that follows, the capture, the alarm, the win); each mistake refused by
the rule the book gives; the die scripted; English words; « Jouer une vraie partie » filled in."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from play.engines.base import chance_for
from play.games.alcatraz.engine import AlcatrazEngine
from play.games.alcatraz.texts import RULE_MESSAGES
from play.games.alcatraz.tutorial import ALARM_ROW, TUTORIAL
from play.games.registry import games
from play.games.tutorial import Replay, try_move, tutorial_replay
from tests.factories import make_game

PACKAGE = games()["alcatraz"]
ENGINE = PACKAGE.engine
BOOK = PACKAGE.rule_book
STEPS = TUTORIAL.steps
RULE = "regle-alcatraz-"


def scripted(index: int) -> list:
    """The answers that lead to step ``index`` (0-based) along the scripted path."""
    replay = Replay(ENGINE, TUTORIAL, PACKAGE.client_move)
    answers = []
    while replay.index < index:
        step = replay.position.step
        answer = None if step.reading else step.moves[0]
        replay.answer(answer)
        answers.append(answer)
    return answers


def position_at(index: int):
    return tutorial_replay(ENGINE, TUTORIAL, scripted(index), PACKAGE.client_move)


def step_of(rule: str) -> int:
    """The index of the step teaching ``rule`` (an anchor without its prefix)."""
    return next(i for i, step in enumerate(STEPS) if step.rule == RULE + rule)


def played(index: int, move, engine=ENGINE):
    """The state after the learner's ``move`` alone on step ``index`` (no reply yet)."""
    position = position_at(index)
    return engine.play(position.state, position.seat, move, chance_for(TUTORIAL.seed, 99))


# -- what it teaches, and in which order --------------------------------------------------------


def test_every_rule_the_issue_lists_is_taught_by_its_step_in_the_order_play_needs_it():
    # Set-up and goal, moves, the guard of the row, no passing a guard, the boat squares, the
    # alarm, then the end and the variants (issue 51), with the base game's other rules between.
    order = [
        "but-du-jeu",
        "sortir-de-la-cellule",
        "gardien-de-la-rangee",
        "prisonnier-repris",
        "ne-pas-se-faire-prendre",
        "vertical-ou-horizontal",
        "pas-par-dessus-un-gardien",
        "depasser-des-prisonniers",
        "cases-hachurees",
        "alarme",
        "alarme-direction-du-gardien",
        "monter-dans-le-bateau",
        "bloc-hachure",
        "fin-du-jeu",
        "variante-sans-alarme",
    ]
    anchors = {rule.anchor for rule in BOOK.rules}
    assert all(RULE + rule in anchors for rule in order)
    assert [step_of(rule) for rule in order] == sorted(step_of(rule) for rule in order)
    assert STEPS[0].rule == RULE + "but-du-jeu" and STEPS[0].reading
    assert not STEPS[1].reading, "a real move at step 2"
    assert STEPS[-1].rule == RULE + "variante-sans-alarme" and STEPS[-1].reading


def test_the_first_and_last_steps_say_the_set_up_the_goal_and_the_variants():
    first, last = str(STEPS[0].text), str(STEPS[-1].text)
    assert "4 prisonniers rouges" in first and "cellule" in first and "3 prisonniers" in first
    assert "bateau" in first
    assert "sans alarme" in last and "gardiens placés" in last
    assert "rangée 1" in last  # the other layouts keep row 1's guard in the middle


def test_a_learner_who_reads_3_s_a_sentence_is_done_within_5_minutes():
    # Each sentence read in 3 s, each tap 1 s (two per move on the board, one per button).
    sentences = sum(len(re.findall(r"[.!?](?:\s|$)", str(step.text))) for step in STEPS)
    taps = sum(
        1 if step.reading or step.moves[0]["type"] in ("roll", "alarm") else 2 for step in STEPS
    )
    assert 10 <= len(STEPS) <= 20
    assert sentences * 3 + taps <= 300


# -- each claim, as the engine plays it ---------------------------------------------------------


def test_the_first_move_leaves_the_cell_for_the_row_without_a_number_and_moves_no_guard():
    index = step_of("sortir-de-la-cellule")
    assert index == 1
    after = played(index, STEPS[index].moves[0])
    assert [e["kind"] for e in after.events] == ["prisoner"]
    assert after.events[0]["distance"] == 1
    assert ENGINE.to_dict(after)["guards"] == ENGINE.to_dict(position_at(index).state)["guards"]


def test_the_guard_of_the_row_follows_the_prisoner_by_as_many_squares():
    index = step_of("gardien-de-la-rangee")
    after = played(index, STEPS[index].moves[0])
    prisoner, guard = after.events
    assert (prisoner["to"], prisoner["distance"]) == ("c7", 2)
    assert (guard["row"], guard["from"], guard["to"]) == (7, "i7", "g7")


def test_the_capture_step_really_sends_the_blue_prisoner_back_to_the_cell():
    index = step_of("prisonnier-repris")
    before = position_at(index).state
    after = played(index, STEPS[index].moves[0])
    assert {"kind": "capture", "seat": 1, "square": "h6"} in after.events
    assert after.cell[1] == before.cell[1] + 1
    assert "h6" not in after.prisoners(1)


def test_the_jump_passes_over_the_blue_prisoner_which_counts_and_stays():
    index = step_of("depasser-des-prisonniers")
    after = played(index, STEPS[index].moves[0])
    assert after.events[0]["distance"] == 3  # b9 (blue), b8, b7
    assert "b9" in after.prisoners(1) and "b7" in after.prisoners(0)


def test_the_learner_rolls_after_blues_boarding_and_the_die_is_arranged():
    index = step_of("alarme")
    position = position_at(index)
    assert position.state.phase == "roll" and position.state.to_move == TUTORIAL.learner
    assert position.state.boat == [0, 1]
    direction = position_at(index + 1)
    assert direction.state.phase == "direction" and direction.state.roll == ALARM_ROW
    assert str(ALARM_ROW) in str(STEPS[index + 1].text)
    assert str(TUTORIAL.chance_note)


@pytest.mark.parametrize(("direction", "caught", "seat"), [("right", "h7", 1), ("left", "b7", 0)])
def test_the_alarm_guard_runs_either_way_catching_every_prisoner_on_its_path(
    direction, caught, seat
):
    index = step_of("alarme-direction-du-gardien")
    move = {"type": "alarm", "direction": direction}
    assert move in STEPS[index].moves  # any legal direction is accepted
    after = played(index, move)
    assert {"kind": "capture", "seat": seat, "square": caught} in after.events
    assert after.phase == "move" and after.to_move == TUTORIAL.learner  # then a normal turn
    assert STEPS[index].check(ENGINE, position_at(index).state, after)


class Recording(AlcatrazEngine):
    """The engine, keeping every event of every move it plays."""

    def __init__(self):
        super().__init__()
        self.events = []

    def play(self, state, seat, move, rng):
        after = super().play(state, seat, move, rng)
        self.events += after.events
        return after


def test_both_dice_are_the_seeds_and_name_row_7_as_the_steps_say():
    index = step_of("monter-dans-le-bateau")
    engine = Recording()
    replay = Replay(engine, TUTORIAL, PACKAGE.client_move)
    for answer in scripted(index + 1):
        replay.answer(answer)
    rolls = [e for e in engine.events if e["kind"] == "roll"]
    # The learner's roll is the arranged one as drawn: the page describes the roll as drawn.
    assert [(e["seat"], e["value"]) for e in rolls] == [(0, ALARM_ROW), (1, ALARM_ROW)]
    assert STEPS[step_of("alarme-direction-du-gardien")].arrange == {"roll": ALARM_ROW}
    assert {"kind": "board", "seat": 0, "from": "d3"} in engine.events


def test_the_third_prisoner_wins_and_the_tutorial_ends_on_the_score():
    index = step_of("bloc-hachure")
    position = position_at(index)
    assert position.state.boat == [2, 1]
    after = played(index, STEPS[index].moves[0])
    outcome = ENGINE.outcome(after)
    assert outcome.winners == (0,) and outcome.scores == (3.0, 1.0)
    end = position_at(len(STEPS) - 1)
    assert end.last and ENGINE.outcome(end.state).winners == (0,)


# -- the mistakes, each refused by the rule the book gives -----------------------------------------

WRONG = {
    "ne-pas-se-faire-prendre": ("would_be_caught", "ne-pas-se-faire-prendre"),
    "vertical-ou-horizontal": ("not_straight", "pas-de-changement-de-direction"),
    "pas-par-dessus-un-gardien": ("guard_in_path", "pas-par-dessus-un-gardien"),
    "depasser-des-prisonniers": ("square_occupied", "un-pion-par-case"),
    "cases-hachurees": ("arrived_this_turn", "monter-dans-le-bateau"),
    "bloc-hachure": ("boat_blocked_by_guard", "monter-dans-le-bateau"),
}


@pytest.mark.parametrize("rule", sorted(WRONG))
def test_each_mistake_is_refused_by_the_rule_the_book_gives(rule):
    code, anchor = WRONG[rule]
    index = step_of(rule)
    position = position_at(index)
    assert STEPS[index].wrong
    for wrong in STEPS[index].wrong:
        assert try_move(ENGINE, position, wrong, PACKAGE.client_move) == ("illegal", code)
    assert BOOK.refusals[code] == RULE + anchor
    assert str(RULE_MESSAGES[code])


def test_every_step_with_a_mistake_teaches_the_rule_the_mistake_breaks_or_its_neighbour():
    # The refused move's rule is the step's, or one its rule links to in the book.
    for index, step in enumerate(STEPS):
        for wrong in step.wrong:
            _, code = try_move(ENGINE, position_at(index), wrong, PACKAGE.client_move)
            broken = BOOK.refusals[code]
            assert broken == step.rule or broken in BOOK.rule(step.rule).related, (index, code)


# -- words ----------------------------------------------------------------------------------------


def test_every_step_is_said_in_english_too():
    with translation.override("en"):
        english = [str(step.text) for step in STEPS] + [str(TUTORIAL.chance_note)]
        hints = [str(step.hint) for step in STEPS if step.hint]
    french = [str(step.text) for step in STEPS] + [str(TUTORIAL.chance_note)]
    assert all(e != f for e, f in zip(english, french, strict=True))
    assert "prisoners" in english[0] and "boat" in english[0]
    assert all(h and "gardien" not in h for h in hints)


# -- « Jouer une vraie partie » -----------------------------------------------------------------


@pytest.mark.django_db
def test_the_last_step_offers_a_real_game_with_the_setup_filled_in(client):
    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    answers = scripted(len(STEPS) - 1)
    response = client.post(
        f"/api/v1/games/{game.slug}/tutorial/",
        {"answers": answers},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["kind"] == "end" and data["step"] == len(STEPS) - 1
    html = client.get(data["play_url"]).content.decode()
    assert re.search(r'<option value="2" selected>', html)  # two players
    seat = html[html.index('name="seat_1"') :]
    assert re.search(r'<option value="bot:beginner"[^>]*selected', seat[: seat.index("</select>")])
    assert re.search(r'name="option_alarm"[^>]*checked', html)
