"""PMB record pages saved as text (``pmb-text``): label lines and their values, read into
records by the readers' shared assembler (:mod:`importers.pmb`, which describes the records).

Truncation raises :class:`RecordError`: the file ends while a value is open (a label line was
read and no line closing its value with ``|`` followed — this covers "a label with no value"
and "the last value's closing ``|`` is missing"), or the last non-blank line is stray text that
is neither a complete label line, a value's closing line, a ``|``-only line, the ISBD summary
(starts with a record's title) nor the OPAC footer (e.g. a label cut in the middle, ``| Nombre
max``). A cut that falls exactly after a field's closing ``|`` cannot be told from a shorter
record: the absent fields are then listed in ``missing_fields``.

A literal ``<script>`` in a text export stays in the record: text is data, never markup.
"""

from __future__ import annotations

import re

from catalogue.rules import fold
from importers.pmb import (
    FIELD_LABELS,
    FORMAT_TEXT,
    LABEL_TO_FIELD,
    Assembler,
    PmbFields,
    build_pmb_record,
    normalise_label,
    normalise_newlines,
    one_line,
)
from importers.records import GameRecord, RecordError

__all__ = ["has_pmb_text_labels", "parse_pmb_text", "read_pmb_text"]

_LABEL_MAX_CHARS = 80
_FOOTER_WORDS = ("affiner la recherche", "interroger des sources externes")
_ISBD_TAIL = re.compile(r"\s*(?:$|[\[/.:=,;-])")


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
        prefix = fold(one_line(title))
        if prefix and folded.startswith(prefix) and _ISBD_TAIL.match(folded, len(prefix)):
            return True
    return False


def has_pmb_text_labels(text: str) -> bool:
    """True if some line of ``text`` is a PMB label line with a known label."""
    for line in normalise_newlines(text).split("\n"):
        label = _label_of(line)
        if label is not None and normalise_label(label) in LABEL_TO_FIELD:
            return True
    return False


def read_pmb_text(text: str, source_name: str) -> list[PmbFields]:
    """Read the label/value pairs of a saved PMB page into unvalidated records.

    Raises :class:`RecordError` if the file is truncated (see the module docstring).
    Returns ``[]`` if the text holds no label at all.
    """
    assembler = Assembler(source_name)
    open_label: str | None = None
    open_lines: list[str] = []
    open_lineno = 0
    last_stray: tuple[int, str] | None = None  # stray text after the last field, if any

    for lineno, line in enumerate(normalise_newlines(text).split("\n"), start=1):
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
        build_pmb_record(raw, source_name, FORMAT_TEXT) for raw in read_pmb_text(text, source_name)
    ]
