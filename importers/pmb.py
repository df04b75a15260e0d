"""The library's PMB catalogue records: what the text and HTML readers share (pure Python,
no Django).

Two forms of a PMB OPAC record page are read:

* ``pmb-text`` — the page saved as text (:mod:`importers.pmb_text`): label lines ``| Titre : |``
  (the leading ``|`` is optional) each followed by a value that may wrap over many lines and
  ends at the first line whose last non-blank character is ``|``;
* ``pmb-html`` — the HTML the OPAC serves (:mod:`importers.pmb_html`): table rows whose first
  cell is a label (``<td class="bg-grey"><span class="etiq_champ">Titre :</span></td>``) and
  whose second cell is the value.

(A plain rules page without catalogue fields, such as Prairie / Buffalo, is read by
:mod:`importers.rules_page`.)

Both PMB readers only produce ``(label, value)`` pairs; one shared assembler
(:class:`Assembler`) and one shared label→field mapping (:data:`LABEL_TO_FIELD`) turn them
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
  (see :func:`importers.pmb_text.read_pmb_text` / :func:`importers.pmb_html.read_pmb_html`).

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

from catalogue.rules import fold
from importers.fields import RawRecord, build_record
from importers.records import AuthorCredit, GameRecord, RecordError

__all__ = [
    "FIELD_LABELS",
    "FORMAT_HTML",
    "FORMAT_TEXT",
    "LABEL_TO_FIELD",
    "Assembler",
    "PmbFields",
    "build_pmb_record",
    "normalise_label",
    "normalise_newlines",
    "one_line",
    "parse_authors",
    "parse_category",
]

FORMAT_TEXT = "pmb-text"
FORMAT_HTML = "pmb-html"

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
        title = one_line(self.values.get("title", ""))
        return title or f"n° {self.index + 1}"


def normalise_newlines(text: str) -> str:
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def one_line(value: str) -> str:
    return " ".join(value.split())


class Assembler:
    """Turn a stream of ``(label, value)`` pairs into records (shared by text and HTML)."""

    def __init__(self, source_name: str):
        self.source_name = source_name
        self.records: list[PmbFields] = []

    def current_name(self) -> str:
        return self.records[-1].name() if self.records else ""

    def titles(self) -> list[str]:
        return [r.values["title"] for r in self.records if r.values.get("title")]

    def add(self, label: str, value: str) -> None:
        label = one_line(label).rstrip(":").strip()
        key = LABEL_TO_FIELD.get(normalise_label(label))
        current = self.records[-1] if self.records else None
        if key == "title" and current is not None and "title" in current.values:
            if one_line(current.values["title"]) == one_line(value):
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
            if one_line(current.values[key]) == one_line(value):
                return  # the OPAC's second copy of the record
            raise RecordError(
                f"le champ « {FIELD_LABELS[key]} » apparaît deux fois avec des valeurs "
                "différentes (une notice sans « Titre » ?)",
                source_name=self.source_name,
                record=current.name(),
                field=FIELD_LABELS[key],
            )
        current.values[key] = value


# --------------------------------------------------------------------------- field values

_CATEGORY = re.compile(
    r"(?P<code>[A-Za-z])\s?(?P<number>\d{3})(?!\d)\s*(?P<label>.*?)\s*(?:\((?P<family>[^()]*)\))?"
)
_FAMILY_ONLY = re.compile(r"(?P<label>.*?)\s*\((?P<family>[^()]*)\)")
_AUTHOR_SEPARATORS = re.compile(r"\s*;\s*|\s+/\s+|\n")


def parse_authors(value: str) -> list[AuthorCredit]:
    authors: list[AuthorCredit] = []
    for piece in _AUTHOR_SEPARATORS.split(value):
        piece = one_line(piece)
        if not piece:
            continue
        name, comma, role = piece.rpartition(",")
        if comma and name.strip() and role.strip():
            authors.append(AuthorCredit(name=name.strip(), role=role.strip()))
        else:
            authors.append(AuthorCredit(name=piece.strip(" ,")))
    return authors


def parse_category(value: str) -> tuple[str, str, str]:
    lines = [one_line(line) for line in value.split("\n") if line.strip()]
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


def build_pmb_record(raw: PmbFields, source_name: str, source_format: str) -> GameRecord:
    """Validate a record read from a PMB page with the readers' shared rules
    (:func:`importers.fields.build_record`), its fields named by their PMB labels."""
    fields = RawRecord(index=raw.index, field_names=dict(FIELD_LABELS))
    fields.values = {
        key: value for key, value in raw.values.items() if key not in ("authors", "category")
    }
    fields.authors = parse_authors(raw.values.get("authors", ""))
    fields.category = parse_category(raw.values.get("category", ""))
    return build_record(fields, source_name, source_format)
