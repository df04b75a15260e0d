"""Reads of a game's rule book (:mod:`play.games.rulebook`): its topics as the game's page shows
them, the rule a refusal breaks, and the lookup of a question in the players' own words.

The lookup (« un pion peut-il sauter par-dessus un autre ? ») is the catalogue search's analysis
— accent-, case- and word-form-insensitive (French stems), stop words dropped — plus the question
words and filler players add, and the synonyms they use (dé and dés, pile and tour…, and a game's
own, which its rule book lists). Each remaining term scores a rule by where it is found (title,
the players' words, text), weighted by how rare it is in the book; the best rules come first.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from catalogue.text import query_terms

from .games.registry import games
from .games.rulebook import Rule, RuleBook

#: A question longer than this is refused (400): nobody asks a rule in a page of text.
QUESTION_MAX_CHARS = 300
#: How many rules a lookup answers with, at most.
RESULTS_MAX = 5

# Words of a question that say nothing of the rule asked about.
FILLER = frozenset(
    query_terms(
        "est-ce peut peuvent pouvoir peux puis-je dois doit doivent faut-il faut quand comment "
        "pourquoi combien quel quelle quels quelles quoi où si est sont avoir a ont être fait "
        "faire jouer joueur joueurs règle règles jeu partie alors bien aussi encore toujours "
        "jamais autre autres chose question"
    )
)
# Words players use for the same thing: each group counts as one term.
SYNONYMS = (
    "pion pions pièce pièces jeton jetons",
    "dé dés",
    "pile piles tour tours",
    "gardien gardiens garde gardes",
    "pierre pierres tuile tuiles caillou cailloux",
    "chien chiens",
    "rangée rangées ligne lignes",
    "gagner gagne gagnant victoire vainqueur",
    "finir fin terminer termine",
    "prendre prend prise capturer capture manger mange",
)
WEIGHTS = (("title", 3.0), ("keywords", 2.0), ("text", 1.0))


@lru_cache(maxsize=16)
def _synonyms(extra: tuple[str, ...] = ()) -> dict[str, str]:
    """Each stem → the stem that stands for its group (the players' words, and a game's own)."""
    table: dict[str, str] = {}
    for group in (*SYNONYMS, *extra):
        stems = query_terms(_DIE.sub(" desjeu ", group))
        table.update(dict.fromkeys(stems, stems[0]))
    return table


# « dé » and « dés » would fold to the stop words « de » and « des »: kept apart before folding.
_DIE = re.compile(r"\bd[éÉ]s?\b")


def terms(text: str, synonyms: tuple[str, ...] = ()) -> list[str]:
    """The stems a question or a rule is searched by (synonyms merged — the players' words and
    ``synonyms``, a game's own —, filler dropped)."""
    synonyms = _synonyms(synonyms)
    found = (synonyms.get(stem, stem) for stem in query_terms(_DIE.sub(" desjeu ", text)))
    return list(dict.fromkeys(stem for stem in found if stem not in FILLER and len(stem) > 1))


_indexes: dict[int, tuple[RuleBook, list[dict[str, set[str]]], dict[str, float]]] = {}


def _index(book: RuleBook) -> tuple[list[dict[str, set[str]]], dict[str, float]]:
    """Each rule's terms by field, and each term's rarity in the book (idf), made once a book
    (books live as long as their package)."""
    kept = _indexes.get(id(book))
    if kept is not None and kept[0] is book:
        return kept[1], kept[2]
    fields = [
        {
            "title": set(terms(rule.title, book.synonyms)),
            "keywords": set(terms(" ".join(rule.keywords), book.synonyms)),
            "text": set(terms(rule.text, book.synonyms)),
        }
        for rule in book.rules
    ]
    counts = Counter(term for rule in fields for term in set().union(*rule.values()))
    total = len(book.rules)
    rarity = {term: math.log(1 + total / count) for term, count in counts.items()}
    _indexes[id(book)] = (book, fields, rarity)
    return fields, rarity


def rule_lookup(book: RuleBook, question: str) -> list[Rule]:
    """The rules that answer ``question`` best, best first (at most :data:`RESULTS_MAX`; none
    when no word of it is in the book)."""
    wanted = terms(question, book.synonyms)
    if not wanted:
        return []
    fields, rarity = _index(book)
    scored = []
    for position, (rule, where) in enumerate(zip(book.rules, fields, strict=True)):
        score = sum(
            rarity.get(term, 0.0) * max((w for f, w in WEIGHTS if term in where[f]), default=0)
            for term in wanted
        )
        if score > 0:
            scored.append((-score, position, rule))
    return [rule for _score, _position, rule in sorted(scored)[:RESULTS_MAX]]


def rule_book_for(engine: str) -> RuleBook | None:
    """The rule book of the game playing as ``engine``, if it has one."""
    package = games().get(engine)
    return package.rule_book if package is not None else None


def refusal_anchor(engine: str, code: str) -> str | None:
    """The anchor of the rule an engine's refusal ``code`` breaks, if its book says."""
    book = rule_book_for(engine)
    return book.refusals.get(code) if book is not None else None


def refusal_path(match, code: str) -> str | None:
    """The address (path and anchor) of the rule ``match``'s refusal ``code`` breaks, on its
    game's catalogue page; None when the game's book has no rule for it."""
    anchor = refusal_anchor(match.engine, code)
    return f"{match.game.get_absolute_url()}#{anchor}" if anchor else None


def rule_topics(engine: str) -> list[dict] | None:
    """The rule book of ``engine``'s game as the catalogue's game page shows it: topics, each
    with its rules (plain data: the catalogue never imports play); None without a book."""
    book = rule_book_for(engine)
    if book is None:
        return None
    titles = {rule.anchor: (rule.number, rule.title) for rule in book.rules}
    return [
        {
            "slug": topic.slug,
            "label": topic.label,
            "rules": [_shown(rule, titles) for rule in rules],
        }
        for topic, rules in book.by_topic()
    ]


def _shown(rule: Rule, titles: dict[str, tuple[str, str]]) -> dict:
    return {
        "anchor": rule.anchor,
        "number": rule.number,
        "title": rule.title,
        "text": rule.text,
        "house": rule.house,
        "original": rule.correction.original if rule.correction else "",
        "note": rule.correction.note if rule.correction else "",
        "related": [
            {"anchor": anchor, "number": titles[anchor][0], "title": titles[anchor][1]}
            for anchor in rule.related
        ],
    }


def rules_answering(engine: str, question: str) -> list[dict] | None:
    """The rules answering ``question`` about ``engine``'s game, for its page; None without a
    book (a question over :data:`QUESTION_MAX_CHARS` is cut there)."""
    book = rule_book_for(engine)
    if book is None:
        return None
    found = rule_lookup(book, question[:QUESTION_MAX_CHARS])
    return [
        {"anchor": r.anchor, "number": r.number, "title": r.title, "text": r.text} for r in found
    ]


def rules_found(rules: Iterable[Rule], page_url: str) -> list[dict]:
    """Rules as the lookup answers them: anchor, title, text and their address on the page."""
    return [
        {"anchor": r.anchor, "title": r.title, "text": r.text, "url": f"{page_url}#{r.anchor}"}
        for r in rules
    ]
