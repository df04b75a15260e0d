"""Copies (« exemplaires ») as exports state them (pure Python, no Django).

UNIMARC: field ``995`` of the French « recommandation 995 », one field a copy —

* ``$f`` barcode (a 995 without one cannot be followed: left out, named in the warnings);
* ``$k`` call number (« cote »);
* ``$c`` place (« dépositaire », free text), else ``$a`` (« origine »); ``$e`` section
  (« genre / secteur »);
* ``$o`` circulation type (« type de circulation »: the loan type); when it is a status word
  (« exclu du prêt », « en réparation »…) the copy also has that status;
* ``$n`` expected return date (« date de restitution prévue », AAAAMMJJ or AAAA-MM-JJ): the
  copy is on loan until then.

CSV and spreadsheets: the columns of :data:`COPY_COLUMNS`; several copies in one row are
separated by « | » in each cell, in the same order in every copy column (a cell with one
value, « Ludothèque », holds for every copy of the row).

A bad copy is the record's error (:class:`RecordError`, naming the field): an unknown status
word, a bad date, a return date with a status other than on loan, text the database cannot
store or too long. A barcode twice in one file is refused by the importer (it sees the whole
file).
"""

from __future__ import annotations

import datetime
import re

from catalogue.copy_values import (
    BARCODE_MAX,
    ON_LOAN,
    STATUSES,
    TEXT_MAX,
    CopyValues,
    clean_text,
    normalise_barcode,
    status_from_word,
)
from core.parsers import bad_text
from importers.records import RecordError

SEPARATOR = "|"

#: field key → (French header our exports write, other accepted names…)
COPY_COLUMNS: dict[str, tuple[str, ...]] = {
    "copy_barcode": ("code_barres", "codes_barres", "code_barre", "barcode", "barcodes"),
    "copy_call_number": ("cote", "cotes", "call_number"),
    "copy_location": ("localisation", "location", "lieu"),
    "copy_section": ("section",),
    "copy_loan_type": ("type_pret", "type_de_pret", "loan_type"),
    "copy_status": ("statut", "statut_exemplaire", "status"),
    "copy_due_date": ("date_retour", "retour_prevu", "date_de_retour", "due_date"),
}
#: What an error calls each column.
COLUMN_LABELS = {key: names[0] for key, names in COPY_COLUMNS.items()}
_DATE_FORMATS = (
    (re.compile(r"\d{4}-\d{2}-\d{2}"), "%Y-%m-%d"),
    (re.compile(r"\d{2}/\d{2}/\d{4}"), "%d/%m/%Y"),
    (re.compile(r"\d{8}"), "%Y%m%d"),
)


def parse_date(value: str) -> datetime.date | None:
    """« 2026-12-20 », « 20/12/2026 » or « 20261220 » (empty: None); ValueError otherwise."""
    value = value.strip()
    if not value:
        return None
    for pattern, fmt in _DATE_FORMATS:
        if pattern.fullmatch(value):
            return datetime.datetime.strptime(value, fmt).date()
    raise ValueError(value)


def make_copy(
    values: dict[str, str], *, title: str, source_name: str, field_names: dict[str, str]
) -> CopyValues:
    """One copy from its raw texts (keys: barcode, call_number, location, section, loan_type,
    status, due_date); ``field_names`` says what the file calls each, for errors."""

    def refuse(key: str, message: str):
        return RecordError(
            message, source_name=source_name, record=title, field=field_names.get(key, key)
        )

    barcode = normalise_barcode(values.get("barcode", ""))
    if not barcode:
        raise refuse("barcode", "exemplaire sans code-barres")
    if len(barcode) > BARCODE_MAX:
        raise refuse("barcode", f"code-barres « {barcode[:40]}… » de plus de {BARCODE_MAX} signes")
    texts = {}
    for key, limit in TEXT_MAX.items():
        raw = values.get(key, "")
        if bad_text(raw):
            raise refuse(key, f"exemplaire {barcode} : caractère interdit (NUL ou UTF-16 isolé)")
        texts[key] = clean_text(raw)
        if len(texts[key]) > limit:
            raise refuse(
                key, f"exemplaire {barcode} : « {texts[key][:40]}… » dépasse {limit} signes"
            )
    word = values.get("status", "").strip()
    status = None
    if word:
        status = status_from_word(word)
        if status is None:
            raise refuse(
                "status",
                f"exemplaire {barcode} : statut inconnu « {word[:40]} » (attendu : disponible, "
                "en prêt, en réparation, exclu du prêt — ou " + ", ".join(STATUSES) + ")",
            )
    try:
        due = parse_date(values.get("due_date", ""))
    except ValueError:
        raise refuse(
            "due_date",
            f"exemplaire {barcode} : date de retour invalide « {values['due_date'][:40]} » "
            "(attendu : AAAA-MM-JJ ou JJ/MM/AAAA)",
        ) from None
    if due is not None and status not in (None, ON_LOAN):
        raise refuse(
            "due_date",
            f"exemplaire {barcode} : une date de retour ne va qu'avec le statut « en prêt »",
        )
    return CopyValues(barcode=barcode, status=status, due_date=due, **texts)


# --------------------------------------------------------------------------- UNIMARC 995


MARC_FIELD_NAMES = {
    "barcode": "995$f",
    "call_number": "995$k",
    "location": "995$c",
    "section": "995$e",
    "loan_type": "995$o",
    "status": "995$o",
    "due_date": "995$n",
}


def marc_copies(fields, *, title: str, source_name: str, warnings: list[str]) -> list[CopyValues]:
    """The copies of a record's 995 fields (pymarc fields, see the module docstring)."""
    copies = []
    for field in fields:

        def first(*codes: str, field=field) -> str:
            for code in codes:
                for value in field.get_subfields(code):
                    if value.strip():
                        return value
            return ""

        if not normalise_barcode(first("f")):
            warnings.append(
                f"notice « {title} » : exemplaire sans code-barres (995 $f) non repris "
                f"(cote « {first('k')[:40]} »)"
            )
            continue
        loan_type = first("o")
        values = {
            "barcode": first("f"),
            "call_number": first("k"),
            "location": first("c", "a"),
            "section": first("e"),
            "loan_type": loan_type,
            "status": loan_type if status_from_word(loan_type) else "",
            "due_date": first("n"),
        }
        copies.append(
            make_copy(values, title=title, source_name=source_name, field_names=MARC_FIELD_NAMES)
        )
    return copies


def marc_subfields(copy: CopyValues) -> dict[str, str]:
    """A copy as 995 subfields (the reading above, backwards)."""
    return {
        "f": copy.barcode,
        "k": copy.call_number,
        "c": copy.location,
        "e": copy.section,
        "o": copy.loan_type,
        "n": copy.due_date.strftime("%Y%m%d") if copy.due_date else "",
    }


# --------------------------------------------------------------------------- tables


def table_copies(
    cells: dict[str, str], *, title: str, source_name: str, field_names: dict[str, str]
) -> list[CopyValues] | None:
    """The copies of a row, from its copy columns' cells (by key of :data:`COPY_COLUMNS`);
    None when the row says nothing of copies (every copy cell empty)."""
    if not any(cell.strip() for cell in cells.values()):
        return None
    names = {key.removeprefix("copy_"): field_names.get(key, key) for key in COPY_COLUMNS}
    parts = {
        key.removeprefix("copy_"): [part.strip() for part in cell.split(SEPARATOR)]
        for key, cell in cells.items()
    }
    barcodes = [part for part in parts.get("barcode", []) if part]
    if not barcodes:
        raise RecordError(
            "exemplaires sans code-barres : remplissez la colonne « code_barres » (plusieurs "
            f"exemplaires séparés par « {SEPARATOR} »)",
            source_name=source_name,
            record=title,
            field=names["barcode"],
        )
    if len(barcodes) != len(parts["barcode"]):
        raise RecordError(
            f"code-barres vide entre deux « {SEPARATOR} »",
            source_name=source_name,
            record=title,
            field=names["barcode"],
        )
    count = len(barcodes)
    for key, values in parts.items():
        if len(values) not in (1, count):
            raise RecordError(
                f"{count} codes-barres mais {len(values)} valeurs séparées par « {SEPARATOR} » "
                "(une par exemplaire, dans le même ordre, ou une seule pour tous)",
                source_name=source_name,
                record=title,
                field=names[key],
            )
    return [
        make_copy(
            {key: values[0] if len(values) == 1 else values[n] for key, values in parts.items()},
            title=title,
            source_name=source_name,
            field_names=names,
        )
        for n in range(count)
    ]


def table_cells(copies: list[CopyValues] | None) -> dict[str, str]:
    """A record's copies as a row's cells (for exports), by key of :data:`COPY_COLUMNS`."""
    copies = copies or []

    def joined(values: list[str]) -> str:
        return f" {SEPARATOR} ".join(values) if any(values) else ""

    return {
        "copy_barcode": joined([c.barcode for c in copies]),
        "copy_call_number": joined([c.call_number for c in copies]),
        "copy_location": joined([c.location for c in copies]),
        "copy_section": joined([c.section for c in copies]),
        "copy_loan_type": joined([c.loan_type for c in copies]),
        "copy_status": joined([c.status or "" for c in copies]),
        "copy_due_date": joined([c.due_date.isoformat() if c.due_date else "" for c in copies]),
    }
