"""Split a game's rules text into titled sections (pure Python, no Django).

The catalogue derives a game's sections from its rules text with it (API writes), and the
importers do the same for each record they read.

The library's records mark their sections with French headings ("But du jeu:", "Préparation:",
"Fin du jeu:" …). This module finds them and cuts the text at each one.

How a heading is recognised
---------------------------
Headings come from a fixed list (:data:`HEADING_SPECS`), matched accent- and case-insensitively
("Preparation", "PRÉPARATION" and "Préparation" are the same heading); the words of a heading may
be separated by any whitespace, line breaks included (Prairie's "RÈGLE\\nDU JEU:"). A heading is
only recognised at the start of a line, in one of these shapes:

* **A** — the heading alone on its line, optionally followed by ``:`` or ``?``
  (``Contenu:``, ``CASES SPECIALES:``, ``Comment avancent les prisonniers?``);
* **B** — the heading, a colon, then text on the same line (``Exemples:Un prisonnier…``,
  ``BUT DU JEU: Se débarasser…``): the text after the colon starts the body;
* **C** — the heading followed by at most five more words and a final colon, on a short line
  (``Variante pour 2 joueurs:``, ``Variantes de jeu:``): the whole line is the heading;
* **D** — run-together text (Bataclan, Prairie), where the heading is followed on the same line
  by its body without any colon: the heading must start with a capital letter and either be
  written in capitals (``FIN DE LA PARTIE Le premier…``, ``PRESENTATION ET PREPARATION - 28…``)
  or be followed by a word starting with a capital or a digit (``Déplacements Les…``).
  Shape D is also accepted in the middle of a line right after the end of a sentence
  (``…avec ses chiens. Préparation Les 11 buffles…``, ``…son objectif. Note – Buffalo…``).

Nothing is ever dropped: the text before the first heading becomes a section whose heading is
``""`` (empty), each body is a verbatim slice of the input (only stripped of surrounding
whitespace), and the only characters that belong to no section are the whitespace and the
``:`` / ``-`` separators between a heading and its body.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RulesSection:
    """One titled part of a game's rules (``heading`` empty for the text before any)."""

    heading: str
    body: str


__all__ = [
    "HEADING_SPECS",
    "HeadingMatch",
    "extract_components",
    "find_headings",
    "fold",
    "split_sections",
]


@functools.lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    if char in "’‘ʼ`´":
        return "'"
    if char in "–—‐‑−":
        return "-"
    if char == "\xa0":
        return " "
    decomposed = unicodedata.normalize("NFD", char)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    return base.lower()


def _fold_with_index(text: str) -> tuple[str, list[int] | None]:
    """Fold ``text`` and return, for every folded character, its index in ``text`` (None when
    folding kept the length, so that positions are the same in both)."""
    folded = "".join(map(_fold_char, text))
    if len(folded) == len(text):
        return folded, None
    out: list[str] = []
    index: list[int] = []
    for position, char in enumerate(text):
        folded = _fold_char(char)
        out.append(folded)
        index.extend([position] * len(folded))
    return "".join(out), index


def fold(text: str) -> str:
    """Lower-case ``text``, strip its accents and unify apostrophes and dashes."""
    return "".join(_fold_char(c) for c in text)


@dataclass(frozen=True)
class _Spec:
    pattern: re.Pattern[str]
    separator: re.Pattern[str] | None = None  # for shape D, a mark required after the heading


def _spec(words: str, separator: str | None = None) -> _Spec:
    # Words are written folded (no accents, lower case); a space stands for any whitespace.
    body = r"\s+".join(words.split(" "))
    return _Spec(
        re.compile(body + r"(?!\w)"),
        re.compile(separator) if separator else None,
    )


# Longest first where one heading is the start of another ("preparation du jeu" before
# "preparation"): the first spec that matches wins.
HEADING_SPECS: tuple[_Spec, ...] = (
    _spec("presentation et preparation"),
    _spec("presentation du plan"),
    _spec("composition du jeu"),
    _spec("regles? du jeu"),
    _spec("but du jeu"),
    _spec("but de la partie"),
    _spec("mise en place"),
    _spec("preparation du jeu"),
    _spec("preparation de la partie"),
    _spec("preparation"),
    _spec("deroulement d'une partie"),
    _spec("deroulement du jeu"),
    _spec("deroulement"),
    _spec("deplacements"),
    _spec(r"comment (?:avancent|se deplacent|bougent) les \w+"),
    _spec("cases speciales"),
    _spec("alarme"),
    _spec("points"),
    _spec("tactique"),
    _spec("quelques conseils"),
    _spec(r"le jeu (?:pour|a) (?:deux|trois|quatre|cinq|six|\d+)(?: joueurs)?"),
    _spec("fin du jeu"),
    _spec("fin de la partie"),
    _spec("variantes?"),
    _spec("exemples?"),
    _spec("contenu"),
    _spec("materiel"),
    _spec("note", separator=r"[ \t]*[-–—:][ \t]*"),
)

_SENTENCE_END = re.compile(r"[.!?;)][ \t]+")
_ONLY_MARK = re.compile(r"\s*([:?]?)\s*")
_COLON_THEN_TEXT = re.compile(r"\s*:\s*(?=\S)")
_SHORT_TAIL = re.compile(r"([^:?.!;,\n]{1,40}?)\s*([:?])\s*")
_SPACES = re.compile(r"[ \t]+")


@dataclass(frozen=True)
class HeadingMatch:
    """One heading found in a text: ``text[start:body_start]`` is the heading and its marks."""

    heading: str
    start: int
    body_start: int


def _clean_heading(raw: str) -> str:
    return " ".join(raw.split())


def _match_at(
    text: str, folded: str, index: Sequence[int], fpos: int, line_start: bool
) -> HeadingMatch | None:
    """Return a :class:`HeadingMatch` if a heading starts at folded position ``fpos``."""
    for spec in HEADING_SPECS:
        m = spec.pattern.match(folded, fpos)
        if not m:
            continue
        start = index[fpos]
        end = index[m.end() - 1] + 1  # end of the heading words in ``text``
        line_end = text.find("\n", end)
        if line_end < 0:
            line_end = len(text)
        rest = text[end:line_end]
        phrase = _clean_heading(text[start:end])
        if line_start:
            only = _ONLY_MARK.fullmatch(rest)
            if only:  # shape A
                return HeadingMatch(phrase + ("?" if only.group(1) == "?" else ""), start, line_end)
            colon = _COLON_THEN_TEXT.match(rest)
            if colon:  # shape B
                return HeadingMatch(phrase, start, end + colon.end())
            tail = _SHORT_TAIL.fullmatch(rest)
            if tail and len(tail.group(1).split()) <= 5 and rest[:1].isspace():  # shape C
                heading = _clean_heading(text[start:end] + tail.group(1))
                return HeadingMatch(
                    heading + ("?" if tail.group(2) == "?" else ""), start, line_end
                )
        # shape D: run-together text
        if not text[start].isupper():
            return None
        if spec.separator is not None:
            sep = spec.separator.match(text, end)
            if not sep or sep.end() == end:
                return None
            body_start = sep.end()
        else:
            space = _SPACES.match(text, end)
            if not space:
                return None
            body_start = space.end()
        if body_start >= line_end:
            return None
        letters = [c for c in text[start:end] if c.isalpha()]
        all_caps = all(c.isupper() for c in letters)
        following = text[body_start]
        if (
            spec.separator is None
            and not all_caps
            and not (following.isupper() or following.isdigit())
        ):
            return None
        return HeadingMatch(phrase, start, body_start)
    return None


def find_headings(text: str) -> list[HeadingMatch]:
    """All headings of ``text``, in order, never overlapping."""
    folded, index = _fold_with_index(text)
    if index is None:
        index = range(len(text))
        first_folded: dict[int, int] | range = index
    else:
        # Map each original position to its first folded position.
        first_folded = {}
        for fpos, opos in enumerate(index):
            first_folded.setdefault(opos, fpos)

    candidates: list[tuple[int, bool]] = []
    offset = 0
    for line in text.split("\n"):
        stripped = len(line) - len(line.lstrip(" \t"))
        candidates.append((offset + stripped, True))
        for m in _SENTENCE_END.finditer(line):
            if m.end() < len(line):
                candidates.append((offset + m.end(), False))
        offset += len(line) + 1

    found: list[HeadingMatch] = []
    taken_until = 0
    for position, line_start in candidates:
        if position < taken_until or position >= len(text) or position not in first_folded:
            continue
        match = _match_at(text, folded, index, first_folded[position], line_start)
        if match:
            found.append(match)
            taken_until = match.body_start
    return found


def split_sections(text: str) -> list[RulesSection]:
    """Cut ``text`` at its headings; text before the first heading gets the heading ``""``."""
    headings = find_headings(text)
    sections: list[RulesSection] = []
    first = headings[0].start if headings else len(text)
    preamble = text[:first].strip()
    if preamble:
        sections.append(RulesSection(heading="", body=preamble))
    for i, match in enumerate(headings):
        stop = headings[i + 1].start if i + 1 < len(headings) else len(text)
        sections.append(
            RulesSection(heading=match.heading, body=text[match.body_start : stop].strip())
        )
    return sections


_COMPONENT_HEADINGS = ("contenu", "composition du jeu", "materiel")
_SETUP_WORDS = ("presentation", "preparation", "mise en place")
_BULLET_SPLIT = re.compile(r"(?:^|\s)[-–•]\s+")
_STARTS_WITH_COUNT = re.compile(r"\d")


def extract_components(sections: list[RulesSection]) -> str:
    """The component list of a game, read from its rules sections.

    1. In the first "Contenu" / "Composition du jeu" / "Matériel" section with a body: its first
       non-empty line; if that line starts with a count ("1 Plateau de jeu…"), the following
       lines that also start with a count are added, joined with ", " (Prairie's table cells).
    2. Otherwise, in a "Présentation…" / "Préparation…" / "Mise en place" section: the first
       "- " bullet item that starts with a count (Bataclan's "28 dès spéciaux … gobelet.").
    3. Otherwise ``""``.
    """
    for section in sections:
        if fold(section.heading) not in _COMPONENT_HEADINGS:
            continue
        lines = [line.strip() for line in section.body.splitlines() if line.strip()]
        if not lines:
            continue
        items = [lines[0]]
        if _STARTS_WITH_COUNT.match(lines[0]):
            for line in lines[1:]:
                if not _STARTS_WITH_COUNT.match(line):
                    break
                items.append(line)
        return ", ".join(items)
    for section in sections:
        heading = fold(section.heading)
        if not any(word in heading for word in _SETUP_WORDS):
            continue
        for item in _BULLET_SPLIT.split(section.body):
            item = item.strip()
            if _STARTS_WITH_COUNT.match(item):
                return item
    return ""
