"""The table of spreadsheets and CSV files: the columns a header may name, a row → a record and a
record → a row, and formulas kept out of cells (pure Python, no Django). A CSV file
(:mod:`importers.csv_format`) and a spreadsheet's first sheet (:mod:`importers.spreadsheet_format`)
are read through :func:`iter_table`: same columns, same checks.

Header row
----------
Column names are matched accent-, case- and spacing-insensitively (« Âge max », ``age_max`` and
``AGE-MAX`` are the same column), in French or English; only ``titre`` / ``title`` is required:

=====================  ===========================  =========================================
French                 English                      value
=====================  ===========================  =========================================
titre                  title                        the game's title (required)
type_document          document_type                « objet à 3 dimensions, artefacts, ... »
auteurs                authors                      « Nom, Rôle; Nom, Rôle » (no role: Auteur)
editeur                publisher                    publisher name
categorie              category                     « A 406 jeu de stratégie (jeu de règles) »
joueurs_min            min_players                  whole number
joueurs_max            max_players                  whole number
age_min                min_age                      whole number
age_max                max_age                      whole number; 99 = no upper limit
duree_minutes / duree  duration_minutes / duration  whole number
principe               principle                    text
analyse_pedagogique    pedagogical_analysis         text
materiel               components                   text (else read from the rules' « Contenu »)
regle                  rules / rules_text           the rules text, split into sections
a_verifier             review_fields                field names to review, e.g. « authors,
                                                    max_age » (when the column is there it is
                                                    the review list as is, as our exports write
                                                    it; otherwise it is computed as for PMB)
code_barres            barcode                      the copies' barcodes: « 0012345 | 0012346 »
cote                   call_number                  the copies' call numbers, « | » between
localisation           location                     where each copy is kept
section                section                      its section
type_pret              loan_type                    its loan type (circulation category)
statut                 status                       disponible, en prêt, en réparation, exclu
                                                    du prêt (or available, on_loan…)
date_retour            due_date                     expected return (AAAA-MM-JJ, JJ/MM/AAAA)
=====================  ===========================  =========================================

Copies: one row holds every copy of its game, separated by « | » in each copy column, in the
same order (a cell with one value holds for every copy); see :mod:`importers.copy_fields`.

Other columns are ignored and named in the file's warnings. A header without a title column, a
column given twice, a bad number or a minimum above its maximum reject the file
(:class:`RecordError` naming file, line or record, and column).

Formulas: a spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula (« - On déplace un prisonnier… » too). :func:`neutralise_formula`
prefixes such a cell with a single quote, as the OWASP guidance on CSV injection says — and each
such line of a multi-line cell, for the tools that split a cell at its line breaks —, and also
one made of quotes followed by one of those (« '=x » → « ''=x »); reading a row removes that one
quote again (:func:`restore_formula`), so export → import changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from catalogue.rules import fold
from importers.copy_fields import COPY_COLUMNS, table_copies
from importers.fields import RawRecord, age_max_for_export, build_record, review_fields_from
from importers.limits import MAX_RECORDS, too_many_records
from importers.pmb import parse_authors, parse_category
from importers.records import GameRecord, RecordError

__all__ = [
    "COLUMNS",
    "column_key",
    "is_known_column",
    "iter_table",
    "neutralise_formula",
    "restore_formula",
    "table_row",
]

#: field key → (French header the exports write, other accepted names…)
COLUMNS: dict[str, tuple[str, ...]] = {
    "title": ("titre", "title"),
    "document_type": ("type_document", "type_de_document", "document_type"),
    "authors": ("auteurs", "auteur", "authors", "author"),
    "publisher": ("editeur", "publisher"),
    "category": ("categorie", "categorie_esar", "category"),
    "min_players": ("joueurs_min", "nombre_minimum_de_joueurs", "min_players"),
    "max_players": ("joueurs_max", "nombre_maximum_de_joueurs", "max_players"),
    "min_age": ("age_min", "age_minimum", "min_age"),
    "max_age": ("age_max", "age_maximum", "max_age"),
    "duration_minutes": (
        "duree_minutes",
        "duree",
        "duree_moyenne",
        "duree_moyenne_minutes",
        "duration_minutes",
        "duration",
    ),  # fmt: skip
    "principle": ("principe", "principe_du_jeu", "principle"),
    "pedagogical_analysis": ("analyse_pedagogique", "pedagogical_analysis"),
    "components": ("materiel", "components"),
    "rules_text": ("regle", "regles", "regle_du_jeu", "rules", "rules_text"),
    "review_fields": ("a_verifier", "review_fields"),
}
_BY_NAME = {name: key for key, names in COLUMNS.items() for name in names}
_BY_NAME.update({name: key for key, names in COPY_COLUMNS.items() for name in names})
#: A cell a spreadsheet would read as a formula, possibly behind our escaping quotes.
_FORMULA = re.compile(r"'*[=+\-@\t\r]")


def neutralise_formula(value: str) -> str:
    """``=1+1`` → ``'=1+1``, line by line: text, never a formula (see the module docstring)."""
    return "\n".join("'" + line if _FORMULA.match(line) else line for line in value.split("\n"))


def restore_formula(value: str) -> str:
    """The inverse of :func:`neutralise_formula`: ``'=1+1`` → ``=1+1``."""
    return "\n".join(
        line[1:] if line.startswith("'") and _FORMULA.match(line) else line
        for line in value.split("\n")
    )


def column_key(header: str) -> str:
    """« Âge max. » → ``age_max``: the comparable form of a column name."""
    name = re.sub(r"[^a-z0-9]+", "_", fold(header.strip().strip('"'))).strip("_")
    return name


def is_known_column(header: str) -> bool:
    return column_key(header) in _BY_NAME


def iter_table(
    header: list[str],
    rows: Iterable[tuple[int, list[str]]],
    source_name: str,
    warnings: list[str] | None = None,
    *,
    fmt: str,
    max_records: int = MAX_RECORDS,
) -> Iterator[GameRecord]:
    """Records from a table's header and its ``(line number, cells)`` rows: a CSV file's, or a
    spreadsheet's first sheet (:mod:`importers.spreadsheet_format`). Same columns, same checks;
    more than ``max_records`` games refuse the file."""
    columns: dict[str, int] = {}
    for position, name in enumerate(header):
        key = _BY_NAME.get(column_key(name))
        if key is None:
            if name.strip() and warnings is not None:
                warnings.append(f"colonne « {name.strip()} » ignorée (nom inconnu)")
            continue
        if key in columns:
            raise RecordError(
                f"colonne en double : « {header[columns[key]].strip()} » et « {name.strip()} »",
                source_name=source_name,
                record="en-tête",
                field=name.strip(),
            )
        columns[key] = position
    if "title" not in columns:
        raise RecordError(
            "colonne obligatoire absente : « titre » (ou « title »)",
            source_name=source_name,
            record="en-tête",
            field="titre",
        )
    copy_columns = [key for key in COPY_COLUMNS if key in columns]
    if copy_columns and "copy_barcode" not in columns:
        # Without barcodes no copy can be followed: the columns are ignored, not the file.
        for key in copy_columns:
            if warnings is not None:
                warnings.append(
                    f"colonne « {header[columns[key]].strip()} » ignorée : les exemplaires "
                    "ont besoin d'une colonne « code_barres »"
                )
            del columns[key]
        copy_columns = []
    count = 0
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue  # blank line
        if count >= max_records:
            raise too_many_records(source_name, max_records, line)
        raw = _raw_record(row, columns, header, count, source_name, warnings)
        count += 1
        record = _build(raw, line, source_name, fmt)
        if copy_columns:
            cells = {key: _cell(row, columns, key) for key in copy_columns}
            try:
                record.copies = table_copies(
                    cells, title=record.title, source_name=source_name, field_names=raw.field_names
                )
            except RecordError as error:
                raise RecordError(
                    f"ligne {line} : {error.message}",
                    source_name=source_name,
                    record=error.record,
                    field=error.field,
                ) from None
        yield record
    if not count:
        raise RecordError("aucune ligne de jeu sous l'en-tête", source_name=source_name)


def _cell(row: list[str], columns: dict[str, int], key: str) -> str:
    position = columns.get(key)
    if position is None or position >= len(row):
        return ""
    return restore_formula(row[position].strip())


def _raw_record(row, columns, header, index, source_name, warnings) -> RawRecord:
    def cell(key: str) -> str:
        return _cell(row, columns, key)

    raw = RawRecord(index=index)
    raw.field_names = {key: header[position].strip() for key, position in columns.items()}
    for key in COLUMNS:
        if key in columns and key not in ("authors", "category", "review_fields"):
            raw.values[key] = cell(key)
    raw.authors = parse_authors(cell("authors"))
    raw.category = parse_category(cell("category"))
    if "review_fields" in columns:
        raw.review_fields, unknown = review_fields_from(cell("review_fields"))
        if unknown and warnings is not None:
            warnings.append(
                f"notice « {raw.name()} » : champs à vérifier inconnus ignorés : "
                f"{', '.join(unknown)}"
            )
    return raw


def _build(raw: RawRecord, line: int, source_name: str, fmt: str) -> GameRecord:
    try:
        return build_record(raw, source_name, fmt)
    except RecordError as error:
        record = error.record if raw.values.get("title") else f"ligne {line}"
        raise RecordError(
            f"ligne {line} : {error.message}",
            source_name=source_name,
            record=record,
            field=error.field,
        ) from None


def _authors_cell(record: GameRecord) -> str:
    return "; ".join(f"{credit.name}, {credit.role}" for credit in record.authors)


def _category_cell(record: GameRecord) -> str:
    heading = " ".join(part for part in (record.category_code, record.category_label) if part)
    return f"{heading} ({record.category_family})" if record.category_family else heading


def table_row(record: GameRecord) -> dict[str, object]:
    """One record as a row's cells (before :func:`neutralise_formula`), by field key."""
    return {
        "title": record.title,
        "document_type": record.document_type,
        "authors": _authors_cell(record),
        "publisher": record.publisher,
        "category": _category_cell(record),
        "min_players": record.min_players,
        "max_players": record.max_players,
        "min_age": record.min_age,
        "max_age": age_max_for_export(record),
        "duration_minutes": record.duration_minutes,
        "principle": record.principle,
        "pedagogical_analysis": record.pedagogical_analysis,
        "components": record.components,
        "rules_text": record.rules_text,
        "review_fields": ", ".join(record.missing_fields),
    }
