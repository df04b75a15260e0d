"""An Excel workbook's first sheet, read as a stream of rows (pure Python, no Django).

Only what is in the sheet's XML counts: the declared ``<dimension>``, missing rows and the gap
before a cell at column XFD allocate nothing. The shared strings table is read first, under
caps, and kept in memory only while small (then in a temporary file). A formula cell gives the
value Excel saved with it; numbers, dates and booleans are read as openpyxl reads them, so
that the spreadsheet reader (:mod:`importers.spreadsheet_format`) shows them as before.
"""

from __future__ import annotations

import datetime
import os
import posixpath
import re
import tempfile
import zipfile
from array import array
from collections.abc import Iterator

from importers.limits import ImportLimits, number
from importers.records import RecordError
from importers.xml_stream import XmlMember, cell_text

__all__ = ["XlsxWorkbook"]

_RELATIONSHIP_ID = "http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
# Shared strings are kept as Python strings up to this size, then moved to a temporary file.
_SPILL_CHARS = 4_000_000
_SPILL_STRINGS = 100_000
# Sheets named in the warnings (a workbook may declare any number of them).
_SHEETS_NAMED = 100
_CELL_REFERENCE = re.compile(r"([A-Z]{1,3})(\d*)$")
_WINDOWS_EPOCH = datetime.datetime(1899, 12, 30)
_MAC_EPOCH = datetime.datetime(1904, 1, 1)
# openpyxl's tests for a date or a duration format (openpyxl.styles.numbers).
_FORMAT_LITERALS = re.compile(r'".*?"|\[(?!hh?\]|mm?\]|ss?\])[^\]]*\]')
_DATE_LETTER = re.compile(r"(?<![_\\])[dmhysDMHYS]")
_DURATION = re.compile(r"\[hh?\](:mm(:ss(\.0*)?)?)?|\[mm?\](:ss(\.0*)?)?|\[ss?\](\.0*)?", re.I)
_BUILTIN_DATE_FORMATS = {
    14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm", 45: "mm:ss",
    46: "[h]:mm:ss", 47: "mmss.0",
}  # fmt: skip
_NUMBER, _DATE, _DURATION_STYLE = 0, 1, 2


def _local(name: str) -> str:
    return name.rpartition("}")[2]


def _style_kind(code: str | None) -> int:
    if code is None:
        return _NUMBER
    first = code.split(";")[0]
    if _DURATION.search(first):
        return _DURATION_STYLE
    return _DATE if _DATE_LETTER.search(_FORMAT_LITERALS.sub("", first)) else _NUMBER


def column_number(letters: str) -> int:
    """``A`` → 1, ``XFD`` → 16384."""
    result = 0
    for letter in letters:
        result = result * 26 + ord(letter) - 64
    return result


class _StringTable:
    """The shared strings, in memory while few, else UTF-8 in a temporary file read by offset."""

    def __init__(self) -> None:
        self._memory: list[str] | None = []
        self._chars = 0
        self._offsets = array("q", [0])
        self._file = None

    def __len__(self) -> int:
        return len(self._memory) if self._memory is not None else len(self._offsets) - 1

    def append(self, text: str) -> None:
        if self._memory is not None:
            self._memory.append(text)
            self._chars += len(text)
            if self._chars > _SPILL_CHARS or len(self._memory) > _SPILL_STRINGS:
                memory, self._memory = self._memory, None
                self._file = tempfile.TemporaryFile()
                for item in memory:
                    self._write(item)
            return
        self._write(text)

    def _write(self, text: str) -> None:
        data = text.encode("utf-8", "surrogatepass")
        self._file.write(data)
        self._offsets.append(self._offsets[-1] + len(data))

    def finish(self) -> None:
        if self._file is not None:
            self._file.flush()

    def __getitem__(self, index: int) -> str:
        if self._memory is not None:
            return self._memory[index]
        start, end = self._offsets[index], self._offsets[index + 1]
        return os.pread(self._file.fileno(), end - start, start).decode("utf-8", "surrogatepass")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


class XlsxWorkbook:
    """The first sheet of an open ``.xlsx`` archive: :meth:`rows` and :meth:`position`."""

    def __init__(self, archive: zipfile.ZipFile, source_name: str, limits: ImportLimits):
        self.archive, self.source_name, self.limits = archive, source_name, limits
        names = set(archive.namelist())
        self.sheet_names: list[str] = []  # the first ones only
        self.sheet_count = 0
        sheet_ids: list[str] = []
        self.epoch = _WINDOWS_EPOCH
        self._read_workbook(sheet_ids)
        targets, shared_path, styles_path = self._read_relationships(names)
        self.sheet_path = targets.get(sheet_ids[0]) if sheet_ids else None
        if self.sheet_path is None and sheet_ids:
            self.sheet_path = "xl/worksheets/sheet1.xml"
        if self.sheet_path is not None and self.sheet_path not in names:
            raise self._error(f"feuille introuvable dans l'archive ({self.sheet_path})")
        self.styles = self._read_styles(styles_path) if styles_path in names else bytearray()
        self.shared = XmlMember(archive, shared_path) if shared_path in names else None
        self.sheet = XmlMember(archive, self.sheet_path) if self.sheet_path else None
        self.strings = _StringTable()

    # ----------------------------------------------------------------------- workbook parts

    def _error(self, message: str, line: int | None = None) -> RecordError:
        record = f"ligne {line}" if line is not None else ""
        prefix = f"ligne {line} : " if line is not None else ""
        return RecordError(
            f"{prefix}classeur Excel (.xlsx) refusé : {message}",
            source_name=self.source_name,
            record=record,
        )

    def _read_workbook(self, sheet_ids: list[str]) -> None:
        def start(name, attrs):
            tag = _local(name)
            if tag == "sheet":
                self.sheet_count += 1
                if len(self.sheet_names) < _SHEETS_NAMED:
                    self.sheet_names.append(attrs.get("name", ""))
                    sheet_ids.append(attrs.get(_RELATIONSHIP_ID, ""))
            elif tag == "workbookPr" and attrs.get("date1904") in ("1", "true"):
                self.epoch = _MAC_EPOCH

        for _ in XmlMember(self.archive, "xl/workbook.xml").parse(start, lambda name: None):
            pass

    def _read_relationships(self, names: set[str]) -> tuple[dict[str, str], str, str]:
        targets: dict[str, str] = {}
        found = {"sharedStrings": "xl/sharedStrings.xml", "styles": "xl/styles.xml"}

        def start(name, attrs):
            if _local(name) != "Relationship" or len(targets) > self.limits.max_styles:
                return
            target = attrs.get("Target", "")
            path = target[1:] if target.startswith("/") else posixpath.join("xl", target)
            path = posixpath.normpath(path)
            targets[attrs.get("Id", "")] = path
            kind = attrs.get("Type", "").rpartition("/")[2]
            if kind in found:
                found[kind] = path

        if "xl/_rels/workbook.xml.rels" in names:
            member = XmlMember(self.archive, "xl/_rels/workbook.xml.rels")
            for _ in member.parse(start, lambda name: None):
                pass
        return targets, found["sharedStrings"], found["styles"]

    def _read_styles(self, path: str) -> bytearray:
        """One byte per cell style: is it a number, a date or a duration format?"""
        codes: dict[int, str] = dict(_BUILTIN_DATE_FORMATS)
        styles: list[int] = []
        in_cell_styles = [False]
        limit = self.limits.max_styles

        def start(name, attrs):
            tag = _local(name)
            if tag == "numFmt":
                if len(codes) > limit:
                    raise self._error(f"plus de {number(limit)} formats de nombre")
                codes[int(attrs.get("numFmtId", "0"))] = attrs.get("formatCode", "")
            elif tag == "cellXfs":
                in_cell_styles[0] = True
            elif tag == "xf" and in_cell_styles[0]:
                if len(styles) >= limit:
                    raise self._error(f"plus de {number(limit)} styles de cellule")
                styles.append(int(attrs.get("numFmtId", "0")))

        def end(name):
            if _local(name) == "cellXfs":
                in_cell_styles[0] = False

        for _ in XmlMember(self.archive, path).parse(start, end):
            pass
        return bytearray(_style_kind(codes.get(style)) for style in styles)

    # ----------------------------------------------------------------------- the stream

    def position(self) -> tuple[int, int]:
        """XML bytes read so far (shared strings, then the sheet) and in all."""
        parts = [part for part in (self.shared, self.sheet) if part is not None]
        return sum(part.done for part in parts), sum(part.size for part in parts)

    def rows(self) -> Iterator[tuple[int, list[str], int]]:
        """``(row number, cells, 1)`` for every row holding a value, in the sheet's order."""
        if self.sheet is None:
            return
        try:
            if self.shared is not None:
                self._read_shared_strings()
            reader = _SheetReader(self)
            for _ in self.sheet.parse(reader.start, reader.end, reader.text):
                ready, reader.ready = reader.ready, []
                for line, cells in ready:
                    yield line, self._values(line, cells), 1
        finally:
            self.strings.close()

    def _read_shared_strings(self) -> None:
        limits, strings = self.limits, self.strings
        state = {"depth": 0, "phonetic": 0, "in_text": False, "parts": [], "chars": 0, "total": 0}

        def start(name, attrs):
            tag = _local(name)
            if tag == "si":
                state["parts"], state["chars"] = [], 0
            elif tag == "rPh":
                state["phonetic"] += 1
            elif tag == "t" and not state["phonetic"]:
                state["in_text"] = True

        def text(data):
            if state["in_text"]:
                state["chars"] += len(data)
                if state["chars"] > limits.max_cell_chars:
                    raise self._error(
                        f"texte partagé n° {len(strings) + 1} de plus de "
                        f"{number(limits.max_cell_chars)} caractères"
                    )
                state["parts"].append(data)

        def end(name):
            tag = _local(name)
            if tag == "t":
                state["in_text"] = False
            elif tag == "rPh":
                state["phonetic"] -= 1
            elif tag == "si":
                if len(strings) >= limits.max_shared_strings:
                    raise self._error(
                        f"plus de {number(limits.max_shared_strings)} textes partagés "
                        "(xl/sharedStrings.xml)"
                    )
                state["total"] += state["chars"]
                if state["total"] > limits.max_shared_strings_chars:
                    raise self._error(
                        f"textes partagés (xl/sharedStrings.xml) de plus de "
                        f"{number(limits.max_shared_strings_chars)} caractères"
                    )
                strings.append("".join(state["parts"]).replace("x005F_", ""))
                state["parts"] = []

        for _ in self.shared.parse(start, end, text):
            pass
        strings.finish()

    def _values(self, line: int, cells: list[tuple[int, str, int, str]]) -> list[str]:
        """A row's cells as text, by column (the gaps as empty cells: at most max_columns)."""
        values = [""] * max(column for column, *_ in cells)
        for column, kind, style, raw in cells:
            value = self._value(kind, style, raw)
            if len(value) > self.limits.max_cell_chars:
                raise self._error(
                    f"cellule de plus de {number(self.limits.max_cell_chars)} caractères", line
                )
            values[column - 1] = value
        return values

    def _value(self, kind: str, style: int, raw: str) -> str:
        if kind == "s":
            return self.strings[int(raw)]
        if kind in ("str", "inlineStr", "e"):
            return raw
        if kind == "b":
            return cell_text(bool(int(raw)))
        if kind == "d":
            try:
                return cell_text(datetime.datetime.fromisoformat(raw))
            except ValueError:
                return raw
        value = float(raw) if ("." in raw or "e" in raw or "E" in raw) else int(raw)
        style_kind = self.styles[style] if style < len(self.styles) else _NUMBER
        if style_kind == _DURATION_STYLE:
            return cell_text(datetime.timedelta(days=value))
        if style_kind == _DATE:
            try:
                return cell_text(_from_excel(value, self.epoch))
            except (OverflowError, ValueError):
                return "#VALUE!"
        return cell_text(value)


def _from_excel(value: float, epoch: datetime.datetime):
    """An Excel serial date as openpyxl reads it (its 1900 leap-year bug included)."""
    day, fraction = divmod(value, 1)
    diff = datetime.timedelta(milliseconds=round(fraction * 86400 * 1000))
    if 0 <= value < 1 and diff.days == 0:
        return (datetime.datetime.min + diff).time()
    if 0 < value < 60 and epoch == _WINDOWS_EPOCH:
        day += 1
    return epoch + datetime.timedelta(days=day) + diff


class _SheetReader:
    """Expat handlers for ``<sheetData>``: each finished row goes to :attr:`ready`, with its
    cells as ``(column, type, style, raw text)`` — the text is looked up when it is yielded."""

    def __init__(self, workbook: XlsxWorkbook):
        self.workbook = workbook
        self.limits = workbook.limits
        self.ready: list[tuple[int, list[tuple[int, str, int, str]]]] = []
        self.in_data = False
        self.line = 0
        self.column = 0
        self.cells: list[tuple[int, str, int, str]] = []
        self.cell: tuple[int, str, int] | None = None
        self.value: str | None = None
        self.parts: list[str] | None = None  # the text being read (<v>, or <t> of <is>)
        self.chars = 0
        self.inline: list[str] | None = None
        self.phonetic = 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        tag = _local(name)
        if not self.in_data:
            self.in_data = tag == "sheetData"
        elif tag == "row":
            reference = attrs.get("r")
            self.line = int(reference) if reference else self.line + 1
            if self.line < 1:
                raise self.workbook._error(f"numéro de ligne invalide « {reference} »")
            self.column, self.cells = 0, []
        elif tag == "c":
            self._cell_start(attrs)
        elif self.cell is None:
            return
        elif tag == "v":
            self.parts, self.chars = [], 0
        elif tag == "is":
            self.inline = []
        elif tag == "rPh":
            self.phonetic += 1
        elif tag == "t" and self.inline is not None and not self.phonetic:
            self.parts = []

    def _cell_start(self, attrs: dict[str, str]) -> None:
        reference = attrs.get("r")
        if reference:
            match = _CELL_REFERENCE.match(reference)
            if match is None:
                raise self.workbook._error(f"référence de cellule invalide « {reference} »")
            self.column = column_number(match.group(1))
        else:
            self.column += 1
        self.cell = (self.column, attrs.get("t", "n"), int(attrs.get("s") or 0))
        self.value, self.inline, self.phonetic, self.chars = None, None, 0, 0

    def text(self, data: str) -> None:
        if self.parts is not None:
            self.chars += len(data)
            if self.chars > self.limits.max_cell_chars:
                raise self.workbook._error(
                    f"cellule de plus de {number(self.limits.max_cell_chars)} caractères",
                    self.line,
                )
            self.parts.append(data)

    def end(self, name: str) -> None:
        if not self.in_data:
            return
        tag = _local(name)
        if tag == "v" and self.parts is not None:
            self.value, self.parts = "".join(self.parts), None
        elif tag == "t" and self.parts is not None and self.inline is not None:
            self.inline.append("".join(self.parts))
            self.parts = None
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "c":
            self._cell_end()
        elif tag == "row":
            if self.cells:
                self.ready.append((self.line, self.cells))
            self.cells = []
        elif tag == "sheetData":
            self.in_data = False

    def _cell_end(self) -> None:
        column, kind, style = self.cell
        self.cell = None
        if kind == "inlineStr":
            raw = "".join(self.inline) if self.inline is not None else None
        else:
            raw = self.value
        if not raw:
            return  # an empty cell (a style, no value): nothing to keep
        limit = self.limits.max_columns
        if column > limit or len(self.cells) >= limit:
            raise self.workbook._error(
                f"plus de {number(limit)} colonnes (une valeur en colonne n° {number(column)})",
                self.line,
            )
        self.cells.append((column, kind, style, raw))
