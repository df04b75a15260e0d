"""A game's rules in small pieces (issue 50): short numbered rules with stable anchors, grouped
by topic, in the record's own wording, each linking its related rules; and which rule each of
the engine's refusals breaks.

A rule book is data: a package's ``rules.toml`` (named by ``GamePackage.rules_file``), one
``[[rule]]`` table a rule and a ``[refusals]`` table, read by :func:`load_rule_book`;
:func:`check_rule_book` is what the game contract checks of it. :func:`dump_rule_book` writes one.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

#: A rule's anchor on the game's page: « regle- » then lower-case ASCII words and dashes.
ANCHOR = re.compile(r"^regle-[a-z0-9]+(?:-[a-z0-9]+)*$")


class Topic(Enum):
    """The groups a game's rules are shown in, in this order."""

    MATERIAL = "materiel", "Matériel"
    SETUP = "preparation", "Préparation"
    TURN = "tour", "Tour de jeu"
    MOVES = "deplacements", "Déplacements ou poses"
    SPECIAL = "cas-particuliers", "Cas particuliers"
    END = "fin", "Fin et points"
    VARIANTS = "variantes", "Variantes"

    def __init__(self, slug: str, label: str):
        self.slug, self.label = slug, label


@dataclass(frozen=True)
class Correction:
    """An editorial correction of the record's text: what the record says, shown a tap away."""

    original: str
    note: str = ""  # why, when it is not plain (« coquille », « mot manquant »…)


@dataclass(frozen=True)
class Rule:
    anchor: str  # stable: links and refusals point to it
    number: str  # « 3.2 »: its place in the book, as shown
    topic: Topic
    title: str  # a few words: what a player would look for
    text: str  # the record's own wording (corrected where ``correction`` says)
    correction: Correction | None = None
    house: bool = False  # the record is silent: a house decision (shared/RULES.md, house rules)
    related: tuple[str, ...] = ()  # anchors of the rules to read beside it
    keywords: tuple[str, ...] = ()  # words players use for it that its text does not hold


@dataclass(frozen=True)
class RuleBook:
    rules: tuple[Rule, ...]
    #: Every refusal code the engine can return → the anchor of the rule it breaks.
    refusals: Mapping[str, str] = field(default_factory=dict)
    #: Groups of words the game's players use for one thing (« pile piles tour tours »).
    synonyms: tuple[str, ...] = ()

    def rule(self, anchor: str) -> Rule:
        for rule in self.rules:
            if rule.anchor == anchor:
                return rule
        raise KeyError(anchor)

    def by_topic(self) -> list[tuple[Topic, list[Rule]]]:
        """The topics that hold rules, in the book's order, each with its rules."""
        return [
            (topic, [rule for rule in self.rules if rule.topic is topic])
            for topic in Topic
            if any(rule.topic is topic for rule in self.rules)
        ]


def check_rule_book(book: object, refusal_codes: Iterable[str]) -> list[str]:
    """Every way ``book`` is not a sound rule book for an engine refusing with
    ``refusal_codes`` (empty: it is)."""
    if not isinstance(book, RuleBook):
        return [f"rules: RULES is a {type(book).__name__}, not a RuleBook"]
    problems: list[str] = []
    anchors = [rule.anchor for rule in book.rules]
    seen: set[str] = set()
    for rule in book.rules:
        if not ANCHOR.match(rule.anchor):
            problems.append(f"rules: anchor {rule.anchor!r} is not « regle-… » in lower case")
        if rule.anchor in seen:
            problems.append(f"rules: anchor {rule.anchor!r} is used twice")
        seen.add(rule.anchor)
        if not rule.title.strip() or not rule.text.strip():
            problems.append(f"rules: {rule.anchor} has no title or no text")
        problems += [
            f"rules: {rule.anchor} relates to {other!r}, which is no rule"
            for other in rule.related
            if other not in anchors or other == rule.anchor
        ]
    numbers = [rule.number for rule in book.rules]
    if len(set(numbers)) != len(numbers):
        problems.append("rules: two rules share a number")
    for code in sorted(set(refusal_codes)):
        if code not in book.refusals:
            problems.append(f"rules: refusal {code!r} cites no rule")
    problems += [
        f"rules: refusal {code!r} cites {anchor!r}, which is no rule"
        for code, anchor in book.refusals.items()
        if anchor not in anchors
    ]
    return problems


class RuleBookError(ValueError):
    """A rules file that cannot be read as a rule book; the message names the file and why."""


_RULE_KEYS = {"anchor", "number", "topic", "title", "text", "correction", "house", "related",
              "keywords"}  # fmt: skip


def load_rule_book(path: Path) -> RuleBook:
    """The rule book of a ``rules.toml`` file; raises :class:`RuleBookError`."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        topics = {topic.slug: topic for topic in Topic}
        rules = []
        for entry in data.get("rule", []):
            unknown = set(entry) - _RULE_KEYS
            if unknown:
                raise RuleBookError(f"{path.name}: unknown keys {sorted(unknown)}")
            correction = entry.get("correction")
            rules.append(
                Rule(
                    anchor=entry["anchor"],
                    number=entry["number"],
                    topic=topics[entry["topic"]],
                    title=entry["title"],
                    text=entry["text"],
                    correction=Correction(**correction) if correction else None,
                    house=entry.get("house", False),
                    related=tuple(entry.get("related", ())),
                    keywords=tuple(entry.get("keywords", ())),
                )  # fmt: skip
            )
        return RuleBook(
            rules=tuple(rules),
            refusals=dict(data.get("refusals", {})),
            synonyms=tuple(data.get("synonyms", ())),
        )
    except RuleBookError:
        raise
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError) as error:
        raise RuleBookError(f"{path.name}: {type(error).__name__}: {error}") from None


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string


def dump_rule_book(book: RuleBook) -> str:
    """``book`` as a ``rules.toml`` file's text (what :func:`load_rule_book` reads back)."""
    lines = [f"synonyms = {_toml(book.synonyms)}", ""] if book.synonyms else []
    lines.append("[refusals]")
    lines += [f"{code} = {_toml(anchor)}" for code, anchor in sorted(book.refusals.items())]
    for rule in book.rules:
        lines += ["", "[[rule]]"]
        lines += [
            f"anchor = {_toml(rule.anchor)}", f"number = {_toml(rule.number)}",
            f"topic = {_toml(rule.topic.slug)}", f"title = {_toml(rule.title)}",
            f"text = {_toml(rule.text)}",
        ]  # fmt: skip
        if rule.house:
            lines.append("house = true")
        if rule.related:
            lines.append(f"related = {_toml(rule.related)}")
        if rule.keywords:
            lines.append(f"keywords = {_toml(rule.keywords)}")
        if rule.correction:
            lines += ["[rule.correction]", f"original = {_toml(rule.correction.original)}"]
            if rule.correction.note:
                lines.append(f"note = {_toml(rule.correction.note)}")
    return "\n".join(lines) + "\n"
