"""UNIMARC from PMB (ISO 2709 and MARC XML): the field mapping, warnings, and every bad file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pymarc
import pytest
from pymarc import Field, Indicators, Leader, Subfield

from importers.formats import detect_format, parse_file
from importers.marc import MARC_NS, looks_like_iso2709, write_iso2709, write_marcxml
from importers.records import AuthorCredit, RecordError

EXPORTS = Path(__file__).resolve().parents[2] / "samples" / "exports"


def datafield(tag: str, *pairs: str, indicators: str = "  ") -> Field:
    """``datafield("700", "a", "Corn", "b", "Ronald")``."""
    subfields = [Subfield(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]
    return Field(tag=tag, indicators=Indicators(*indicators), subfields=subfields)


def pmb_record(*fields: Field, type_code: str = "r") -> pymarc.Record:
    record = pymarc.Record()
    record.leader = Leader(f"00000n{type_code}m0 2200000   450 ")
    record.add_field(Field(tag="001", data="1234"))
    for field in fields:
        record.add_field(field)
    return record


def iso(*records: pymarc.Record) -> bytes:
    return b"".join(record.as_marc() for record in records)


def xml(*records: pymarc.Record, namespace: str = MARC_NS) -> bytes:
    attributes = {"xmlns": namespace} if namespace else {}
    collection = ET.Element("collection", attributes)
    for record in records:
        collection.append(pymarc.record_to_xml_node(record))
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(collection, encoding="utf-8")


#: A record as PMB exports it: no 200 $b (type from the leader), rules in 327 (no 330),
#: custom fields in 900 with their labels, two copies in 995.
TA_YU_PMB = pmb_record(
    datafield("200", "a", "Ta Yü", "e", "le jeu des canaux", indicators="1 "),
    datafield("210", "a", "Stuttgart", "c", "Kosmos", "d", "1999"),
    datafield("327", "a", "Contenu:\r\n1 plateau, 112 pièces\r\nBut du jeu:\r\nRelier les côtés."),
    datafield("606", "a", "A 406 jeu de stratégie", "x", "jeu de règles", "2", "esar"),
    datafield("700", "a", "Neuwahl", "b", "Niek", "4", "070", indicators=" 1"),
    datafield("702", "a", "Dupont", "b", "Marie", "4", "440", indicators=" 1"),
    datafield("701", "a", "Smith", "b", "Ann", "4", "730", indicators=" 1"),
    datafield("701", "a", "Doe", "b", "Jo", "4", "999", indicators=" 1"),
    datafield("701", "a", "Martin", indicators=" 1"),
    datafield("710", "a", "Studio", "b", "Atelier", "4", "070", indicators="02"),
    datafield("900", "a", "2", "l", "Nombre minimum de joueurs", "n", "cp_min"),
    datafield("900", "a", "4", "l", "NOMBRE MAXIMUM DE JOUEURS", "n", "cp_max"),
    datafield("900", "a", "10", "l", "Age minimum", "n", "cp_agemin"),
    datafield("900", "a", "99", "l", "Âge maximum", "n", "cp_agemax"),
    datafield("900", "a", "45", "l", "Duree moyenne (minutes)", "n", "cp_duree"),
    datafield("900", "a", "Relier deux côtés.", "l", "Principe du jeu", "n", "cp_principe"),
    datafield("900", "a", "Un jeu de domino.", "l", "Analyse pédagogique", "n", "cp_analyse"),
    datafield("900", "a", "Boîte abîmée", "l", "État de la boîte", "n", "cp_etat"),
    datafield("995", "f", "0012345", "k", "J STR TAY", "a", "Ludothèque"),
    datafield("995", "f", "0012346", "k", "J STR TAY 2"),
)


@pytest.mark.parametrize("encode", [iso, xml], ids=["iso2709", "xml"])
def test_pmb_record_fields_are_mapped(encode):
    warnings: list[str] = []
    fmt, (record,) = parse_file("pmb.export", encode(TA_YU_PMB), warnings)
    assert fmt == ("unimarc-iso2709" if encode is iso else "unimarc-xml")
    assert record.title == "Ta Yü : le jeu des canaux"
    assert record.document_type == "objet à 3 dimensions, artefacts, ..."
    assert record.publisher == "Kosmos"
    assert (record.category_code, record.category_label, record.category_family) == (
        "A 406", "jeu de stratégie", "jeu de règles",
    )  # fmt: skip
    assert record.authors == [
        AuthorCredit("Niek Neuwahl", "Auteur"),
        AuthorCredit("Marie Dupont", "Illustrateur"),
        AuthorCredit("Ann Smith", "Traducteur"),
        AuthorCredit("Jo Doe", "999"),
        AuthorCredit("Martin", "Auteur"),
        AuthorCredit("Studio Atelier", "Auteur"),
    ]
    assert (record.min_players, record.max_players, record.min_age, record.max_age) == (
        2,
        4,
        10,
        None,
    )
    assert record.duration_minutes == 45
    assert record.principle == "Relier deux côtés."
    assert record.pedagogical_analysis == "Un jeu de domino."


@pytest.mark.parametrize("encode", [iso, xml], ids=["iso2709", "xml"])
def test_without_summary_the_contents_note_is_the_rules_text_as_in_pmb_text(encode):
    _, (record,) = parse_file("pmb.export", encode(TA_YU_PMB))
    assert record.rules_text == "Contenu:\n1 plateau, 112 pièces\nBut du jeu:\nRelier les côtés."
    assert [s.heading for s in record.rules_sections] == ["Contenu", "But du jeu"]
    assert record.components == "1 plateau, 112 pièces"
    assert record.missing_fields == []


def test_with_a_summary_the_contents_note_is_the_component_list():
    record = pmb_record(
        datafield("200", "a", "Bataclan"),
        datafield("327", "a", "28 dés", "a", "1 gobelet"),
        datafield("330", "a", "BUT DU JEU: empiler les dés."),
    )
    _, (game,) = parse_file("x.mrc", iso(record))
    assert game.components == "28 dés, 1 gobelet"
    assert game.rules_text == "BUT DU JEU: empiler les dés."


def test_unmapped_custom_fields_are_reported_and_copies_read_not_lost():
    warnings: list[str] = []
    _fmt, (record,) = parse_file("pmb.mrc", iso(TA_YU_PMB), warnings)
    assert len(warnings) == 1
    assert "900 « État de la boîte »" in warnings[0] and "Boîte abîmée" in warnings[0]
    # The 995 copies are imported now (tests/importers/test_copies_import.py has the rest).
    assert [(c.barcode, c.call_number) for c in record.copies] == [
        ("0012345", "J STR TAY"),
        ("0012346", "J STR TAY 2"),
    ]


def test_missing_fields_follow_the_pmb_reader():
    record = pmb_record(
        datafield("200", "a", "Sans rien"),
        datafield("900", "a", "3", "l", "Nombre minimum de joueurs"),
        type_code=" ",
    )
    _, (game,) = parse_file("x.mrc", iso(record))
    assert game.document_type == ""
    assert game.max_age is None
    assert game.missing_fields == [
        "document_type", "authors", "publisher", "category", "max_players", "min_age",
        "max_age", "duration_minutes", "components", "rules_text",
    ]  # fmt: skip


def test_esar_code_from_676_with_the_label_of_a_codeless_606():
    record = pmb_record(
        datafield("200", "a", "Jeu"),
        datafield("606", "a", "jeu d'adresse (jeu de règles)"),
        datafield("676", "a", "A 404", "v", "ESAR"),
    )
    _, (game,) = parse_file("x.mrc", iso(record))
    assert (game.category_code, game.category_label, game.category_family) == (
        "A 404", "jeu d'adresse", "jeu de règles",
    )  # fmt: skip


def test_several_records_in_one_file_keep_their_order():
    first = pmb_record(datafield("200", "a", "Un"))
    second = pmb_record(datafield("200", "a", "Deux"))
    fmt, records = parse_file("deux.mrc", iso(first, second) + b"\n")
    assert [r.title for r in records] == ["Un", "Deux"]
    assert [r.record_index for r in records] == [0, 1]


def test_what_the_writers_write_reads_back_identically():
    _, records = parse_file("pmb.mrc", iso(TA_YU_PMB))
    for data in (write_iso2709(records), write_marcxml(records)):
        _, again = parse_file("again", data)
        assert [(r.title, r.authors, r.rules_sections, r.missing_fields) for r in again] == [
            (r.title, r.authors, r.rules_sections, r.missing_fields) for r in records
        ]


def test_long_rules_are_split_over_several_330_fields():
    _, (record,) = parse_file("pmb.mrc", iso(TA_YU_PMB))
    record.rules_text = "\n".join(f"Ligne {n} " + "é" * 300 for n in range(100))  # ~60 kB
    data = write_iso2709([record])
    assert len(pymarc.Record(data=data, force_utf8=True).get_fields("330")) > 1
    assert parse_file("long.mrc", data)[1][0].rules_text == record.rules_text


def test_detection():
    assert looks_like_iso2709((EXPORTS / "catalogue.mrc").read_bytes())
    assert detect_format((EXPORTS / "catalogue.xml").read_text()) == "unimarc-xml"
    assert detect_format('<record xmlns="urn:x"><leader/></record>') == "unimarc-xml"
    assert detect_format("<html><body><table><tr><td>Titre :</td></tr></table></body></html>") != (
        "unimarc-xml"
    )


# ----------------------------------------------------------------------------- rejected


def rejected(data: bytes, name: str = "notices.mrc") -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_file(name, data)
    error = caught.value
    assert error.source_name == name and name in str(error)
    return error


def good_iso() -> bytes:
    return iso(
        pmb_record(datafield("200", "a", "Alcatraz")), pmb_record(datafield("200", "a", "Ta Yü"))
    )


def test_bad_leader_is_rejected():
    data = good_iso()
    error = rejected(b"00x12" + data[5:])
    assert (error.record, error.field) == ("n° 1", "label") and "longueur" in error.message
    error = rejected(data[:10] + b"31" + data[12:])
    assert error.field == "label" and "10-11" in error.message
    error = rejected(data[:20] + b"9999" + data[24:])
    assert error.field == "label" and "répertoire" in error.message


def test_wrong_base_address_is_rejected():
    data = good_iso()
    base = int(data[12:17])
    error = rejected(data[:12] + f"{base + 3:05d}".encode() + data[17:])
    assert (error.record, error.field) == ("n° 1", "label") and "adresse de base" in error.message
    error = rejected(data[:12] + b"00a12" + data[17:])
    assert "adresse de base" in error.message


def test_truncated_record_is_rejected():
    data = good_iso()
    error = rejected(data[:-30])
    assert error.record == "n° 2" and "tronquée" in error.message
    first_length = int(data[:5])
    error = rejected(data[: first_length + 10])  # cut inside the second record's leader
    assert (error.record, error.field) == ("n° 2", "label") and "tronquée" in error.message


def test_wrong_record_length_is_rejected():
    data = good_iso()
    length = int(data[:5])
    error = rejected(f"{length - 2:05d}".encode() + data[5:])
    assert (error.record, error.field) == ("n° 1", "label") and "longueur" in error.message


def test_wrong_field_length_names_the_field():
    data = bytearray(good_iso())
    directory_entry = data.index(b"200", 24)  # the 200's directory entry: tag, length, offset
    length = int(data[directory_entry + 3 : directory_entry + 7])
    data[directory_entry + 3 : directory_entry + 7] = f"{length - 1:04d}".encode()
    error = rejected(bytes(data))
    assert (error.record, error.field) == ("n° 1", "200") and "longueur" in error.message


def test_bytes_that_are_not_utf8_are_an_unknown_encoding():
    record = pmb_record(datafield("200", "a", "Pow wow"), datafield("330", "a", "REPLACE"))
    data = iso(record).replace(b"REPLACE", "Dès le début".encode("cp1252")[:7])
    error = rejected(data)
    assert (error.record, error.field) == ("Pow wow", "330") and "encodage" in error.message


def test_malformed_xml_names_line_record_and_field():
    data = (EXPORTS / "catalogue.xml").read_bytes()
    cut = data.index(b'<datafield ind1=" " ind2=" " tag="210">', data.index(b"Ta Y"))
    error = rejected(data[: cut + 60] + b"<oops></collection>", "notices.xml")
    assert "XML mal formé ligne" in error.message
    assert (error.record, error.field) == ("Ta Yü", "210")


def test_xml_with_an_unknown_namespace_is_rejected():
    record = pmb_record(datafield("200", "a", "Alcatraz"))
    error = rejected(xml(record, namespace="http://example.org/not-marc"), "notices.xml")
    assert "espace de noms" in error.message and error.field == "<collection>"


def test_xml_without_namespace_is_accepted():
    record = pmb_record(datafield("200", "a", "Alcatraz"))
    assert parse_file("n.xml", xml(record, namespace=""))[1][0].title == "Alcatraz"


def test_xml_with_a_doctype_is_rejected():
    body = xml(pmb_record(datafield("200", "a", "X")))
    data = body.replace(b"?>\n", b'?>\n<!DOCTYPE collection [<!ENTITY x "y">]>\n', 1)
    assert "DOCTYPE" in rejected(data, "n.xml").message


def test_record_without_title_is_rejected():
    error = rejected(iso(pmb_record(datafield("210", "c", "Kosmos"))))
    assert (error.record, error.field) == ("n° 1", "200$a")


def test_bad_custom_number_names_the_900_label():
    record = pmb_record(
        datafield("200", "a", "Alcatraz"),
        datafield("900", "a", "deux", "l", "Nombre minimum de joueurs"),
    )
    error = rejected(iso(record))
    assert (error.record, error.field) == ("Alcatraz", "900 « Nombre minimum de joueurs »")


def test_inverted_player_range_is_rejected_on_the_maximum():
    record = pmb_record(
        datafield("200", "a", "Alcatraz"),
        datafield("900", "a", "5", "l", "Nombre minimum de joueurs"),
        datafield("900", "a", "2", "l", "Nombre maximum de joueurs"),
    )
    error = rejected(iso(record))
    assert error.field == "900 « Nombre maximum de joueurs »"
