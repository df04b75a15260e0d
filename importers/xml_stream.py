"""One XML member of a ZIP archive, parsed as a stream (pure Python, no Django).

The workbook readers (:mod:`importers.xlsx_stream`, :mod:`importers.ods_stream`) feed expat one
block at a time and keep only what their handlers take out: no element tree is ever built, so
memory stays flat whatever the document's size. A document type declaration or an entity
declaration refuses the document (as :mod:`defusedxml` does), before anything is expanded.
"""

from __future__ import annotations

import datetime
import zipfile
from collections.abc import Iterator
from xml.parsers import expat

__all__ = ["BLOCK_BYTES", "XmlForbidden", "XmlMember", "cell_text"]

#: Bytes of XML fed to the parser at a time: what the handlers produce between two reads of
#: the caller is bounded by this.
BLOCK_BYTES = 64 * 1024


def cell_text(value) -> str:
    """A cell's value as the CSV would hold it: « 2 », not « 2.0 »; a date as ISO."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


class XmlForbidden(Exception):
    """The document declares a DTD or entities, which no workbook needs."""


def _forbid(*_args) -> None:
    raise XmlForbidden


class XmlMember:
    """An archive member's XML, read block by block; :attr:`done` bytes of :attr:`size` read."""

    def __init__(self, archive: zipfile.ZipFile, name: str):
        self.archive = archive
        self.info = archive.getinfo(name)
        self.size = self.info.file_size
        self.done = 0

    def parse(self, start, end, text=None) -> Iterator[None]:
        """Feed the whole member to expat with these handlers (names are ``uri}local``),
        yielding after each block so that the caller can take what the handlers collected."""
        parser = expat.ParserCreate(namespace_separator="}")
        parser.StartDoctypeDeclHandler = _forbid
        parser.EntityDeclHandler = _forbid
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = True
        parser.ordered_attributes = False
        parser.StartElementHandler = start
        parser.EndElementHandler = end
        if text is not None:
            parser.CharacterDataHandler = text
        with self.archive.open(self.info) as handle:
            while block := handle.read(BLOCK_BYTES):
                self.done = min(self.done + len(block), self.size)
                parser.Parse(block, False)
                yield
            parser.Parse(b"", True)
        self.done = self.size
        yield
