"""ISO 2709 and MARC XML files ↔ pymarc records, with the structural checks (no Django).

Reading checks everything a file can get wrong before any field is interpreted, and says where
(:class:`RecordError` naming file, record and field): for ISO 2709 a leader that is not a leader
(non-numeric record length or base address, indicator/subfield-code counts other than « 22 »,
directory map other than « 45 »), a truncated record, a record or field whose declared length or
offset does not fall on its terminator, a base address that does not end the directory, bytes
that are not UTF-8; for MARC XML a document that is not well-formed (line and column, and the
record and field being read), declares a DTD or an entity — wherever it stands and whatever
the encoding: the document is read by defusedxml's parser, which refuses them before any entity
is expanded (an « entity bomb » turns a few kilobytes into gigabytes of text) or any external
one fetched —, or uses a namespace other than ``http://www.loc.gov/MARC21/slim`` (no namespace
is accepted too). The UNIMARC meaning of the fields is :mod:`importers.marc`'s business.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

import pymarc
from defusedxml import DefusedXmlException, DTDForbidden
from defusedxml import ElementTree as SafeET
from pymarc import Field, Indicators, Leader, Subfield

from importers.fields import one_line
from importers.records import RecordError

__all__ = [
    "MARC_NS",
    "iso_bytes",
    "iso_records",
    "looks_like_iso2709",
    "looks_like_marcxml",
    "xml_bytes",
    "xml_records",
]

MARC_NS = "http://www.loc.gov/MARC21/slim"
RECORD_END, FIELD_END, SUBFIELD_MARK = 0x1D, 0x1E, 0x1F
LEADER_LEN, ENTRY_LEN = 24, 12

# --------------------------------------------------------------------------- detection


def looks_like_iso2709(data: bytes) -> bool:
    """A leader-shaped start (5 digits) with field separators, or MARC separators at all."""
    head = data[:100_000]
    if len(head) >= LEADER_LEN and head[:5].isdigit() and b"\x1e" in head:
        return True
    return b"\x1d" in head and b"\x1e" in head and b"\x1f" in head


_XML_ROOT = re.compile(r"<(?:[\w.-]+:)?(?:collection|record)[\s>/]")
_XML_SPACE = re.compile(r"\s*")


def looks_like_marcxml(text: str) -> bool:
    """An XML document whose root element is ``collection`` or ``record`` (any namespace),
    after an optional declaration, comments and DOCTYPE (read in one pass: a regular expression
    for this prolog backtracked exponentially on « <!-- --> » repeated)."""
    text = text.lstrip("\ufeff \t\r\n")
    position = _xml_prolog_end(text)
    return position is not None and bool(_XML_ROOT.match(text, position))


def _xml_prolog_end(text: str) -> int | None:
    """Where the root element should start: after the XML declaration, comments, processing
    instructions and a DOCTYPE (with its internal subset), or None if one is not closed."""
    position = 0
    while True:
        position = _XML_SPACE.match(text, position).end()
        if text.startswith("<!--", position):
            end = text.find("-->", position + 4)
            position = end + 3 if end >= 0 else -1
        elif text.startswith("<?", position):
            end = text.find("?>", position + 2)
            position = end + 2 if end >= 0 else -1
        elif text[position : position + 9].upper() == "<!DOCTYPE":
            position = _doctype_end(text, position + 9)
        else:
            return position
        if position < 0:
            return None


def _doctype_end(text: str, position: int) -> int:
    """The position after the DOCTYPE whose name starts at ``position``, or -1: its ``>`` outside
    quotes and outside the ``[…]`` internal subset."""
    quote, depth = "", 0
    for index in range(position, len(text)):
        char = text[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == ">" and depth <= 0:
            return index + 1
    return -1


# --------------------------------------------------------------------------- ISO 2709


def iso_records(data: bytes, source_name: str) -> list[pymarc.Record]:
    """The records of an ISO 2709 file, each checked field by field (:class:`RecordError`)."""
    records = [
        _iso_record(chunk, index, source_name)
        for index, chunk in enumerate(_iso_chunks(data, source_name))
    ]
    if not records:
        raise RecordError("aucune notice ISO 2709 dans le fichier", source_name=source_name)
    return records


def _iso_error(message: str, source_name: str, index: int, field: str) -> RecordError:
    return RecordError(message, source_name=source_name, record=f"n° {index + 1}", field=field)


def _iso_chunks(data: bytes, source_name: str):
    position, index = 0, 0
    while True:
        while position < len(data) and data[position] in b"\r\n":
            position += 1  # some tools end each record with a line break
        if position >= len(data):
            return
        head = data[position : position + LEADER_LEN]
        if len(head) < LEADER_LEN:
            raise _iso_error(
                f"notice tronquée : le label n'a que {len(head)} octets sur 24",
                source_name, index, "label",
            )  # fmt: skip
        if not head[:5].isdigit():
            raise _iso_error(
                f"label invalide : la longueur de notice « {head[:5].decode('latin-1')} » "
                "(positions 0-4) n'est pas un nombre",
                source_name, index, "label",
            )  # fmt: skip
        length = int(head[:5])
        chunk = data[position : position + length]
        if length < LEADER_LEN + 2:
            raise _iso_error(
                f"label invalide : longueur de notice {length} trop petite",
                source_name, index, "label",
            )  # fmt: skip
        if len(chunk) < length:
            raise _iso_error(
                f"notice tronquée : le label annonce {length} octets, le fichier n'en a plus "
                f"que {len(chunk)}",
                source_name, index, "label",
            )  # fmt: skip
        if chunk[-1] != RECORD_END:
            raise _iso_error(
                f"longueur de notice erronée : l'octet {length} annoncé par le label n'est pas "
                "une fin de notice (0x1D)",
                source_name, index, "label",
            )  # fmt: skip
        yield chunk
        position += length
        index += 1


def _iso_record(chunk: bytes, index: int, source_name: str) -> pymarc.Record:
    """Check the record's structure field by field, then let pymarc decode it."""
    leader = chunk[:LEADER_LEN].decode("latin-1")
    if not chunk[:LEADER_LEN].isascii():
        raise _iso_error(
            f"label invalide : « {leader} » contient des caractères non ASCII",
            source_name, index, "label",
        )  # fmt: skip
    if leader[10:12] != "22":
        raise _iso_error(
            f"label invalide : « {leader[10:12]} » aux positions 10-11 (2 indicateurs et des "
            "codes de sous-zone de 2 caractères attendus : « 22 »)",
            source_name, index, "label",
        )  # fmt: skip
    if leader[20:22] != "45":
        raise _iso_error(
            f"label invalide : carte du répertoire « {leader[20:24]} » (positions 20-23, "
            "« 450 » attendu)",
            source_name, index, "label",
        )  # fmt: skip
    if not leader[12:17].isdecimal():
        raise _iso_error(
            f"label invalide : l'adresse de base « {leader[12:17]} » (positions 12-16) n'est "
            "pas un nombre",
            source_name, index, "label",
        )  # fmt: skip
    base = int(leader[12:17])
    directory_ok = (
        LEADER_LEN < base < len(chunk)
        and (base - LEADER_LEN - 1) % ENTRY_LEN == 0
        and chunk[base - 1] == FIELD_END
    )
    if not directory_ok:
        raise _iso_error(
            f"adresse de base erronée ({base}) : le répertoire ne se termine pas à cet octet",
            source_name, index, "label",
        )  # fmt: skip
    area = chunk[base:-1]
    names = []
    for number, start in enumerate(range(LEADER_LEN, base - 1, ENTRY_LEN), start=1):
        entry = chunk[start : start + ENTRY_LEN].decode("latin-1")
        tag, length, offset = entry[:3], entry[3:7], entry[7:12]
        if not (entry.isascii() and tag.isalnum() and length.isdecimal() and offset.isdecimal()):
            raise _iso_error(
                f"répertoire invalide : entrée n° {number} « {entry} »",
                source_name, index, "répertoire",
            )  # fmt: skip
        length, offset = int(length), int(offset)
        end = offset + length
        if length < 1 or end > len(area) or area[end - 1] != FIELD_END:
            raise _iso_error(
                f"longueur ou position erronée : la zone annonce {length} octets à partir de "
                f"l'octet {offset}, qui ne se terminent pas par une fin de zone (0x1E)",
                source_name, index, tag,
            )  # fmt: skip
        names.append((tag, area[offset : end - 1]))
    if not names:
        raise _iso_error("notice sans aucune zone", source_name, index, "répertoire")
    record_name = _iso_title(names) or f"n° {index + 1}"
    for tag, raw in names:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"encodage inconnu : octet 0x{raw[error.start]:02X} qui n'est pas de l'UTF-8 "
                "(exportez les notices de PMB en UTF-8)",
                source_name=source_name,
                record=record_name,
                field=tag,
            ) from None
    return pymarc.Record(data=chunk, force_utf8=True)


def _iso_title(fields: list[tuple[str, bytes]]) -> str:
    for tag, raw in fields:
        if tag == "200":
            for part in raw.split(bytes([SUBFIELD_MARK]))[1:]:
                if part[:1] == b"a":
                    return one_line(part[1:].decode("utf-8", errors="replace"))
    return ""


# --------------------------------------------------------------------------- MARC XML


def xml_records(data: bytes, source_name: str) -> list[pymarc.Record]:
    """The records of a MARC XML document (a ``collection`` of ``record``, or one ``record``)."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True)
    except DTDForbidden as error:
        raise RecordError(
            f"document XML avec une déclaration DOCTYPE « {error.name} » : refusé (MARC XML n'en "
            "a pas, et ses entités pourraient démultiplier le texte)",
            source_name=source_name,
            field="DOCTYPE",
        ) from None
    except DefusedXmlException:  # an entity or external reference (only a DTD declares them)
        raise RecordError(
            "document XML avec une déclaration d'entité ou une référence externe : refusé",
            source_name=source_name,
            field="ENTITY",
        ) from None
    except ET.ParseError as error:
        line, column = error.position
        record, field = _xml_position(data, line, column)
        reason = str(error).split(":")[0]
        raise RecordError(
            f"XML mal formé ligne {line}, colonne {column + 1} ({reason})",
            source_name=source_name,
            record=record,
            field=field,
        ) from None
    namespace, _, local = (
        root.tag[1:].partition("}") if root.tag.startswith("{") else ("", "", root.tag)
    )
    if namespace not in ("", MARC_NS):
        raise RecordError(
            f"espace de noms XML inconnu « {namespace} » (attendu : {MARC_NS}, ou aucun)",
            source_name=source_name,
            field=f"<{local}>",
        )
    q = (lambda name: f"{{{namespace}}}{name}") if namespace else (lambda name: name)
    elements = [root] if local == "record" else root.findall(q("record"))
    records = [
        _xml_record(element, q, index, source_name) for index, element in enumerate(elements)
    ]
    if not records:
        raise RecordError(
            "aucune notice <record> dans le document MARC XML",
            source_name=source_name,
            field=f"<{local}>",
        )
    return records


def _xml_position(data: bytes, line: int, column: int) -> tuple[str, str]:
    """The record (title or number) and field (tag) around a parse error, as far as read."""
    lines = data.decode("utf-8", errors="replace").split("\n")
    prefix = "\n".join(lines[: line - 1] + [lines[line - 1][:column] if line <= len(lines) else ""])
    starts = [m.start() for m in re.finditer(r"<(?:[\w.-]+:)?record[\s>]", prefix)]
    if not starts:
        return "", ""
    current = prefix[starts[-1] :]
    tags = re.findall(r'tag="([^"]*)"', current)
    title = re.search(r'tag="200"[^>]*>\s*<(?:[\w.-]+:)?subfield code="a">([^<]*)<', current)
    return (one_line(title.group(1)) if title else f"n° {len(starts)}"), (tags[-1] if tags else "")


def _xml_record(element, q, index: int, source_name: str) -> pymarc.Record:
    leader_element = element.find(q("leader"))
    leader = (leader_element.text or "") if leader_element is not None else " " * LEADER_LEN
    if len(leader) != LEADER_LEN:
        raise _iso_error(
            f"label de {len(leader)} caractères (24 attendus)", source_name, index, "leader"
        )
    record = pymarc.Record()
    record.leader = Leader(leader)
    for child in element:
        name = child.tag.rpartition("}")[2]
        tag = child.get("tag", "")
        if name not in ("controlfield", "datafield"):
            continue
        if not (len(tag) == 3 and tag.isalnum()):
            raise _iso_error(f"étiquette de zone invalide « {tag} »", source_name, index, name)
        if name == "controlfield":
            record.add_field(Field(tag=tag, data=child.text or ""))
            continue
        subfields = []
        for sub in child.findall(q("subfield")):
            code = sub.get("code", "")
            if len(code) != 1:
                raise _iso_error(f"code de sous-zone invalide « {code} »", source_name, index, tag)
            subfields.append(Subfield(code=code, value=sub.text or ""))
        indicators = Indicators(
            child.get("ind1", " ")[:1] or " ", child.get("ind2", " ")[:1] or " "
        )
        record.add_field(Field(tag=tag, indicators=indicators, subfields=subfields))
    return record


# --------------------------------------------------------------------------- writing

_ISO_UNSAFE = re.compile("[\x1d\x1e\x1f]")
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
MAX_FIELD_BYTES, MAX_RECORD_BYTES = 9999, 99999


def iso_bytes(records: Iterable[pymarc.Record]) -> bytes:
    """UNIMARC records as one ISO 2709 file (UTF-8); separators in values become spaces."""
    out = []
    for number, marc in enumerate(records, start=1):
        for field in marc.fields:
            if not field.control_field:
                field.subfields = [Subfield(s.code, _ISO_UNSAFE.sub(" ", s.value)) for s in field]
        too_long = [f.tag for f in marc.fields if len(f.as_marc("utf-8")) > MAX_FIELD_BYTES]
        if too_long:
            raise ValueError(f"record {number}: field(s) {too_long} exceed 9,999 bytes")
        raw = marc.as_marc()
        if len(raw) > MAX_RECORD_BYTES:
            raise ValueError(f"record {number} exceeds ISO 2709's 99,999 bytes")
        out.append(raw[:9] + b" " + raw[10:])  # pymarc writes MARC 21's "a"; UNIMARC leaves 9 blank
    return b"".join(out)


def xml_bytes(records: Iterable[pymarc.Record]) -> bytes:
    """Records as one MARC XML ``collection`` (UTF-8, MARC 21 slim namespace); characters XML
    cannot hold become spaces."""
    collection = ET.Element("collection", {"xmlns": MARC_NS})
    for marc in records:
        node = pymarc.record_to_xml_node(marc)
        for element in node.iter():
            if element.text:
                element.text = _XML_UNSAFE.sub(" ", element.text)
        collection.append(node)
    ET.indent(collection)
    text = ET.tostring(collection, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{text}\n'.encode()
