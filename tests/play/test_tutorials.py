"""Every game's guided first game, replayed against its engine (play.games.tutorial): each scripted
move legal, each claim true, each wrong move refused by a rule its book explains, along every move a
step accepts; and the replay's refusals of answers that are not the tutorial's."""

from __future__ import annotations

import pytest

from play.engines.base import IllegalMove
from play.games.registry import games
from play.games.tutorial import (
    ANY,
    Tutorial,
    TutorialError,
    TutorialStep,
    accepted_moves,
    tutorial_problems,
    tutorial_replay,
)

GAMES = sorted(games())
TUTORED = [slug for slug in GAMES if games()[slug].tutorial_path]


def _problems(package) -> list[str]:
    book = package.rule_book
    return tutorial_problems(
        package.engine,
        package.tutorial,
        package.client_move,
        anchors=frozenset(rule.anchor for rule in book.rules),
        refusals=book.refusals,
    )


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_a_tutorial(slug):
    assert games()[slug].tutorial is not None, f"{slug} has no guided first game"


@pytest.mark.parametrize("slug", TUTORED)
def test_the_tutorial_replays_against_the_engine(slug):
    assert _problems(games()[slug]) == []


@pytest.mark.parametrize("slug", TUTORED)
def test_the_tutorial_teaches_with_moves_a_wrong_move_and_a_scripted_end(slug):
    tutorial = games()[slug].tutorial
    moves = [step for step in tutorial.steps if not step.reading]
    assert len(moves) >= 5, "learning by doing: most steps are moves"
    assert any(step.wrong for step in tutorial.steps), "a mistake to try, and its rule"
    assert tutorial.steps[0].reading and not tutorial.steps[1].reading, "a move at once"
    assert str(tutorial.chance_note) or not games()[slug].engine.info.chance
    for step in tutorial.steps:
        sentences = [s for s in str(step.text).replace("!", ".").split(". ") if s.strip()]
        assert len(sentences) <= 3, f"a step says one rule in a sentence or two: {step.text}"


@pytest.mark.parametrize("slug", TUTORED)
def test_the_scripted_path_reaches_the_last_step(slug):
    package = games()[slug]
    tutorial = package.tutorial
    replay_answers = []
    position = tutorial_replay(package.engine, tutorial, [], package.client_move)
    while not position.last:
        step = position.step
        if step.reading:
            replay_answers.append(None)
        else:
            moves = accepted_moves(package.engine, step, position.state, position.seat)
            replay_answers.append(package.client_move(moves[0]))
        position = tutorial_replay(package.engine, tutorial, replay_answers, package.client_move)
    assert position.index == len(tutorial.steps) - 1
    with pytest.raises(TutorialError) as refused:
        tutorial_replay(package.engine, tutorial, [*replay_answers, None], package.client_move)
    assert refused.value.code == "tutorial_over"


# -- the replay's refusals, on a small tutorial of Prairie / Buffalo ---------------------------


def _toy() -> Tutorial:
    return Tutorial(
        seats=2,
        learner=0,
        steps=(
            TutorialStep("Le but."),
            TutorialStep(
                "Avancez le bison de e1.",
                moves=({"from": "e1", "to": "e2"},),
                wrong=({"from": "e1", "to": "e3"},),
                replies=((1, {"from": "f6", "to": "f5"}),),
                check=lambda engine, before, after: "e2" in engine.to_dict(after)["buffalo"],
            ),
            TutorialStep("Un bison, n'importe lequel.", moves=ANY),
            TutorialStep("Fin."),
        ),
    )


def test_a_toy_tutorial_replays():
    package = games()["buffalo"]
    assert tutorial_problems(package.engine, _toy(), package.client_move) == []


def test_answers_that_are_not_the_tutorials_are_refused_with_the_step():
    engine = games()["buffalo"].engine
    same = games()["buffalo"].client_move
    cases = [
        ([{"from": "a1", "to": "a2"}], 0, "not_expected"),  # a move on a read step
        ([None, {"from": "a1", "to": "a2"}], 1, "not_expected"),  # legal, not the step's
        ([None, {"from": "e1", "to": "e3"}], 1, "not_expected"),  # illegal
        ([None, None], 1, "not_expected"),  # no move where one is due
        ([None, {"from": "e1", "to": "e2"}, "garbage"], 2, "not_expected"),
    ]
    for answers, index, code in cases:
        with pytest.raises(TutorialError) as refused:
            tutorial_replay(engine, _toy(), answers, same)
        assert (refused.value.index, refused.value.code) == (index, code)


def test_a_claim_that_does_not_hold_and_a_legal_wrong_move_are_found():
    package = games()["buffalo"]
    steps = list(_toy().steps)
    steps[1] = TutorialStep(
        "Avancez.",
        moves=({"from": "e1", "to": "e2"},),
        wrong=({"from": "a1", "to": "a2"},),
        replies=((1, {"from": "f6", "to": "f5"}),),
        check=lambda engine, before, after: False,
    )
    broken = Tutorial(seats=2, learner=0, steps=tuple(steps))
    problems = tutorial_problems(package.engine, broken, package.client_move)
    assert "step 2: wrong move {'from': 'a1', 'to': 'a2'} is legal" in problems
    assert any("claim does not hold" in problem for problem in problems)


def test_an_illegal_scripted_reply_is_found():
    package = games()["buffalo"]
    steps = list(_toy().steps)
    steps[1] = TutorialStep(
        "Avancez.", moves=({"from": "e1", "to": "e2"},), replies=((1, {"from": "f6", "to": "f1"}),)
    )
    problems = tutorial_problems(
        package.engine, Tutorial(seats=2, learner=0, steps=tuple(steps)), package.client_move
    )
    assert len(problems) == 1 and problems[0].startswith("step 2:")


def test_every_step_accepts_any_of_its_moves_when_it_offers_several():
    package = games()["buffalo"]
    position = tutorial_replay(package.engine, _toy(), [None, {"from": "e1", "to": "e2"}], dict)
    assert position.index == 2
    for move in package.engine.legal_moves(position.state, 0):
        answers = [None, {"from": "e1", "to": "e2"}, move]
        assert tutorial_replay(package.engine, _toy(), answers, dict).index == 3
    with pytest.raises(IllegalMove):
        package.engine.play(position.state, 0, {"from": "e2", "to": "e4"}, None)
