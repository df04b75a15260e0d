"""Bataclan's rules in small pieces (play.games.bataclan.rules): a sound book, every refusal of the
engine citing a rule, and what a player looks up finding the record's words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from play.engines.base import IllegalMove, chance_for
from play.games import bataclan
from play.games.bataclan.game import GAME
from play.games.bataclan.game import GAME as RULE_GAME
from play.games.bataclan.physics import STANDARD
from play.games.bataclan.texts import RULE_MESSAGES
from play.games.rulebook import Topic, check_rule_book
from tests.play.games.refusals import raised_codes as raised_codes_in

from .helpers import ENGINE, place, state

PACKAGE = Path(bataclan.__file__).parent
STRAIGHT = [(STANDARD, 1, 0.0), (STANDARD, 2, 0.0)]  # G, 2: the pile needs a 3
RULES = RULE_GAME.rule_book


def raised_codes() -> set[str]:
    return raised_codes_in(PACKAGE)


def refusal(st, seat, move) -> str:
    with pytest.raises(IllegalMove) as error:
        ENGINE.play(st, seat, move, random.Random(0))
    return error.value.rule


def test_the_book_is_sound_and_every_refusal_of_the_engine_cites_a_rule():
    codes = raised_codes()
    assert {"game_over", "not_your_turn", "malformed_move", "wrong_value"} <= codes
    assert check_rule_book(RULES, codes | set(RULE_MESSAGES)) == []
    assert GAME.rule_book is RULES
    assert 15 <= len(RULES.rules) <= 35
    assert [topic for topic, _ in RULES.by_topic()] == list(Topic)


def test_a_die_out_of_ascending_order_is_refused_by_the_rule_of_the_order():
    st = state([[(STANDARD, 5), (STANDARD, 3)], []], pile=STRAIGHT)
    five = st.hands[0].index([STANDARD, 5])
    rule = RULES.rule(RULES.refusals[refusal(st, 0, place(five, 3))])
    assert rule.anchor == "regle-bataclan-ordre-croissant"
    assert "croissante" in rule.text and not rule.house


def test_keeping_a_die_before_the_first_G_cites_the_house_rule_that_one_rolls_everything():
    st = ENGINE.new_game(seats=2, options={}, rng=chance_for("rule book", 0))
    rule = RULES.rule(RULES.refusals[refusal(st, st.to_move, {"type": "keep", "die": 0})])
    assert rule.anchor == "regle-bataclan-lancer-tous-ses-des"
    assert rule.house and "tous ses dés" in rule.text


def test_the_G_is_worth_1_and_a_joker_in_the_records_words_its_typo_kept_a_tap_away():
    rule = RULES.rule("regle-bataclan-face-g-joker")
    assert 'valeur de "1"' in rule.text and "joker" in rule.text
    assert 'valeur de "l"' in rule.correction.original
    assert rule.correction.note == "coquille"


def test_the_ranking_corrects_calssement_and_names_the_tables_choice_as_a_house_rule():
    rule = RULES.rule("regle-bataclan-classement")
    assert rule.text.startswith("Le classement des autres joueurs")
    assert rule.correction.original.startswith("Le calssement")
    choice = RULES.rule("regle-bataclan-classement-au-choix")
    assert choice.house and choice.anchor in rule.related


def test_a_fall_gives_back_the_fallen_dice_and_ends_the_turn_by_a_house_rule():
    fall = RULES.rule("regle-bataclan-chute-de-la-pile")
    assert "récupère les dés tombés" in fall.text and not fall.house
    assert "tomber" in fall.keywords
    ends_turn = RULES.rule("regle-bataclan-chute-fin-du-tour")
    assert ends_turn.house and ends_turn.anchor in fall.related


def test_the_gestures_refusals_cite_the_rules_of_the_gesture_and_the_untimed_game():
    assert RULES.refusals["no_gesture_now"] == "regle-bataclan-geste-du-curseur"
    assert RULES.refusals["challenge_used"] == "regle-bataclan-stabilite-mesuree"
    assert RULES.rule(RULES.refusals["untimed_steadiness"]).topic is Topic.VARIANTS
