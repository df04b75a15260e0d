"""Pow Wow's rule book (play/games/powwow/rules.py): the record cut into small rules, and the
rule each refusal cites."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import play.games.powwow as package
from play.games.powwow import texts
from play.games.powwow.game import GAME as RULE_GAME
from play.games.rulebook import Topic, check_rule_book

RECORD = (
    Path(__file__).resolve().parents[4] / "samples" / "records" / "000_9488e5f633865ecc.txt"
).read_text(encoding="utf-8")
CUT = " […] "  # where a rule joins two passages of the record
RULES = RULE_GAME.rule_book


def raised_codes() -> set[str]:
    """Every code the package's modules pass as a literal to ``IllegalMove(...)``."""
    codes = set()
    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name == "IllegalMove" and isinstance(first, ast.Constant):
                codes.add(first.value)
    return codes


def test_the_scan_finds_the_engines_refusals():
    assert {"game_over", "die_not_available", "back_past_start"} <= raised_codes()


def test_the_book_is_sound_and_every_refusal_cites_a_rule():
    codes = raised_codes() | set(texts.RULE_MESSAGES)
    assert check_rule_book(RULES, codes) == []
    assert set(RULES.refusals) == codes


def test_rules_are_numbered_by_topic_in_the_books_order():
    topics = list(Topic)
    for topic, rules in RULES.by_topic():
        assert [rule.number for rule in rules] == [
            f"{topics.index(topic) + 1}.{n}" for n in range(1, len(rules) + 1)
        ]
    assert 15 <= len(RULES.rules) <= 35


@pytest.mark.parametrize("rule", [r for r in RULES.rules if not r.house], ids=lambda r: r.anchor)
def test_a_record_rule_keeps_the_records_words(rule):
    """Cut, not paraphrased: the text (or, when corrected, its original) is in the record."""
    wording = rule.correction.original if rule.correction else rule.text
    for passage in wording.split(CUT):
        assert passage in RECORD


def test_taking_a_die_nobody_rolled_cites_the_rule_on_choosing_dice():
    rule = RULES.rule(RULES.refusals["die_not_available"])
    assert rule.anchor == "regle-powwow-choix-d-un-de"
    assert rule.topic is Topic.TURN
    assert "choisir parmi les dés" in rule.text


def test_going_back_past_the_start_cites_the_start_rule_and_its_house_reading():
    rule = RULES.rule(RULES.refusals["back_past_start"])
    assert rule.anchor == "regle-powwow-pas-au-dela-du-depart"
    assert "au-delà de la case de départ" in rule.text
    assert "regle-powwow-reculer-jusqu-au-depart" in rule.related
    assert RULES.rule("regle-powwow-reculer-jusqu-au-depart").house


def test_the_track_squares_are_a_house_rule_the_record_does_not_hold():
    rule = RULES.rule("regle-powwow-cases-du-parcours")
    assert rule.house and rule.correction is None
    assert "case 48" in rule.text and "case 48" not in RECORD


def test_a_corrected_typo_keeps_the_records_words():
    rule = RULES.rule("regle-powwow-materiel")
    assert "un tas de pierres." in rule.text
    assert rule.correction.original.endswith("un tas de perres.")
    assert rule.correction.note == "coquille"


def test_the_two_player_variant_has_its_neutral_pile_and_its_swaps():
    rule = RULES.rule("regle-powwow-tas-neutre")
    assert rule.topic is Topic.VARIANTS
    assert "tas neutre" in rule.text
    assert "regle-powwow-variante-deux-joueurs" in rule.related
    assert RULES.refusals["bad_swap_target"] == "regle-powwow-cases-mocassins"
