"""Spreadsheets saved as CSV: one game a row, under a header row (pure Python, no Django).

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
=====================  ===========================  =========================================

Other columns are ignored and named in the file's warnings. The delimiter (``,``, ``;`` or tab)
is sniffed from the header row. Encoding: UTF-8 (with or without BOM), else Windows-1252 (Excel's
"CSV (séparateur : point-virgule)"); UTF-16 with a BOM is read too. Bytes that fit neither
reject the file, naming the line and column.

A file is recognised as CSV when its first line, split at the sniffed delimiter, holds at least
two known column names. A header without a title column, a column given twice, a row with more
cells than the header, a bad number or a minimum above its maximum reject the file
(:class:`RecordError` naming file, line or record, and column). So does a cell longer than the
csv module's field limit (131,072 characters, which is never raised: a rules text is far
shorter, and an unclosed quote would otherwise swallow the rest of the file into one cell).

:func:`write_csv` writes records with the French header, ``;`` and a UTF-8 BOM (what Excel opens
as is); reading its output gives the same records.

Formulas: a spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula (« - On déplace un prisonnier… » too). :func:`write_csv` prefixes such
a cell with a single quote, as the OWASP guidance on CSV injection says — and each such line of a
multi-line cell, for the tools that split a cell at its line breaks —, and also one made of quotes
followed by one of those (« '=x » → « ''=x »); :func:`parse_csv` removes that one quote again, so
export → import changes nothing.
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from catalogue.rules import fold
from importers.fields import RawRecord, age_max_for_export, build_record, review_fields_from
from importers.limits import MAX_COLUMNS, MAX_RECORDS, number, too_many_records
from importers.pmb import parse_authors, parse_category
from importers.records import GameRecord, RecordError

__all__ = [
    "COLUMNS",
    "FORMAT_CSV",
    "CsvFile",
    "iter_table",
    "looks_like_csv",
    "neutralise_formula",
    "parse_csv",
    "restore_formula",
    "write_csv",
]

FORMAT_CSV = "csv"

#: field key → (French header written by :func:`write_csv`, other accepted names…)
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
_DELIMITERS = (";", ",", "\t")
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")
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


def _first_line(text: str) -> str:
    return text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")


def _sniff(header: str) -> str | None:
    counts = {delimiter: header.count(delimiter) for delimiter in _DELIMITERS}
    delimiter = max(counts, key=counts.get)
    return delimiter if counts[delimiter] else None


def _cells(line: str, delimiter: str) -> list[str]:
    """One line's cells, as far as a single line can tell (a cell over the csv module's field
    limit: split at every delimiter)."""
    try:
        return next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        return line.split(delimiter)


def looks_like_csv(text: str) -> bool:
    """True if the first line is a header with at least two known column names."""
    header = _first_line(text)
    delimiter = _sniff(header)
    if delimiter is None:
        return False
    return sum(column_key(name) in _BY_NAME for name in _cells(header, delimiter)) >= 2


def _decode(data: bytes, source_name: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    bad = _CP1252_UNDEFINED.search(data)
    if bad is None:
        return data.decode("cp1252")
    line_start = data.rfind(b"\n", 0, bad.start()) + 1
    line_number = data.count(b"\n", 0, bad.start()) + 1
    header = data[: data.find(b"\n")].decode("cp1252", errors="replace")
    delimiter = _sniff(header) or ","
    before = data[line_start : bad.start()].decode("cp1252", errors="replace")
    column_index = len(_cells(before, delimiter) or [""]) - 1
    names = _cells(header, delimiter)
    column = names[column_index].strip() if column_index < len(names) else ""
    raise RecordError(
        f"encodage inconnu : l'octet 0x{data[bad.start()]:02X} n'est ni de l'UTF-8 ni du "
        "Windows-1252 (enregistrez le tableau en « CSV UTF-8 »)",
        source_name=source_name,
        record=f"ligne {line_number}",
        field=column,
    )


def parse_csv(data: bytes, source_name: str, warnings: list[str] | None = None) -> list[GameRecord]:
    """Parse a CSV export; raises :class:`RecordError` naming the line (or record) and column."""
    text = _decode(data, source_name).replace("\r\n", "\n").replace("\r", "\n")
    return list(iter_csv(io.StringIO(text.lstrip("\ufeff"), newline=""), source_name, warnings))


def csv_file_encoding(path: Path, source_name: str) -> str:
    """The encoding :func:`parse_csv` would pick for this file, read in blocks (any size)."""
    with open(path, "rb") as handle:
        return _encoding(handle, source_name, path.read_bytes)


def _encoding(handle: BinaryIO, source_name: str, whole: Callable[[], bytes]) -> str:
    start = handle.read(4)
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    handle.seek(0)
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while block := handle.read(1 << 20):
            decoder.decode(block)
        decoder.decode(b"", final=True)
        return "utf-8-sig"
    except UnicodeDecodeError:
        pass
    handle.seek(0)
    while block := handle.read(1 << 20):
        if _CP1252_UNDEFINED.search(block):
            _decode(whole(), source_name)  # raises, naming the line and column
    return "cp1252"


class CsvFile:
    """The records of a CSV file (on disk, or its bytes) of any size, read one at a time
    (bounded memory); :meth:`position` says how many bytes have been read so far."""

    def __init__(
        self,
        source: Path | bytes,
        source_name: str,
        warnings: list[str] | None = None,
        *,
        max_records: int = MAX_RECORDS,
    ):
        self.source, self.source_name, self.warnings = source, source_name, warnings
        self.max_records = max_records
        self.size = len(source) if isinstance(source, bytes) else source.stat().st_size
        self._handle = None

    def position(self) -> int:
        handle = self._handle
        if handle is None:
            return 0  # not started
        return self.size if handle.closed else min(handle.buffer.tell(), self.size)

    def _binary(self) -> BinaryIO:
        source = self.source
        return io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")

    def __iter__(self) -> Iterator[GameRecord]:
        source = self.source
        with self._binary() as binary:
            whole = (lambda: source) if isinstance(source, bytes) else source.read_bytes
            encoding = _encoding(binary, self.source_name, whole)
            binary.seek(0)
            if encoding == "cp1252" and binary.read(3) != codecs.BOM_UTF8:
                binary.seek(0)  # a UTF-8 BOM before Windows-1252 text is dropped, as parse_csv does
            with io.TextIOWrapper(binary, encoding=encoding, newline="") as self._handle:
                lines = (line.replace("\r\n", "\n").replace("\r", "\n") for line in self._handle)
                yield from iter_csv(
                    lines, self.source_name, self.warnings, max_records=self.max_records
                )


def iter_csv(
    lines: Iterable[str],
    source_name: str,
    warnings: list[str] | None = None,
    *,
    max_records: int = MAX_RECORDS,
) -> Iterator[GameRecord]:
    """Records from CSV lines (``\n`` line endings), checked one by one as they are read."""
    lines = iter(lines)
    first = next(lines, "")
    header_line = first.lstrip("\ufeff")
    delimiter = _sniff(header_line.rstrip("\n")) or ","
    read = _LinesRead(itertools.chain([header_line], lines))
    reader = csv.reader(read, delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise RecordError("fichier CSV vide", source_name=source_name) from None
    except csv.Error as error:
        raise _csv_error(error, read, delimiter, [], "en-tête", source_name) from None

    def rows() -> Iterator[tuple[int, list[str]]]:
        while True:
            read.record_start()
            try:
                row = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                record = f"ligne {read.start_line}"
                raise _csv_error(error, read, delimiter, header, record, source_name) from None
            if not any(cell.strip() for cell in row):
                continue  # blank line
            line = reader.line_num
            if len(row) > len(header) and any(cell.strip() for cell in row[len(header) :]):
                raise RecordError(
                    f"ligne {line} : {len(row)} cellules pour {len(header)} colonnes (séparateur "
                    f"« {delimiter} » dans une valeur sans guillemets ?)",
                    source_name=source_name,
                    record=f"ligne {line}",
                )
            yield line, row

    if len(header) > MAX_COLUMNS:
        raise RecordError(
            f"en-tête de {number(len(header))} colonnes, plus que {number(MAX_COLUMNS)}",
            source_name=source_name,
            record="en-tête",
        )
    yield from iter_table(
        header, rows(), source_name, warnings, fmt=FORMAT_CSV, max_records=max_records
    )


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
    count = 0
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue  # blank line
        if count >= max_records:
            raise too_many_records(source_name, max_records, line)
        raw = _raw_record(row, columns, header, count, source_name, warnings)
        count += 1
        yield _build(raw, line, source_name, fmt)
    if not count:
        raise RecordError("aucune ligne de jeu sous l'en-tête", source_name=source_name)


class _LinesRead:
    """The CSV lines, keeping those of the record being read (to say where it went wrong)."""

    def __init__(self, lines: Iterable[str]):
        self._lines = iter(lines)
        self.count = 0  # lines read so far
        self.start_line = 1  # the line the current record starts on
        self.current: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self.count += 1
        self.current.append(line)
        return line

    def record_start(self) -> None:
        self.start_line = self.count + 1
        self.current.clear()


def _csv_error(error: csv.Error, read: _LinesRead, delimiter, header, record, source_name):
    """The :class:`RecordError` for what the csv module refused in the current record."""
    limit = csv.field_size_limit()
    if "field limit" not in str(error):
        return RecordError(
            f"ligne {read.count} : CSV illisible ({error})", source_name=source_name, record=record
        )
    position = _oversized_cell("".join(read.current), delimiter, limit)
    column = ""
    if position is not None:
        column = header[position].strip() if position < len(header) else ""
        column = column or f"colonne n° {position + 1}"
    return RecordError(
        f"ligne {read.start_line} : cellule de plus de {limit:,} caractères, la limite du format "
        "CSV (guillemet non refermé ?)".replace(",", "\u202f", 1),
        source_name=source_name,
        record=record,
        field=column,
    )


def _oversized_cell(text: str, delimiter: str, limit: int) -> int | None:
    """The position (from 0) of the first cell of ``text``'s first record longer than ``limit``
    characters, read as the csv module reads it (quotes, doubled quotes), or None."""
    position, length, quoted, quote_seen, at_start = 0, 0, False, False, True
    for char in text:
        if quoted:
            if quote_seen:
                quote_seen = False
                if char != '"':
                    quoted = False  # the closing quote: read on as unquoted text
            elif char == '"':
                quote_seen = True
                continue
        if not quoted:
            if char == '"' and at_start:
                quoted, at_start = True, False
                continue
            at_start = False
            if char == delimiter:
                position, length, at_start = position + 1, 0, True
                continue
            if char == "\n":
                return None
        length += 1
        if length > limit:
            return position
    return None


def _raw_record(row, columns, header, index, source_name, warnings) -> RawRecord:
    def cell(key: str) -> str:
        position = columns.get(key)
        if position is None or position >= len(row):
            return ""
        return restore_formula(row[position].strip())

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


# --------------------------------------------------------------------------- writing


def _authors_cell(record: GameRecord) -> str:
    return "; ".join(f"{credit.name}, {credit.role}" for credit in record.authors)


def _category_cell(record: GameRecord) -> str:
    heading = " ".join(part for part in (record.category_code, record.category_label) if part)
    return f"{heading} ({record.category_family})" if record.category_family else heading


def csv_row(record: GameRecord) -> dict[str, object]:
    """One record as the cells of :func:`write_csv`, by field key."""
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


def _cell(value: object) -> object:
    if value is None:
        return ""
    return neutralise_formula(value) if isinstance(value, str) else value


def write_csv(records: Iterable[GameRecord]) -> bytes:
    """The records as CSV: French header, ``;`` delimiter, UTF-8 with BOM, CRLF rows."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([names[0] for names in COLUMNS.values()])
    for record in records:
        row = csv_row(record)
        writer.writerow([_cell(row[key]) for key in COLUMNS])
    return codecs.BOM_UTF8 + out.getvalue().encode("utf-8")
