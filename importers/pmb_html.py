"""PMB OPAC record pages as HTML (``pmb-html``): the label rows of its tables, read into records
by the readers' shared assembler (:mod:`importers.pmb`, which describes the records).

Truncation raises :class:`RecordError`: the document ends inside a tag, a comment or a
``<script>``/``<style>`` block; or it opens more ``<table>`` elements than it closes (cut off
mid-table); or it has an ``<html>`` tag but no ``</html>``.

In HTML the *text content* of cells is taken, so an escaped ``&lt;script&gt;`` becomes the
literal text ``<script>`` (real ``<script>``, ``<style>`` and ``<template>`` elements are page
code and are skipped).
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from bs4.element import (
    Comment,
    Declaration,
    Doctype,
    NavigableString,
    ProcessingInstruction,
    Tag,
)

from importers.pmb import (
    FORMAT_HTML,
    LABEL_TO_FIELD,
    Assembler,
    PmbFields,
    build_pmb_record,
    normalise_label,
    normalise_newlines,
    one_line,
)
from importers.records import GameRecord, RecordError

__all__ = ["parse_pmb_html", "read_pmb_html"]

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
        label = one_line(_cell_text(cells[0]))
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
    html = normalise_newlines(html)
    assembler = Assembler(source_name)
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
        build_pmb_record(raw, source_name, FORMAT_HTML) for raw in read_pmb_html(html, source_name)
    ]
