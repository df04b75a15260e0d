"""A game's rules in small pieces (play.games.rulebook): what the contract checks of a rule book,
and how its rules are grouped."""

from __future__ import annotations

import pytest

from play.games.contract import check_package
from play.games.rulebook import (
    Correction,
    Rule,
    RuleBook,
    RuleBookError,
    Topic,
    check_rule_book,
    dump_rule_book,
    load_rule_book,
)
from tests.play.toy_game import texts as toy_texts
from tests.play.toy_game.game import GuessGame


def rule(anchor: str, number: str, topic: Topic = Topic.MOVES, **extra) -> Rule:
    return Rule(anchor=anchor, number=number, topic=topic, title="Titre", text="Texte.", **extra)


GOOD = RuleBook(
    rules=(
        rule("regle-jeu-but", "1.1", Topic.END, related=("regle-jeu-tour",)),
        rule("regle-jeu-tour", "2.1", Topic.TURN, correction=Correction(original="Text.")),
        rule("regle-jeu-maison", "2.2", Topic.TURN, house=True),
    ),
    refusals={"wrong": "regle-jeu-tour"},
)


def test_a_sound_book_passes_and_groups_its_rules_by_topic_in_the_books_order():
    assert check_rule_book(GOOD, ["wrong"]) == []
    assert [(topic, [r.number for r in rules]) for topic, rules in GOOD.by_topic()] == [
        (Topic.TURN, ["2.1", "2.2"]),
        (Topic.END, ["1.1"]),
    ]
    assert GOOD.rule("regle-jeu-maison").house and GOOD.rule("regle-jeu-tour").correction


def test_every_flaw_of_a_book_is_named():
    broken = RuleBook(
        rules=(
            rule("regle-jeu-a", "1.1", related=("regle-jeu-nulle-part", "regle-jeu-a")),
            rule("regle-jeu-a", "1.1"),
            rule("Regle jeu", "1.2"),
            Rule(anchor="regle-jeu-vide", number="1.3", topic=Topic.END, title=" ", text="x"),
        ),
        refusals={"wrong": "regle-jeu-absente"},
    )
    assert check_rule_book(broken, ["wrong", "other"]) == [
        "rules: regle-jeu-a relates to 'regle-jeu-nulle-part', which is no rule",
        "rules: regle-jeu-a relates to 'regle-jeu-a', which is no rule",
        "rules: anchor 'regle-jeu-a' is used twice",
        "rules: anchor 'Regle jeu' is not « regle-… » in lower case",
        "rules: regle-jeu-vide has no title or no text",
        "rules: two rules share a number",
        "rules: refusal 'other' cites no rule",
        "rules: refusal 'wrong' cites 'regle-jeu-absente', which is no rule",
    ]
    assert check_rule_book({"rules": ()}, []) == ["rules: RULES is a dict, not a RuleBook"]


def test_a_book_reads_back_as_it_was_written_and_a_bad_file_is_named(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text(dump_rule_book(GOOD), encoding="utf-8")
    assert load_rule_book(path) == GOOD
    path.write_text('[[rule]]\nanchor = "regle-x"\nnumero = "1"\n', encoding="utf-8")
    with pytest.raises(RuleBookError, match="rules.toml: unknown keys \\['numero'\\]"):
        load_rule_book(path)
    path.write_text('[[rule]]\nanchor = "regle-x"\n', encoding="utf-8")
    with pytest.raises(RuleBookError, match="rules.toml: KeyError"):
        load_rule_book(path)


def test_the_contract_checks_a_packages_book_against_its_refusals(tmp_path):
    codes = list(toy_texts.RULE_MESSAGES)
    book = RuleBook(rules=GOOD.rules, refusals=dict.fromkeys(codes, "regle-jeu-tour"))
    (tmp_path / "rules.toml").write_text(dump_rule_book(book), encoding="utf-8")
    (tmp_path / "unruled.toml").write_text(dump_rule_book(RuleBook(GOOD.rules)), "utf-8")

    def ruled(file: str):
        return type("Ruled", (GuessGame,), {"rules_file": file, "package_dir": tmp_path})()

    game = ruled("rules.toml")
    assert check_package(game) == [] and game.rule_book == book
    assert check_package(ruled("unruled.toml")) == [
        f"rules: refusal {code!r} cites no rule" for code in sorted(codes)
    ]
    assert check_package(ruled("missing.toml"))[0].startswith(
        "rules: missing.toml: FileNotFoundError"
    )
