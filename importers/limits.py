"""How much one imported file may hold, whatever it claims (pure Python, no Django).

A spreadsheet can declare a million rows, repeat one row a million times or point a cell at
column XFD in a few kilobytes; the readers never allocate what is only declared, and count what
is really there against these caps. A file over a cap is refused whole, with a French message
naming the file, the line and what was too large.

The caps are module constants gathered in :data:`DEFAULT_LIMITS`; a caller that wants others
(settings, tests) passes its own :class:`ImportLimits` to :func:`importers.formats.parse_source`.
"""

from __future__ import annotations

from dataclasses import dataclass

from importers.records import RecordError

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_CELLS",
    "MAX_CELL_CHARS",
    "MAX_COLUMNS",
    "MAX_RECORDS",
    "MAX_ROW_CHARS",
    "MAX_SHARED_STRINGS",
    "MAX_SHARED_STRINGS_CHARS",
    "MAX_STYLES",
    "MAX_TEXT_CHARS",
    "Budget",
    "ImportLimits",
    "number",
    "too_many_records",
]

#: Games in one file: a library's whole catalogue (100,000 games) passes, twice over.
MAX_RECORDS = 200_000
#: Cells of one row: LibreOffice pads rows with empty cells up to column 1,024 or XFD (16,384);
#: empty ones are not counted, a value beyond this column refuses the file.
MAX_COLUMNS = 1_024
#: Characters of one cell: the CSV module's field limit, which the CSV files already have.
MAX_CELL_CHARS = 131_072
#: Characters of one row (all its cells): a game with the longest rules fits many times.
MAX_ROW_CHARS = 1_048_576
#: Non-empty cells in one file, a repeated cell or row counting as many times as it is repeated.
MAX_CELLS = 10_000_000
#: Characters in all the cells of one file, counted like the cells.
MAX_TEXT_CHARS = 500_000_000
#: Entries of an Excel workbook's shared strings table, and their characters (UTF-8 bytes).
MAX_SHARED_STRINGS = 2_000_000
MAX_SHARED_STRINGS_CHARS = 500_000_000
#: Cell styles of an Excel workbook (Excel itself allows 64,000).
MAX_STYLES = 100_000


@dataclass(frozen=True)
class ImportLimits:
    """The caps one file is read under (see the module constants for what each one bounds)."""

    max_records: int = MAX_RECORDS
    max_columns: int = MAX_COLUMNS
    max_cell_chars: int = MAX_CELL_CHARS
    max_row_chars: int = MAX_ROW_CHARS
    max_cells: int = MAX_CELLS
    max_text_chars: int = MAX_TEXT_CHARS
    max_shared_strings: int = MAX_SHARED_STRINGS
    max_shared_strings_chars: int = MAX_SHARED_STRINGS_CHARS
    max_styles: int = MAX_STYLES


DEFAULT_LIMITS = ImportLimits()


def number(value: int) -> str:
    """12345 → « 12 345 » (French thousands, a narrow no-break space, as the CSV messages)."""
    return f"{value:,}".replace(",", "\u202f")


def too_many_records(source_name: str, limit: int, line: int | None = None) -> RecordError:
    where = f"ligne {line} : " if line is not None else ""
    return RecordError(
        f"{where}plus de {number(limit)} notices dans un seul fichier : découpez l'export en "
        "plusieurs fichiers",
        source_name=source_name,
        record=f"ligne {line}" if line is not None else "",
    )


class Budget:
    """What a spreadsheet's rows have used of the file's caps so far (cells, text, records)."""

    def __init__(self, source_name: str, limits: ImportLimits):
        self.source_name, self.limits = source_name, limits
        self.cells = 0
        self.chars = 0
        self.filled_rows = 0  # rows with a non-blank cell: the header, then one per game

    def row(self, line: int, cells: list[str], repeat: int = 1) -> None:
        """Count a row (``repeat`` times: LibreOffice's repeated rows) or refuse the file."""
        limits = self.limits
        if not any(cell.strip() for cell in cells):
            return
        if self.filled_rows + repeat > limits.max_records + 1:  # + 1: the header row
            raise too_many_records(
                self.source_name,
                limits.max_records,
                line + limits.max_records + 1 - self.filled_rows,
            )
        filled = sum(1 for cell in cells if cell)
        chars = sum(map(len, cells))
        if chars > limits.max_row_chars:
            raise self.error(
                line,
                f"ligne de {number(chars)} caractères, plus que {number(limits.max_row_chars)}",
            )
        self.filled_rows += repeat
        self.cells += filled * repeat
        self.chars += chars * repeat
        if self.cells > limits.max_cells:
            raise self.error(line, f"plus de {number(limits.max_cells)} cellules remplies")
        if self.chars > limits.max_text_chars:
            raise self.error(line, f"plus de {number(limits.max_text_chars)} caractères de texte")

    def error(self, line: int, what: str) -> RecordError:
        return RecordError(
            f"ligne {line} : {what} — le fichier est trop grand pour être importé d'un coup",
            source_name=self.source_name,
            record=f"ligne {line}",
        )
