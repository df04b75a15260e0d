"""Alcatraz's rule book: every refusal cites a rule, and the rules say what a player looks up."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from play.engines.base import IllegalMove
from play.games.alcatraz.engine import AlcatrazEngine
from play.games.alcatraz.game import GAME as RULE_GAME
from play.games.alcatraz.texts import RULE_MESSAGES
from play.games.rulebook import Topic, check_rule_book
from tests.play.games.refusals import raised_codes as raised_codes_in

PACKAGE = Path(__file__).resolve().parents[4] / "play" / "games" / "alcatraz"
ENGINE = AlcatrazEngine()
RULES = RULE_GAME.rule_book


def raised_codes() -> set[str]:
    return raised_codes_in(PACKAGE)


def refusal_of(move: dict) -> str:
    state = ENGINE.new_game(seats=2, options={}, rng=random.Random(0))
    with pytest.raises(IllegalMove) as error:
        ENGINE.play(state, state.to_move, move, random.Random(0))
    return error.value.rule


def test_the_scan_finds_the_engine_own_codes():
    codes = raised_codes()
    assert {"malformed_move", "not_your_turn", "game_over", "guard_in_path"} <= codes


def test_book_is_sound_for_every_refusal_the_engine_can_raise():
    codes = raised_codes() | set(RULE_MESSAGES)
    assert check_rule_book(RULES, codes) == []
    assert set(RULES.refusals) == codes  # no stale code either


def test_book_has_every_topic_numbered_in_order():
    assert 15 <= len(RULES.rules) <= 35
    assert [topic for topic, _ in RULES.by_topic()] == list(Topic)
    for index, (_, rules) in enumerate(RULES.by_topic(), start=1):
        assert all(rule.number.startswith(f"{index}.") for rule in rules)


def test_jumping_a_guard_cites_the_rule_on_passing_guards():
    """Leaving the cell up column a runs into the row-8 guard on a8."""
    code = refusal_of({"type": "move", "from": "cell", "to": "a7"})
    assert code == "guard_in_path"
    rule = RULES.rule(RULES.refusals[code])
    assert rule.anchor == "regle-alcatraz-pas-par-dessus-un-gardien"
    assert "gardiens" in rule.text and not rule.house


def test_stopping_on_an_occupied_square_cites_one_piece_per_square():
    rule = RULES.rule(RULES.refusals["square_occupied"])
    assert rule.title == "Un pion par case"
    assert "s'arrêter" in rule.text


def test_boarding_blocked_by_a_guard_cites_the_record_boat_rule():
    rule = RULES.rule(RULES.refusals["boat_blocked_by_guard"])
    assert rule.anchor == RULES.refusals["arrived_this_turn"]
    assert "intercalé" in rule.text and "prochain tour" in rule.text
    assert "regle-alcatraz-cases-hachurees" in rule.related


def test_hatched_block_and_guard_layout_are_house_rules():
    assert RULES.rule("regle-alcatraz-bloc-hachure").house
    assert "colonnes d à f" in RULES.rule("regle-alcatraz-bloc-hachure").text
    assert RULES.rule("regle-alcatraz-plateau-et-gardiens-au-depart").house
    assert RULES.rule("regle-alcatraz-passer-son-tour").house
    assert RULES.refusals["must_pass"] == "regle-alcatraz-passer-son-tour"


def test_corrected_typos_keep_the_record_words():
    variant = RULES.rule("regle-alcatraz-variante-position-des-gardiens")
    assert "la dernière rangée" in variant.text
    assert "la lumière rangée" in variant.correction.original
    die = RULES.rule("regle-alcatraz-alarme-le-de")
    assert "obtenu" in die.text and "onbtenu" in die.correction.original
    assert RULES.rule("regle-alcatraz-materiel").correction.original.count("déà 8 faces") == 1


def test_the_alarm_die_refusal_cites_the_left_neighbour_rule():
    rule = RULES.rule(RULES.refusals["must_roll"])
    assert "voisin de gauche" in rule.text
    assert "dés" in rule.keywords
