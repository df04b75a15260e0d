"""UNIMARC records exported by PMB, as ISO 2709 or MARC XML, read with pymarc (no Django).

``unimarc-iso2709`` (:func:`parse_iso2709`) and ``unimarc-xml`` (:func:`parse_marcxml`) give one
:class:`GameRecord` per record, with the PMB reader's field semantics (:mod:`importers.fields`).

Mapping (first occurrence wins unless said otherwise)
------------------------------------------------------
* ``200 $a`` title (several ``$a`` joined by " ; "), ``$e`` other title information appended as
  " : $e" (an expansion must not take its base game's identity); ``200 $b`` the document type,
  else the leader's position 6 read with PMB's labels (``r`` → « objet à 3 dimensions,
  artefacts, ... »). A blank or unknown position 6 without ``$b`` leaves the type empty and lists
  it for review.
* ``210 $c`` (or ``214 $c``) publisher.
* ``330 $a`` summary → rules text (split into sections). ``327 $a`` contents note → components
  (items joined by ", "); but when there is no 330, the 327 is what the PMB OPAC prints as
  « Contenu » — the field the PMB text reader takes the rules from — so it is the rules text,
  and the components are read from its sections, as for PMB text records.
* ESAR category: the first ``606 $a`` that reads like « A 406 jeu de stratégie (jeu de règles) »
  (``$x``, when present, is the family); else the code from ``676 $a`` / ``686 $a`` (« A 406 »)
  with the label and family of a code-less 606; else a code-less 606 as the label alone.
* Authors, in record order: ``700``/``701``/``702`` (« $b $a », forename then surname) and
  ``710``/``711``/``712`` (« $a $b »); role from ``$4`` (:data:`RELATORS`, an unknown code is kept
  as it is, no ``$4`` means « Auteur »).
* ``900`` PMB custom fields, matched by their label ``$l`` (else the name ``$n``) accent- and
  case-insensitively: players, ages, duration, « Principe du jeu », « Analyse pédagogique »
  (value in ``$a``). Every other 900 is named in the file's warnings.
* ``995`` copies (« recommandation 995 »): barcode ``$f``, call number ``$k``, place ``$c``
  (else ``$a``), section ``$e``, loan type ``$o``, expected return ``$n`` — see
  :mod:`importers.copy_fields`. Other fields are ignored.

Encoding: UTF-8 (UNIMARC 100 $a/26-29 « 50 »), which is what PMB exports; bytes that are not
UTF-8 reject the file with the field named (re-export in UTF-8). MARC XML documents declare
their own encoding. Malformed files are rejected by :mod:`importers.marc_files`, which reads and
checks the file structure; a record without title, a non-numeric custom field or a minimum above
its maximum by :mod:`importers.fields`.

:func:`write_iso2709` and :func:`write_marcxml` write records back in the same mapping (used by
``scripts/make_test_exports.py``); reading what they write gives the same records.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

import pymarc
from pymarc import Field, Indicators, Leader, Subfield

from importers.copy_fields import marc_copies, marc_subfields
from importers.fields import RawRecord, age_max_for_export, build_record, one_line
from importers.marc_files import (
    MARC_NS,
    iso_bytes,
    iso_records,
    looks_like_iso2709,
    looks_like_marcxml,
    xml_bytes,
    xml_records,
)
from importers.pmb import FIELD_LABELS, normalise_label, parse_category
from importers.records import AuthorCredit, GameRecord

__all__ = [
    "FORMAT_ISO2709",
    "FORMAT_XML",
    "MARC_NS",
    "RELATORS",
    "looks_like_iso2709",
    "looks_like_marcxml",
    "parse_iso2709",
    "parse_marcxml",
    "write_iso2709",
    "write_marcxml",
]

FORMAT_ISO2709 = "unimarc-iso2709"
FORMAT_XML = "unimarc-xml"

#: UNIMARC relator codes (PMB's author functions) → the role our records print.
RELATORS: dict[str, str] = {
    "070": "Auteur",
    "440": "Illustrateur",
    "730": "Traducteur",
    "010": "Adaptateur",
    "080": "Préfacier",
    "205": "Collaborateur",
    "340": "Éditeur scientifique",
    "600": "Photographe",
    "651": "Directeur de publication",
    "705": "Sculpteur",
}
_ROLE_CODES = {role.casefold(): code for code, role in RELATORS.items()}
PERSON_TAGS, CORPORATE_TAGS = ("700", "701", "702"), ("710", "711", "712")

#: Leader position 6 (type of record) → PMB's document type labels.
DOCUMENT_TYPES: dict[str, str] = {
    "a": "texte imprimé",
    "b": "texte manuscrit",
    "c": "partition musicale imprimée",
    "d": "partition musicale manuscrite",
    "e": "document cartographique imprimé",
    "f": "document cartographique manuscrit",
    "g": "document projeté ou vidéo",
    "i": "enregistrement sonore non musical",
    "j": "enregistrement sonore musical",
    "k": "document graphique à deux dimensions",
    "l": "document électronique",
    "m": "document multimédia",
    "r": "objet à 3 dimensions, artefacts, ...",
}
_TYPE_CODES = {label: code for code, label in DOCUMENT_TYPES.items()}

#: PMB custom fields (900 $l) the catalogue keeps, by normalised label.
CUSTOM_FIELDS = (
    "min_players", "max_players", "min_age", "max_age", "duration_minutes", "principle",
    "pedagogical_analysis",
)  # fmt: skip
_CUSTOM_BY_LABEL = {normalise_label(FIELD_LABELS[key]): key for key in CUSTOM_FIELDS}
_CUSTOM_NAMES = {key: f"cp_{key}" for key in CUSTOM_FIELDS}  # the 900 $n we write


# --------------------------------------------------------------------------- reading


def parse_iso2709(
    data: bytes, source_name: str, warnings: list[str] | None = None
) -> list[GameRecord]:
    """Parse an ISO 2709 UNIMARC file; raises :class:`RecordError` on any malformed record."""
    return [
        _game_record(marc, index, source_name, FORMAT_ISO2709, warnings)
        for index, marc in enumerate(iso_records(data, source_name))
    ]


def parse_marcxml(
    data: bytes, source_name: str, warnings: list[str] | None = None
) -> list[GameRecord]:
    """Parse a MARC XML document; raises :class:`RecordError` on any malformed record."""
    return [
        _game_record(marc, index, source_name, FORMAT_XML, warnings)
        for index, marc in enumerate(xml_records(data, source_name))
    ]


# --------------------------------------------------------------------------- mapping


def _values(marc: pymarc.Record, tag: str, code: str) -> list[str]:
    return [
        value.replace("\r\n", "\n").replace("\r", "\n")
        for field in marc.get_fields(tag)
        for value in field.get_subfields(code)
    ]


def _game_record(
    marc: pymarc.Record, index: int, source_name: str, source_format: str,
    warnings: list[str] | None,
) -> GameRecord:  # fmt: skip
    raw = RawRecord(index=index, document_type_expected=True)
    raw.field_names = {"title": "200$a", "publisher": "210$c", "rules_text": "330$a"}
    title_field = marc.get("200")
    if title_field is not None:
        title = " ; ".join(one_line(a) for a in title_field.get_subfields("a") if a.strip())
        for other in title_field.get_subfields("e"):
            if other.strip() and title:
                title += f" : {one_line(other)}"
        raw.values["title"] = title
        raw.values["document_type"] = next(iter(title_field.get_subfields("b")), "")
    if not raw.values.get("document_type"):
        raw.values["document_type"] = DOCUMENT_TYPES.get(str(marc.leader)[6], "")
    raw.values["publisher"] = next(iter(_values(marc, "210", "c") + _values(marc, "214", "c")), "")
    summary, contents = _values(marc, "330", "a"), _values(marc, "327", "a")
    if summary:
        raw.values["rules_text"] = "\n".join(summary)
        raw.values["components"] = ", ".join(one_line(item) for item in contents if item.strip())
    else:
        raw.values["rules_text"] = "\n".join(contents)
        raw.field_names["rules_text"] = "327$a"
    raw.category = _category(marc)
    raw.authors = _authors(marc)
    notes = warnings if warnings is not None else []
    _custom_fields(marc, raw, notes)
    record = build_record(raw, source_name, source_format)
    fields = marc.get_fields("995")
    if fields:
        record.copies = marc_copies(
            fields, title=record.title, source_name=source_name, warnings=notes
        )
    return record


def _category(marc: pymarc.Record) -> tuple[str, str, str]:
    headings = []
    for field in marc.get_fields("606"):
        heading = one_line(" ".join(field.get_subfields("a")))
        family = one_line(" ".join(field.get_subfields("x")))
        if heading and family and "(" not in heading:
            heading = f"{heading} ({family})"
        if heading:
            headings.append(parse_category(heading))
    for code, label, family in headings:
        if code:
            return code, label, family
    for tag in ("676", "686"):
        for number in _values(marc, tag, "a"):
            code, _, _ = parse_category(number)
            if code:
                label, family = (headings[0][1], headings[0][2]) if headings else ("", "")
                return code, label, family
    return headings[0] if headings else ("", "", "")


def _authors(marc: pymarc.Record) -> list[AuthorCredit]:
    authors = []
    for field in marc.get_fields(*PERSON_TAGS, *CORPORATE_TAGS):
        surname = one_line(" ".join(field.get_subfields("a")))
        other = one_line(" ".join(field.get_subfields("b")))
        parts = [other, surname] if field.tag in PERSON_TAGS else [surname, other]
        name = " ".join(part for part in parts if part)
        if not name:
            continue
        code = next((c.strip() for c in field.get_subfields("4") if c.strip()), "")
        authors.append(AuthorCredit(name=name, role=RELATORS.get(code, code) if code else "Auteur"))
    return authors


def _custom_fields(marc: pymarc.Record, raw: RawRecord, notes: list[str]) -> None:
    for field in marc.get_fields("900"):
        label = one_line(next(iter(field.get_subfields("l")), ""))
        name = one_line(next(iter(field.get_subfields("n")), ""))
        value = "\n".join(field.get_subfields("a")).replace("\r\n", "\n").strip()
        key = _CUSTOM_BY_LABEL.get(normalise_label(label or name))
        if key is None or key in raw.values:
            shown = label or name or "sans libellé"
            notes.append(
                f"notice « {raw.name()} » : zone 900 « {shown} » non reprise "
                f"(valeur « {one_line(value)[:60]} »)"
            )
            continue
        raw.values[key] = value
        raw.field_names[key] = f"900 « {label or name} »"


# --------------------------------------------------------------------------- writing


def marc_record(record: GameRecord, number: int, *, entered: str) -> pymarc.Record:
    """The UNIMARC form of ``record`` (the mapping of the module docstring, read backwards)."""
    marc = pymarc.Record()
    type_code = _TYPE_CODES.get(record.document_type, "r" if record.document_type else " ")
    marc.leader = Leader(f"00000n{type_code}m0 2200000   450 ")
    marc.add_field(Field(tag="001", data=str(number)))
    general = f"{entered}u        u  y0frey50      ba"
    marc.add_field(_data("100", "  ", a=general), _data("101", "0 ", a="fre"))
    marc.add_field(_data("200", "1 ", a=record.title, b=record.document_type))
    if record.publisher:
        marc.add_field(_data("210", "  ", c=record.publisher))
    if record.components:
        marc.add_field(_data("327", "1 ", a=record.components))
    for part in _parts(record.rules_text):  # ISO 2709 fields hold at most 9,999 bytes
        marc.add_field(_data("330", "  ", a=part))
    if record.category_code or record.category_label:
        marc.add_field(_data("606", "  ", a=_category_heading(record), **{"2": "esar"}))
    for position, credit in enumerate(record.authors):
        tag = "700" if position == 0 else "701" if credit.role == "Auteur" else "702"
        forename, _, surname = credit.name.rpartition(" ")
        code = _ROLE_CODES.get(credit.role.casefold(), credit.role)
        marc.add_field(_data(tag, " 1", a=surname, b=forename, **{"4": code}))
    custom = {
        "min_players": record.min_players,
        "max_players": record.max_players,
        "min_age": record.min_age,
        "max_age": age_max_for_export(record),
        "duration_minutes": record.duration_minutes,
        "principle": record.principle,
        "pedagogical_analysis": record.pedagogical_analysis,
    }
    for key, value in custom.items():
        if value not in (None, ""):
            marc.add_field(
                _data("900", "  ", a=str(value), l=FIELD_LABELS[key], n=_CUSTOM_NAMES[key])
            )
    for copy in record.copies or []:
        marc.add_field(_data("995", "  ", **marc_subfields(copy)))
    return marc


def _parts(text: str, limit: int = 9000) -> list[str]:
    """``text`` cut at line breaks into pieces of at most ``limit`` UTF-8 bytes; the reader joins
    several 330 with line breaks, so this is exact unless one line alone is longer than that."""
    parts: list[str] = []
    for line in text.split("\n") if text else []:
        while len(line.encode()) > limit:
            cut = line.rfind(" ", 0, limit // 4)  # a UTF-8 character is at most 4 bytes
            cut = cut if cut > 0 else limit // 4
            parts.append(line[:cut])
            line = line[cut:].lstrip(" ")
        if parts and len((parts[-1] + "\n" + line).encode()) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return parts


def _category_heading(record: GameRecord) -> str:
    heading = " ".join(part for part in (record.category_code, record.category_label) if part)
    return f"{heading} ({record.category_family})" if record.category_family else heading


def _data(tag: str, indicators: str, **subfields: str) -> Field:
    return Field(
        tag=tag,
        indicators=Indicators(*indicators),
        subfields=[Subfield(code, value) for code, value in subfields.items() if value],
    )


def _today() -> str:
    return datetime.date.today().strftime("%Y%m%d")


def write_iso2709(records: Iterable[GameRecord], *, entered: str | None = None) -> bytes:
    """The records as one ISO 2709 UNIMARC file (UTF-8)."""
    entered = entered or _today()
    return iso_bytes(marc_record(r, n, entered=entered) for n, r in enumerate(records, start=1))


def write_marcxml(records: Iterable[GameRecord], *, entered: str | None = None) -> bytes:
    """The records as one MARC XML ``collection`` (UTF-8, MARC 21 slim namespace)."""
    entered = entered or _today()
    return xml_bytes(marc_record(r, n, entered=entered) for n, r in enumerate(records, start=1))
