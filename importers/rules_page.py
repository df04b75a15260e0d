"""A plain rules page without catalogue fields (``rules-page``), such as Prairie / Buffalo: one
record whose title, rules and players are read from the page itself (pure Python, no Django).
"""

from __future__ import annotations

import re

from catalogue.rules import extract_components, find_headings, fold, split_sections
from importers.pmb import FIELD_LABELS, normalise_newlines, one_line
from importers.records import GameRecord, RecordError

__all__ = [
    "FORMAT_RULES",
    "clean_rules_page",
    "infer_players",
    "looks_like_rules_page",
    "parse_rules_page",
]

FORMAT_RULES = "rules-page"

_TITLE_MAX_LINES = 3
_TITLE_MAX_CHARS = 80
_NUMBER_WORDS = {"un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6}
# At most 4 ASCII digits: a player count, and an int() that cannot fail on thousands of digits.
_PLAYER_RANGE = re.compile(r"(?<![0-9])([0-9]{1,4})\s*(?:a|-|ou)\s*([0-9]{1,4})\s+joueurs")
_PLAYER_EXACT = re.compile(r"(?:pour|a)\s+([0-9]{1,4}|deux|trois|quatre|cinq|six)\s+joueurs")
_ONE_OPPONENT = re.compile(r"\b(?:son|ton|votre|l')\s*adversaire\b")
_MANY_PLAYERS = re.compile(r"\b(?:autres joueurs|chaque joueur|tous les joueurs)\b")


def clean_rules_page(text: str) -> str:
    """Remove the table pipes of a saved rules page: every non-empty cell becomes one line."""
    lines: list[str] = []
    for line in normalise_newlines(text).split("\n"):
        for cell in line.split("|"):
            cell = cell.strip()
            if cell:
                lines.append(cell)
    return "\n".join(lines)


def looks_like_rules_page(text: str) -> bool:
    """True if the text (pipes removed) has at least two recognised rules headings."""
    return len(find_headings(clean_rules_page(text))) >= 2


def infer_players(text: str) -> tuple[int | None, int | None]:
    """Guess the player count of a rules text that has no catalogue fields.

    In order: "2 à 4 joueurs" → (2, 4); "pour 2 joueurs" / "à deux joueurs" → (2, 2); a
    two-sided game — the text speaks of a single opponent ("son adversaire", "l'adversaire")
    and never of "les autres joueurs", "chaque joueur" or "tous les joueurs" → (2, 2);
    otherwise (None, None).
    """
    folded = fold(text)
    m = _PLAYER_RANGE.search(folded)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = _PLAYER_EXACT.search(folded)
    if m:
        word = m.group(1)
        count = int(word) if word.isdigit() else _NUMBER_WORDS[word]
        return count, count
    if _ONE_OPPONENT.search(folded) and not _MANY_PLAYERS.search(folded):
        return 2, 2
    return None, None


def _title_case(title: str) -> str:
    """Words written in capitals get a capital initial only: "PRAIRIE ou BUFFALO" → "Prairie
    ou Buffalo". Words with any lower-case letter are kept as they are."""
    words = []
    for word in title.split(" "):
        letters = [c for c in word if c.isalpha()]
        if len(letters) >= 2 and all(c.isupper() for c in letters):
            word = word[0] + word[1:].lower()
        words.append(word)
    return " ".join(words)


def parse_rules_page(text: str, source_name: str) -> list[GameRecord]:
    """Parse a plain rules page (no catalogue fields) into one record.

    The table pipes are removed (:func:`clean_rules_page`). The title is read from the lines
    before the first rules heading — at most 3 lines and 80 characters, capitals softened by
    :func:`_title_case`; any further lines before the heading start the rules text. The rules
    text runs from there to the end; players come from :func:`infer_players`. Every catalogue
    field the page cannot give is listed in ``missing_fields``.
    """
    cleaned = clean_rules_page(text)
    headings = find_headings(cleaned)
    if not headings:
        raise RecordError(
            "page de règles sans rubrique reconnaissable (But du jeu, Préparation, "
            "Fin de la partie…)",
            source_name=source_name,
        )
    lead = [line for line in cleaned[: headings[0].start].split("\n") if line.strip()]
    title_lines: list[str] = []
    for line in lead[:_TITLE_MAX_LINES]:
        if len(" ".join(title_lines + [line])) > _TITLE_MAX_CHARS:
            break
        title_lines.append(line)
    title = _title_case(one_line(" ".join(title_lines)))
    if not title:
        raise RecordError(
            "page de règles sans titre avant la première rubrique",
            source_name=source_name,
            record="n° 1",
            field=FIELD_LABELS["title"],
        )
    rest = cleaned.split("\n")[len(title_lines) :]
    rules_text = "\n".join(rest).strip()
    sections = split_sections(rules_text)
    min_players, max_players = infer_players(rules_text)
    record = GameRecord(
        title=title,
        source_name=source_name,
        source_format=FORMAT_RULES,
        record_index=0,
        min_players=min_players,
        max_players=max_players,
        components=extract_components(sections),
        rules_text=rules_text,
        rules_sections=sections,
    )
    missing = {
        "document_type": True,
        "authors": True,
        "publisher": True,
        "category": True,
        "min_players": min_players is None,
        "max_players": max_players is None,
        "min_age": True,
        "max_age": True,
        "duration_minutes": True,
        "components": not record.components,
        "rules_text": not rules_text,
    }
    record.missing_fields = [name for name, absent in missing.items() if absent]
    return [record]
