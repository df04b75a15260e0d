"""CSV spreadsheets: French and English headers, delimiters, encodings, and every bad file."""

from __future__ import annotations

import pytest

from importers.csv_format import looks_like_csv, write_csv
from importers.formats import detect_format, parse_file
from importers.records import AuthorCredit, RecordError
from tests.conftest import sample_bytes

FRENCH = (
    "titre;auteurs;editeur;categorie;joueurs_min;joueurs_max;age_min;age_max;duree_minutes;"
    "principe;regle\n"
    'Ta Yü;"Niek Neuwahl, Auteur; Marie Dupont, Illustratrice";Kosmos;A 406 jeu de stratégie '
    '(jeu de règles);2;4;10;99;45;Relier deux côtés.;"Contenu:\n1 plateau\nBut du jeu:\nRelier."\n'
)
ENGLISH = (
    "Title,Authors,Publisher,Category,Min players,Max players,Min age,Max age,Duration,"
    "Principle,Rules\n"
    'Ta Yü,"Niek Neuwahl, Auteur; Marie Dupont, Illustratrice",Kosmos,A 406 jeu de stratégie '
    '(jeu de règles),2,4,10,99,45,Relier deux côtés.,"Contenu:\n1 plateau\nBut du jeu:\nRelier."\n'
)


def parsed(text_or_bytes, name: str = "jeux.csv", warnings: list[str] | None = None):
    data = text_or_bytes.encode() if isinstance(text_or_bytes, str) else text_or_bytes
    fmt, records = parse_file(name, data, warnings)
    assert fmt == "csv"
    return records


def test_french_header_with_semicolons():
    (record,) = parsed(FRENCH)
    assert record.title == "Ta Yü"
    assert record.authors == [
        AuthorCredit("Niek Neuwahl", "Auteur"), AuthorCredit("Marie Dupont", "Illustratrice"),
    ]  # fmt: skip
    assert record.publisher == "Kosmos"
    assert (record.category_code, record.category_label, record.category_family) == (
        "A 406", "jeu de stratégie", "jeu de règles",
    )  # fmt: skip
    assert (record.min_players, record.max_players, record.min_age, record.max_age) == (
        2,
        4,
        10,
        None,
    )
    assert record.duration_minutes == 45
    assert record.principle == "Relier deux côtés."
    assert record.rules_text == "Contenu:\n1 plateau\nBut du jeu:\nRelier."
    assert [s.heading for s in record.rules_sections] == ["Contenu", "But du jeu"]
    assert record.components == "1 plateau"  # read from the rules, as for PMB records


def test_english_header_with_commas_gives_the_same_record():
    assert parsed(ENGLISH) == parsed(FRENCH)


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
        lambda text: text.replace("\n", "\r\n").encode("cp1252"),
        lambda text: text.encode("utf-16"),
    ],
    ids=["utf8-bom", "cp1252-crlf", "utf16"],
)
def test_encodings_give_the_same_record(encode):
    assert parsed(encode(FRENCH)) == parsed(FRENCH)


def test_missing_fields_are_computed_as_for_pmb_records():
    (record,) = parsed("titre;editeur;age_max\nAlcatraz;F.X.;\n")
    assert record.max_age is None
    assert record.missing_fields == [
        "authors", "category", "min_players", "max_players", "min_age", "max_age",
        "duration_minutes", "components", "rules_text",
    ]  # fmt: skip


def test_review_column_is_taken_as_written():
    (record,) = parsed("titre;editeur;a_verifier\nAlcatraz;F.X.;max_age, authors\n")
    assert record.missing_fields == ["max_age", "authors"]
    (record,) = parsed("titre;editeur;a_verifier\nAlcatraz;F.X.;\n")
    assert record.missing_fields == []


def test_unknown_columns_and_review_names_are_reported():
    warnings: list[str] = []
    parsed(
        "titre;editeur;Cote;a_verifier\nAlcatraz;F.X.;J STR;authors, couleur\n", warnings=warnings
    )
    assert any("« Cote »" in w for w in warnings)
    assert any("couleur" in w for w in warnings)


def test_blank_lines_are_skipped_and_several_rows_kept_in_order():
    records = parsed("titre;editeur\nUn;A\n\n;\nDeux;B\n")
    assert [(r.title, r.record_index) for r in records] == [("Un", 0), ("Deux", 1)]


def test_written_csv_reads_back_identically():
    _, records = parse_file("000.txt", sample_bytes("pow_wow"))
    again = parsed(write_csv(records))
    assert [r.__dict__ | {"source_name": "", "source_format": ""} for r in again] == [
        r.__dict__ | {"source_name": "", "source_format": ""} for r in records
    ]


def test_detection():
    assert looks_like_csv(FRENCH) and looks_like_csv(ENGLISH)
    assert detect_format(FRENCH) == "csv"
    assert not looks_like_csv("| Titre : |\nPow wow |\n")
    assert not looks_like_csv("Bonjour, ceci est une phrase; pas un en-tête\n")
    assert detect_format(sample_bytes("pow_wow").decode()) == "pmb-text"


# ----------------------------------------------------------------------------- rejected


def rejected(data: bytes | str, name: str = "jeux.csv") -> RecordError:
    data = data.encode() if isinstance(data, str) else data
    with pytest.raises(RecordError) as caught:
        parse_file(name, data)
    error = caught.value
    assert error.source_name == name and name in str(error)
    return error


def test_missing_title_column_is_rejected():
    error = rejected("auteurs;editeur\nNiek Neuwahl;Kosmos\n")
    assert (error.record, error.field) == ("en-tête", "titre")


def test_duplicate_column_is_rejected():
    error = rejected("titre;title;editeur\nA;B;C\n")
    assert (error.record, error.field) == ("en-tête", "title")


def test_bad_number_names_the_row_and_the_column():
    error = rejected("titre;Joueurs min\nAlcatraz;deux\n")
    assert (error.record, error.field) == ("Alcatraz", "Joueurs min")
    assert "ligne 2" in error.message


def test_inverted_range_is_rejected_on_the_maximum():
    error = rejected("titre;joueurs_min;joueurs_max\nAlcatraz;5;2\n")
    assert (error.record, error.field) == ("Alcatraz", "joueurs_max")


def test_row_without_title_is_rejected_by_line():
    error = rejected("titre;editeur\nAlcatraz;F.X.\n;Kosmos\n")
    assert (error.record, error.field) == ("ligne 3", "titre")


def test_row_with_too_many_cells_is_rejected():
    error = rejected("titre;editeur\nAlcatraz;F.X.;en trop\n")
    assert error.record == "ligne 2" and "cellules" in error.message


def test_unknown_encoding_names_line_and_column():
    data = "titre;editeur\nAlcatraz;F.X.\nTa Yü;".encode("cp1252") + b"Kos\x81mos\n"
    error = rejected(data)
    assert (error.record, error.field) == ("ligne 3", "editeur")
    assert "encodage inconnu" in error.message
