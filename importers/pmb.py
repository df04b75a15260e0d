"""Read the library's PMB catalogue records into :class:`GameRecord` (pure Python, no Django).

Three inputs are understood:

* ``pmb-text`` — a PMB OPAC record page saved as text (:func:`parse_pmb_text`): label lines
  ``| Titre : |`` (the leading ``|`` is optional) each followed by a value that may wrap over
  many lines and ends at the first line whose last non-blank character is ``|``;
* ``pmb-html`` — the HTML the OPAC serves (:func:`parse_pmb_html`): table rows whose first cell
  is a label (``<td class="bg-grey"><span class="etiq_champ">Titre :</span></td>``) and whose
  second cell is the value;
* ``rules-page`` — a plain rules page without catalogue fields (:func:`parse_rules_page`), such
  as Prairie / Buffalo.

Both PMB readers only produce ``(label, value)`` pairs; one shared assembler
(:class:`_Assembler`) and one shared label→field mapping (:data:`LABEL_TO_FIELD`) turn them
into records, so the text and HTML forms cannot disagree.

Record structure
----------------
* A ``Titre`` label starts a new record — unless it repeats the current record's title.
* The OPAC prints each record twice: the public view, then the one-line ISBD summary followed by
  the same fields again. The first copy is kept; a field seen again with the same value
  (whitespace aside) is ignored. A known field seen again with a *different* value is an error
  (most likely a second record whose ``Titre`` line is missing).
* A known label line met inside an open value closes that value (its ``|`` was missing) and
  starts the next field; an unknown label line inside a value is part of the value.
* Lines between fields that are not labels — the ISBD summary, ``|``-only lines, the
  navigation footer (``Affiner la recherche Interroger des sources externes``) — are ignored.
* Unknown labels are ignored but listed in :attr:`PmbFields.unknown_labels`
  (see :func:`read_pmb_text` / :func:`read_pmb_html`).

Truncation (a file that ends inside a field) raises :class:`RecordError`:

* text: the file ends while a value is open (a label line was read and no line closing its
  value with ``|`` followed — this covers "a label with no value" and "the last value's closing
  ``|`` is missing"), or the last non-blank line is stray text that is neither a complete label
  line, a value's closing line, a ``|``-only line, the ISBD summary (starts with a record's
  title) nor the OPAC footer (e.g. a label cut in the middle, ``| Nombre max``). A cut that
  falls exactly after a field's closing ``|`` cannot be told from a shorter record: the absent
  fields are then listed in ``missing_fields``;
* HTML: the document ends inside a tag, a comment or a ``<script>``/``<style>`` block; or it
  opens more ``<table>`` elements than it closes (cut off mid-table); or it has an ``<html>``
  tag but no ``</html>``.

Field rules
-----------
* ``title``, ``document_type``, ``publisher``: whitespace collapsed to single spaces.
* ``authors``: separated by ``;`` or `` / `` or line breaks; each is ``Name, Role`` (split at
  the last comma; no comma → role ``Auteur``).
* ``category``: the first non-empty line, ``A 406 jeu de stratégie (jeu de règles)`` → code
  ``A 406`` (a letter and 3 digits), label ``jeu de stratégie``, family ``jeu de règles``; a line
  without a code is kept whole as the label.
* Players, ages and duration must be whole numbers (ASCII digits only); ``Age maximum`` of 99
  or more means no upper limit (``max_age`` None, *not* missing). A record with no
  ``Age maximum`` line, or an empty one, also gets ``max_age`` None but lists ``max_age`` in
  ``missing_fields``, because "no limit" and "not catalogued" cannot be told apart.
* ``rules_text`` is the ``Contenu`` value, stripped at both ends only; ``rules_sections`` and
  ``components`` come from :mod:`catalogue.rules`.
* ``missing_fields`` (PMB records) names, in :class:`GameRecord` order, which of ``authors``,
  ``publisher``, ``category``, ``min_players``, ``max_players``, ``min_age``, ``max_age`` (see
  above), ``duration_minutes``, ``components``, ``rules_text`` are empty.

Imported text is data: nothing in a text value is ever interpreted as markup, so a literal
``<script>`` in a text export stays in the record; in HTML the *text content* of cells is taken,
so an escaped ``&lt;script&gt;`` becomes the literal text ``<script>`` (real ``<script>``,
``<style>`` and ``<template>`` elements are page code and are skipped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import BeautifulSoup
from bs4.element import (
    Comment,
    Declaration,
    Doctype,
    NavigableString,
    ProcessingInstruction,
    Tag,
)

from catalogue.rules import extract_components, find_headings, fold, split_sections
from importers.fields import RawRecord, build_record
from importers.records import AuthorCredit, GameRecord, RecordError

__all__ = [
    "FIELD_LABELS",
    "FORMAT_HTML",
    "FORMAT_RULES",
    "FORMAT_TEXT",
    "LABEL_TO_FIELD",
    "PmbFields",
    "clean_rules_page",
    "has_pmb_text_labels",
    "infer_players",
    "looks_like_rules_page",
    "normalise_label",
    "parse_pmb_html",
    "parse_pmb_text",
    "parse_rules_page",
    "read_pmb_html",
    "read_pmb_text",
]

FORMAT_TEXT = "pmb-text"
FORMAT_HTML = "pmb-html"
FORMAT_RULES = "rules-page"

#: The label PMB prints for each field (also the field name used in error messages).
FIELD_LABELS: dict[str, str] = {
    "title": "Titre",
    "document_type": "Type de document",
    "authors": "Auteurs",
    "publisher": "Editeur",
    "category": "Catégories",
    "min_players": "Nombre minimum de joueurs",
    "max_players": "Nombre maximum de joueurs",
    "min_age": "Age minimum",
    "max_age": "Age maximum",
    "duration_minutes": "Durée moyenne (minutes)",
    "principle": "Principe du jeu",
    "pedagogical_analysis": "Analyse pédagogique",
    "rules_text": "Contenu",
}

_LABEL_ALIASES: dict[str, str] = {
    "auteur": "authors",
    "auteur(s)": "authors",
    "editeurs": "publisher",
    "editeur(s)": "publisher",
    "categorie": "category",
    "categorie(s)": "category",
    "duree moyenne": "duration_minutes",
}


def normalise_label(label: str) -> str:
    """``" Durée  moyenne (minutes) : "`` → ``"duree moyenne (minutes)"``."""
    text = " ".join(fold(label).split())
    return text.rstrip(": ").strip()


#: The one label → field mapping both readers use (keys are :func:`normalise_label` forms).
LABEL_TO_FIELD: dict[str, str] = {
    **{normalise_label(label): key for key, label in FIELD_LABELS.items()},
    **_LABEL_ALIASES,
}


@dataclass
class PmbFields:
    """One record as read from a PMB page, before validation."""

    index: int
    values: dict[str, str] = field(default_factory=dict)  # field key -> value as read
    unknown_labels: list[str] = field(default_factory=list)

    def name(self) -> str:
        title = _one_line(self.values.get("title", ""))
        return title or f"n° {self.index + 1}"


def _one_line(value: str) -> str:
    return " ".join(value.split())


class _Assembler:
    """Turn a stream of ``(label, value)`` pairs into records (shared by text and HTML)."""

    def __init__(self, source_name: str):
        self.source_name = source_name
        self.records: list[PmbFields] = []

    def current_name(self) -> str:
        return self.records[-1].name() if self.records else ""

    def titles(self) -> list[str]:
        return [r.values["title"] for r in self.records if r.values.get("title")]

    def add(self, label: str, value: str) -> None:
        label = _one_line(label).rstrip(":").strip()
        key = LABEL_TO_FIELD.get(normalise_label(label))
        current = self.records[-1] if self.records else None
        if key == "title" and current is not None and "title" in current.values:
            if _one_line(current.values["title"]) == _one_line(value):
                return  # the title repeated by the OPAC's second copy
            current = None
        if current is None:
            current = PmbFields(index=len(self.records))
            self.records.append(current)
        if key is None:
            if label not in current.unknown_labels:
                current.unknown_labels.append(label)
            return
        if key in current.values:
            if _one_line(current.values[key]) == _one_line(value):
                return  # the OPAC's second copy of the record
            raise RecordError(
                f"le champ « {FIELD_LABELS[key]} » apparaît deux fois avec des valeurs "
                "différentes (une notice sans « Titre » ?)",
                source_name=self.source_name,
                record=current.name(),
                field=FIELD_LABELS[key],
            )
        current.values[key] = value


# --------------------------------------------------------------------------- text form

_LABEL_MAX_CHARS = 80
_FOOTER_WORDS = ("affiner la recherche", "interroger des sources externes")
_ISBD_TAIL = re.compile(r"\s*(?:$|[\[/.:=,;-])")


def _normalise_newlines(text: str) -> str:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _label_of(line: str) -> str | None:
    """The label of a label line (``| Titre : |``, ``Titre : |``), else None.

    Read by hand, not by a regular expression: the one this was (optional blanks, an optional
    ``|``, blanks, the label, blanks…) backtracked on a line of blanks, 36 ms a 100-character
    line — half an hour for an upload of such lines."""
    if len(line) > _LABEL_MAX_CHARS + 20:
        return None
    body = line.strip(" \t")
    if body.startswith("|"):
        body = body[1:]
    if not body.endswith("|"):
        return None
    body = body[:-1].rstrip(" \t")
    if not body.endswith(":"):
        return None
    label = body[:-1].strip()
    if "|" in label or ":" in label or "\n" in label or not any(c.isalpha() for c in label):
        return None
    return label


def _is_footer(line: str) -> bool:
    folded = fold(line)
    return any(folded.startswith(word) for word in _FOOTER_WORDS)


def _is_isbd(line: str, titles: list[str]) -> bool:
    folded = fold(line)
    for title in titles:
        prefix = fold(_one_line(title))
        if prefix and folded.startswith(prefix) and _ISBD_TAIL.match(folded, len(prefix)):
            return True
    return False


def has_pmb_text_labels(text: str) -> bool:
    """True if some line of ``text`` is a PMB label line with a known label."""
    for line in _normalise_newlines(text).split("\n"):
        label = _label_of(line)
        if label is not None and normalise_label(label) in LABEL_TO_FIELD:
            return True
    return False


def read_pmb_text(text: str, source_name: str) -> list[PmbFields]:
    """Read the label/value pairs of a saved PMB page into unvalidated records.

    Raises :class:`RecordError` if the file is truncated (see the module docstring).
    Returns ``[]`` if the text holds no label at all.
    """
    assembler = _Assembler(source_name)
    open_label: str | None = None
    open_lines: list[str] = []
    open_lineno = 0
    last_stray: tuple[int, str] | None = None  # stray text after the last field, if any

    for lineno, line in enumerate(_normalise_newlines(text).split("\n"), start=1):
        if open_label is not None:
            label = _label_of(line)
            if label is not None and normalise_label(label) in LABEL_TO_FIELD:
                # A known label inside a value: that value's closing "|" is missing.
                assembler.add(open_label, "\n".join(open_lines).strip())
                open_label = None
            else:
                body = line.rstrip()
                if body.endswith("|"):
                    open_lines.append(body[:-1])
                    assembler.add(open_label, "\n".join(open_lines).strip())
                    open_label = None
                    last_stray = None
                else:
                    open_lines.append(line)
                continue
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.replace("|", "").strip():
            last_stray = None  # "|" only: table chrome
            continue
        label = _label_of(line)
        if label is not None:
            open_label, open_lines, open_lineno = label, [], lineno
            last_stray = None
            continue
        if _is_footer(stripped):
            last_stray = None
            continue
        last_stray = (lineno, stripped)

    if open_label is not None:
        key = LABEL_TO_FIELD.get(normalise_label(open_label))
        raise RecordError(
            f"fichier tronqué : la valeur commencée ligne {open_lineno + 1} n'est pas "
            "fermée par « | » avant la fin du fichier",
            source_name=source_name,
            record=assembler.current_name() if key != "title" else "",
            field=FIELD_LABELS[key] if key else open_label,
        )
    if assembler.records and last_stray is not None:
        lineno, stray = last_stray
        if not _is_isbd(stray, assembler.titles()):
            raise RecordError(
                f"fichier tronqué : la dernière ligne (ligne {lineno}, « {stray[:40]} ») n'est "
                "ni une étiquette complète ni une valeur fermée par « | »",
                source_name=source_name,
                record=assembler.current_name(),
            )
    return assembler.records


def parse_pmb_text(text: str, source_name: str) -> list[GameRecord]:
    """Parse a PMB record page saved as text; raises :class:`RecordError` on any bad record."""
    return [
        _build_record(raw, source_name, FORMAT_TEXT) for raw in read_pmb_text(text, source_name)
    ]


# --------------------------------------------------------------------------- HTML form

_SKIPPED_TAGS = {"script", "style", "template", "noscript", "head", "title"}
_BLOCK_TAGS = {
    "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figcaption",
    "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main",
    "nav", "ol", "p", "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
    "ul",
}  # fmt: skip
_HTML_SPACES = re.compile(r"[ \t\n\r\f\xa0]+")
_IGNORED_STRINGS = (Comment, Declaration, Doctype, ProcessingInstruction)


def _cell_text(cell: Tag) -> str:
    """The text of a cell as a browser shows it: ``<br>`` and blocks are line breaks, other
    whitespace runs are one space, each line is stripped; markup is never kept."""
    out: list[str] = []
    at_line_start = True

    def emit(text: str) -> None:
        nonlocal at_line_start
        out.append(text)
        if text.strip(" "):
            at_line_start = text.endswith("\n")

    def walk(node: Tag, in_pre: bool) -> None:
        nonlocal at_line_start
        for child in node.children:
            if isinstance(child, NavigableString):
                if isinstance(child, _IGNORED_STRINGS):
                    continue
                emit(str(child) if in_pre else _HTML_SPACES.sub(" ", str(child)))
            elif isinstance(child, Tag):
                name = child.name.lower()
                if name in _SKIPPED_TAGS:
                    continue
                if name == "br":
                    emit("\n")
                    continue
                block = name in _BLOCK_TAGS
                if block and not at_line_start:
                    emit("\n")
                walk(child, in_pre or name == "pre")
                if block and not at_line_start:
                    emit("\n")

    walk(cell, False)
    lines = [line.strip(" \t") for line in "".join(out).replace("\xa0", " ").split("\n")]
    return "\n".join(lines).strip()


def _is_label_text(label: str) -> bool:
    if not label or len(label) > 80 or not any(c.isalpha() for c in label):
        return False
    return label.endswith(":") or normalise_label(label) in LABEL_TO_FIELD


def _html_truncation(html: str) -> str | None:
    """Why the HTML document looks cut off, or None."""
    text = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    if "<!--" in text:
        return "le document s'arrête dans un commentaire HTML"
    text = re.sub(r"<(script|style)\b.*?</\1\s*>", "", text, flags=re.S | re.I)
    if re.search(r"<(?:script|style)\b", text, re.I):
        return "le document s'arrête dans un bloc <script> ou <style>"
    if re.search(r"<[!/?a-zA-Z][^>]*\Z", text):
        return "le document s'arrête au milieu d'une balise"
    opened = len(re.findall(r"<table\b", text, re.I))
    closed = len(re.findall(r"</table\s*>", text, re.I))
    if opened > closed:
        return "le document s'arrête au milieu d'un tableau (<table> sans </table>)"
    if re.search(r"<html\b", text, re.I) and not re.search(r"</html\s*>", text, re.I):
        return "le document n'a pas de balise de fin </html>"
    return None


def _label_rows(html: str):
    soup = BeautifulSoup(html, "html.parser")
    for row in soup.find_all("tr"):
        if row.find("tr") is not None:
            continue  # a layout row holding a nested table: its rows are visited on their own
        cells = row.find_all(["td", "th"], recursive=False)
        if not cells:
            continue
        label = _one_line(_cell_text(cells[0]))
        if not _is_label_text(label):
            continue
        value = _cell_text(cells[1]) if len(cells) > 1 else ""
        yield label, value


def read_pmb_html(html: str, source_name: str) -> list[PmbFields]:
    """Read the label rows of a PMB OPAC page into unvalidated records.

    Tolerant of the surrounding markup: any ``<tr>`` whose first cell (``td`` or ``th``) reads
    like a label (ends with ``:`` or is a known label) and whose next cell holds the value.
    Raises :class:`RecordError` if the document is truncated; returns ``[]`` without labels.
    """
    html = _normalise_newlines(html)
    assembler = _Assembler(source_name)
    last_label = ""
    for label, value in _label_rows(html):
        assembler.add(label, value)
        last_label = label.rstrip(": ")
    reason = _html_truncation(html)
    if reason:
        raise RecordError(
            f"fichier tronqué : {reason}",
            source_name=source_name,
            record=assembler.current_name(),
            field=last_label,
        )
    return assembler.records


def parse_pmb_html(html: str, source_name: str) -> list[GameRecord]:
    """Parse a PMB OPAC record page (HTML); raises :class:`RecordError` on any bad record."""
    return [
        _build_record(raw, source_name, FORMAT_HTML) for raw in read_pmb_html(html, source_name)
    ]


# --------------------------------------------------------------------------- field values

_CATEGORY = re.compile(
    r"(?P<code>[A-Za-z])\s?(?P<number>\d{3})(?!\d)\s*(?P<label>.*?)\s*(?:\((?P<family>[^()]*)\))?"
)
_FAMILY_ONLY = re.compile(r"(?P<label>.*?)\s*\((?P<family>[^()]*)\)")
_AUTHOR_SEPARATORS = re.compile(r"\s*;\s*|\s+/\s+|\n")


def parse_authors(value: str) -> list[AuthorCredit]:
    authors: list[AuthorCredit] = []
    for piece in _AUTHOR_SEPARATORS.split(value):
        piece = _one_line(piece)
        if not piece:
            continue
        name, comma, role = piece.rpartition(",")
        if comma and name.strip() and role.strip():
            authors.append(AuthorCredit(name=name.strip(), role=role.strip()))
        else:
            authors.append(AuthorCredit(name=piece.strip(" ,")))
    return authors


def parse_category(value: str) -> tuple[str, str, str]:
    lines = [_one_line(line) for line in value.split("\n") if line.strip()]
    if not lines:
        return "", "", ""
    line = lines[0]
    m = _CATEGORY.fullmatch(line)
    if m:
        code = f"{m.group('code').upper()} {m.group('number')}"
        return code, m.group("label"), (m.group("family") or "").strip()
    m = _FAMILY_ONLY.fullmatch(line)
    if m and m.group("label"):
        return "", m.group("label"), m.group("family").strip()
    return "", line, ""


def _build_record(raw: PmbFields, source_name: str, source_format: str) -> GameRecord:
    """Validate a record read from a PMB page with the readers' shared rules
    (:func:`importers.fields.build_record`), its fields named by their PMB labels."""
    fields = RawRecord(index=raw.index, field_names=dict(FIELD_LABELS))
    fields.values = {
        key: value for key, value in raw.values.items() if key not in ("authors", "category")
    }
    fields.authors = parse_authors(raw.values.get("authors", ""))
    fields.category = parse_category(raw.values.get("category", ""))
    return build_record(fields, source_name, source_format)


# --------------------------------------------------------------------------- rules page

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
    for line in _normalise_newlines(text).split("\n"):
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
    title = _title_case(_one_line(" ".join(title_lines)))
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
