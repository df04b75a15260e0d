"""Bataclan's guided first game (play/games/bataclan/tutorial.py) does what its words say: the rolls
without a G pass the turn, the base G, the climb, the G turned into a 5, the giant that topples the
pile because the hand shook, the last die that wins; each mistake it lets the learner try is
refused by the rule it teaches; every rule issue 51 lists for Bataclan has its step."""

from __future__ import annotations

import pytest
from django.utils import translation

from play.engines.base import chance_for
from play.games.bataclan import GAME
from play.games.bataclan import tutorial as data
from play.games.bataclan.state import GIANT, STANDARD, G
from play.games.tutorial import Replay, try_move

ENGINE = GAME.engine
TUTORIAL = GAME.tutorial


def walk() -> list[tuple[object, object, object]]:
    """The scripted path: for each step, (the state it shows, the state after the learner's move
    alone, the state after the replies), the learner's moves sent as a client sends them."""
    replay = Replay(ENGINE, TUTORIAL, GAME.client_move)
    states = []
    for step in TUTORIAL.steps[:-1]:
        shown = replay.state
        if step.reading:
            replay.answer(None)
            states.append((shown, shown, replay.after))
            continue
        ply = len(replay.history) + 1
        alone = ENGINE.play(shown, 0, step.moves[0], chance_for(TUTORIAL.seed, ply))
        replay.answer(GAME.client_move(step.moves[0]))
        states.append((shown, alone, replay.after))
    states.append((replay.state, replay.state, replay.state))
    return states


@pytest.fixture(scope="module")
def path():
    return walk()


def step_of(rule: str) -> int:
    return next(i for i, step in enumerate(TUTORIAL.steps) if step.rule == rule)


# Every rule issue 51 lists for Bataclan (set-up, goal, the G as base and as joker, the order, the
# gesture, a fall and the dice taken back, re-rolling, the end and the ranking), in play's order.
TAUGHT_IN_ORDER = (
    "regle-bataclan-but-du-jeu",
    "regle-bataclan-partage-des-des",
    "regle-bataclan-la-main-passe",
    "regle-bataclan-g-de-base",
    "regle-bataclan-ordre-croissant",
    "regle-bataclan-geste-du-curseur",
    "regle-bataclan-poser-au-moins-un-de",
    "regle-bataclan-garder-des-des",
    "regle-bataclan-face-g-joker",
    "regle-bataclan-chute-de-la-pile",
    "regle-bataclan-mettre-de-cote",
    "regle-bataclan-relancer-au-moins-un-de",
    "regle-bataclan-gagnant",
    "regle-bataclan-classement",
    "regle-bataclan-classement-au-choix",
)


def test_every_listed_rule_is_taught_by_a_step_in_the_order_play_needs_it():
    anchors = {rule.anchor for rule in GAME.rule_book.rules}
    assert set(TAUGHT_IN_ORDER) <= anchors
    positions = [step_of(rule) for rule in TAUGHT_IN_ORDER]
    assert positions == sorted(positions)
    assert all(step.rule in anchors for step in TUTORIAL.steps)


def test_the_goal_comes_first_and_a_real_move_second():
    first, second = TUTORIAL.steps[:2]
    assert first.reading and first.rule == "regle-bataclan-but-du-jeu"
    assert second.moves == (data.ROLL,)
    assert 10 <= len(TUTORIAL.steps) <= 20


def test_the_start_is_the_two_player_share_out_unrolled_and_the_learner_starts(path):
    start = path[0][0]
    for hand in start.hands:
        sizes = [size for size, _face in hand]
        assert sizes.count(STANDARD) == 10 and sizes.count(GIANT) == 2 and len(hand) == 14
        assert all(face is None for _size, face in hand)
    assert ENGINE.to_act(start) == (0,) and not start.founded


def test_without_a_g_nobody_starts_the_pile_and_the_turn_passes(path):
    shown, alone, after = path[1]
    assert [e["kind"] for e in alone.events] == ["roll", "stuck"] and alone.to_move == 1
    assert G not in [face for _size, face in alone.hands[0]]
    assert [e["kind"] for e in after.events] == ["roll", "stuck"]
    assert G not in [face for _size, face in after.hands[1]]
    assert after.to_move == 0 and not after.pile


def test_the_base_g_then_the_climb_g_2_3(path):
    assert [face for _size, face in path[2][2].hands[0]].count(G) == 2
    after_climb = path[5][2]
    assert [(d["size"], d["value"]) for d in after_climb.pile] == [
        (STANDARD, G),
        (STANDARD, 2),
        (STANDARD, 3),
    ]


def test_after_the_stop_the_opponent_places_a_4_and_the_g_is_kept(path):
    assert [d["value"] for d in path[6][2].pile] == [G, 2, 3, 4]
    assert path[7][2].kept == [[STANDARD, G]]


def test_the_kept_g_is_turned_into_the_5_the_pile_needs(path):
    shown, _alone, after = path[9]
    assert shown.needed == 5
    assert [face for _size, face in shown.hands[0]].count(5) == 0  # « vous n'en avez pas »
    assert after.pile[-1] == {**after.pile[-1], "value": 5, "wild": True, "size": STANDARD}


def test_the_shaking_giant_topples_the_pile_and_the_learner_takes_the_dice_back(path):
    shown, alone, after = path[10]
    fall = alone.events[-1]
    assert fall["kind"] == "fall" and not fall["full"] and fall["level"] == 3
    assert [(d["size"], d["value"]) for d in fall["dice"]] == [
        (STANDARD, 4),
        (STANDARD, 5),
        (GIANT, 6),
    ]
    assert [face for _size, face in alone.hands[0]].count(None) == 3
    assert alone.to_move == 1  # a fall ends the turn


def test_the_fall_is_the_scripted_shaking_hand_a_steady_one_would_have_held():
    replay = Replay(ENGINE, TUTORIAL, GAME.client_move)
    for step in TUTORIAL.steps[:10]:
        replay.answer(None if step.reading else GAME.client_move(step.moves[0]))
    move, ply = TUTORIAL.steps[10].moves[0], len(replay.history) + 1
    assert move["steadiness"] == 0.0
    steady = {**move, "steadiness": 1.0}
    held = ENGINE.play(replay.state, 0, steady, chance_for(TUTORIAL.seed, ply))
    assert held.events[-1]["kind"] == "place" and len(held.pile) == 6
    fell = ENGINE.play(replay.state, 0, move, chance_for(TUTORIAL.seed, ply))
    assert fell.events[-1]["kind"] == "fall"


def test_the_end_is_one_die_re_rolled_to_a_2_and_placed_last_to_win(path):
    shown, _alone, after = path[13]
    assert shown.hands[0] == [[STANDARD, 4]] and shown.needed == data.LAST_FACE
    assert after.hands[0] == [[STANDARD, data.LAST_FACE]]
    final = path[14][2]
    outcome = ENGINE.outcome(final)
    assert outcome.winners == (0,) and outcome.reason == "finishing_order"
    assert final.pile[-1]["value"] == data.LAST_FACE and len(final.pile) == 14


# The mistakes each step lets the learner try, the engine's refusal, and the rule it points to.
EXPECTED_REFUSALS = {
    4: ("wrong_value", "regle-bataclan-ordre-croissant"),
    9: ("place_one", "regle-bataclan-poser-au-moins-un-de"),
    12: ("keep_unrolled", "regle-bataclan-mettre-de-cote"),
    13: ("reroll_one", "regle-bataclan-relancer-au-moins-un-de"),
}


def test_each_mistake_is_refused_by_the_rule_it_breaks(path):
    refusals = GAME.rule_book.refusals
    with_wrong = {i for i, step in enumerate(TUTORIAL.steps) if step.wrong}
    assert with_wrong == set(EXPECTED_REFUSALS)
    for index, (code, anchor) in EXPECTED_REFUSALS.items():
        position = Replay(ENGINE, TUTORIAL, GAME.client_move).position
        position.state, position.index = path[index][0], index
        for wrong in TUTORIAL.steps[index].wrong:
            # As the page tries it: the client's form, at the untimed steadiness.
            sent = GAME.client_move(wrong)
            if sent.get("type") == "place":
                sent = GAME.gesture.untimed_move(sent)
            assert try_move(ENGINE, position, sent, GAME.client_move) == ("illegal", code)
            assert refusals[code] == anchor


def test_at_the_order_step_every_die_that_does_not_fit_is_offered_and_refused(path):
    shown = path[4][0]
    step = TUTORIAL.steps[4]
    hand = shown.hands[0]
    offered = {tuple(hand[move["die"]]) for move in (*step.moves, *step.wrong)}
    placeable = {tuple(d) for d in hand if d[1] in (2, G)}
    assert offered | placeable == {tuple(d) for d in hand}
    assert all(hand[move["die"]][1] not in (2, G) for move in step.wrong)


def test_any_press_plays_the_scripted_steadiness():
    """The page sends a placement without its steadiness: whatever the learner's press, the
    tutorial's hand is the one that plays."""
    replay = Replay(ENGINE, TUTORIAL, GAME.client_move)
    for step in TUTORIAL.steps[:10]:
        replay.answer(None if step.reading else GAME.client_move(step.moves[0]))
    assert replay.match({"type": "place", "die": 9, "as": 6}) == TUTORIAL.steps[10].moves[0]
    assert replay.match({"type": "place", "die": 8, "as": 6}) is None  # the giant 3: not it


def test_chance_is_told_once_and_the_real_game_is_the_usual_setup():
    assert "dés" in str(TUTORIAL.chance_note)
    options = dict(TUTORIAL.play_options)
    assert options["players"] == 2 and "beginner" in GAME.levels_for(2)
    engine_options = {
        k.removeprefix("option_"): v for k, v in options.items() if k.startswith("option_")
    }
    assert ENGINE.validate_options(2, engine_options)["ranking"] == "order"


def test_every_text_has_its_english_translation():
    texts = [TUTORIAL.chance_note]
    for step in TUTORIAL.steps:
        texts += [step.text, *([step.hint] if step.hint else [])]
    french = [str(text) for text in texts]
    with translation.override("en"):
        english = [str(text) for text in texts]
    untranslated = [fr for fr, en in zip(french, english, strict=True) if fr == en]
    assert untranslated == []
