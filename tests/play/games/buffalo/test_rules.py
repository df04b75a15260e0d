"""Buffalo's rule book: every refusal cites a rule, and the rules say what a player expects."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from play.engines.base import IllegalMove
from play.games import buffalo
from play.games.buffalo.engine import BuffaloEngine
from play.games.buffalo.game import GAME as RULE_GAME
from play.games.buffalo.texts import RULE_MESSAGES
from play.games.rulebook import Topic, check_rule_book
from tests.conftest import sample_bytes

PACKAGE = Path(buffalo.__file__).parent
ENGINE = BuffaloEngine()
RULES = RULE_GAME.rule_book


def _string_at(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _codes_in(tree: ast.AST) -> set[str]:
    """``IllegalMove("code", …)`` literals and the codes ``explain_illegal`` returns."""
    codes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove":
            if node.args and (code := _string_at(node.args[0])):
                codes.add(code)
        if isinstance(node, ast.FunctionDef) and node.name == "explain_illegal":
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                    if code := _string_at(ret.value.elts[0]):
                        codes.add(code)
    return codes


def refusal_codes() -> set[str]:
    """Every refusal the package can raise, read from its source, plus its texts' codes."""
    codes = set(RULE_MESSAGES)
    for module in PACKAGE.glob("*.py"):
        codes |= _codes_in(ast.parse(module.read_text(encoding="utf-8")))
    return codes


def refusal(move: dict, moves: tuple[dict, ...] = ()) -> str:
    """The code the engine refuses ``move`` with, after ``moves`` from the start."""
    state = ENGINE.new_game(seats=2, options={}, rng=random.Random(0))
    for played in moves:
        state = ENGINE.play(state, ENGINE.to_act(state)[0], played, random.Random(0))
    try:
        ENGINE.play(state, ENGINE.to_act(state)[0], move, random.Random(0))
    except IllegalMove as error:
        return error.rule
    raise AssertionError(f"{move} was allowed")


def cited(code: str):
    return RULES.rule(RULES.refusals[code])


def test_every_refusal_in_the_source_cites_a_rule():
    codes = refusal_codes()
    assert {"game_over", "not_your_turn", "malformed_move", "off_board", "illegal_move"} <= codes
    assert check_rule_book(RULES, codes) == []


def test_rules_are_numbered_by_topic_and_short():
    numbers = [(rule.topic, rule.number) for rule in RULES.rules]
    topics = list(Topic)
    for topic, number in numbers:
        assert number.split(".")[0] == str(topics.index(topic) + 1)
    assert 15 <= len(RULES.rules) <= 35
    assert all(len(re.findall(r"[.!?](?:\s|$)", rule.text)) <= 2 for rule in RULES.rules)


def test_chief_onto_an_edge_row_cites_the_rule_about_the_rows():
    """From f6 the chief's step up to f7 (the buffalo's goal row) is refused by 4.7."""
    assert refusal({"from": "f6", "to": "f7"}, ({"from": "a1", "to": "a2"},)) == (
        "chief_forbidden_row"
    )
    rule = cited("chief_forbidden_row")
    assert rule.anchor == "regle-buffalo-chef-rangees-interdites"
    assert "première ni sur la dernière ligne" in rule.text


def test_buffalo_onto_a_dog_cites_the_buffalo_that_never_captures():
    opening = ({"from": "a1", "to": "a2"}, {"from": "d6", "to": "d2"})
    assert refusal({"from": "d1", "to": "d2"}, opening) == "buffalo_never_captures"
    rule = cited("buffalo_never_captures")
    assert rule.anchor == "regle-buffalo-buffle-ne-prend-pas"
    assert "captures" in rule.text
    assert "regle-buffalo-buffle-bloque" in rule.related


def test_the_chief_captures_a_buffalo_by_stepping_onto_it():
    rule = RULES.rule("regle-buffalo-chef-prend-buffle")
    assert rule.title == "Le chef prend un bison"
    assert "retiré du plateau" in rule.text
    assert not rule.house


def test_who_cannot_move_loses_is_a_house_rule():
    rule = RULES.rule("regle-buffalo-sans-coup-perd")
    assert rule.house and rule.correction is None
    assert "perd la partie" in rule.text


def test_corrected_typos_keep_the_records_words():
    record = re.sub(r"\s+", " ", sample_bytes("prairie").decode("utf-8"))
    chief = RULES.rule("regle-buffalo-chef-rangees-interdites")
    assert "peuvt" in chief.correction.original and "peut" in chief.text
    corrected = [rule for rule in RULES.rules if rule.correction]
    assert len(corrected) == 3
    for rule in corrected:
        assert rule.correction.note == "coquille"
        assert rule.correction.original in record
        assert rule.text not in record


def test_the_game_over_refusal_cites_the_end_of_the_game():
    rule = cited("game_over")
    assert rule.topic is Topic.END and "finit" in rule.text
    assert cited("not_your_turn").anchor == "regle-buffalo-tour-de-role"
