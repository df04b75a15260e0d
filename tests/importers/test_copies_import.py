"""Copies from imports: UNIMARC 995 (ISO 2709 and MARC XML), CSV and spreadsheets; the report's
counts, the dry run, bad copies refused per record, and what a re-import keeps."""

from __future__ import annotations

import datetime

import pytest

from catalogue.copies import CopyUpdate, copies_update
from catalogue.models import Copy, Game, SearchChange
from catalogue.selectors import SearchParams, game_search
from importers.services import import_run
from tests.importers.test_marc import datafield, iso, pmb_record, xml
from tests.importers.test_spreadsheets import ods, xlsx

pytestmark = pytest.mark.django_db

TA_YU = pmb_record(
    datafield("200", "a", "Ta Yü", indicators="1 "),
    datafield("210", "c", "Kosmos"),
    datafield(
        "995",
        "f",
        " 0012345\r",
        "k",
        "J STR TAY",
        "c",
        "Ludothèque",
        "e",
        "Jeux de règles",
        "o",
        "prêt 3 semaines",
    ),  # fmt: skip
    datafield("995", "f", "0012346", "k", "J STR TAY 2", "a", "Annexe", "n", "20261220"),
    datafield("995", "f", "0012347", "k", "J STR TAY 3", "o", "Exclu du prêt"),
)
POW_WOW = pmb_record(datafield("200", "a", "Pow wow"), datafield("210", "c", "Franjos"))


def copies_of(title: str) -> list[tuple]:
    game = Game.objects.get(title=title)
    return list(
        game.copies.order_by("barcode").values_list(
            "barcode", "call_number", "location", "section", "loan_type", "status", "due_date"
        )
    )


@pytest.mark.parametrize("encode", [iso, xml], ids=["iso2709", "xml"])
def test_unimarc_995_fields_become_copies(encode):
    report, _batch = import_run(files=[("pmb.mrc", encode(TA_YU, POW_WOW))], origin="test")
    assert report.totals()["rejected"] == 0, report.files
    assert copies_of("Ta Yü") == [
        ("0012345", "J STR TAY", "Ludothèque", "Jeux de règles", "prêt 3 semaines", "available",
         None),
        ("0012346", "J STR TAY 2", "Annexe", "", "", "on_loan", datetime.date(2026, 12, 20)),
        ("0012347", "J STR TAY 3", "", "", "Exclu du prêt", "excluded", None),
    ]  # fmt: skip
    assert copies_of("Pow wow") == []
    assert report.to_dict()["copies"] == {"created": 3, "updated": 0, "unchanged": 0, "removed": 0}


def test_the_dry_run_counts_the_copies_and_writes_none():
    report, batch = import_run(files=[("pmb.mrc", iso(TA_YU))], origin="test", dry_run=True)
    assert batch is None
    assert report.to_dict()["copies"]["created"] == 3
    assert report.files[0]["copies"]["created"] == 3
    assert not Copy.objects.exists() and not Game.objects.exists()


def test_a_995_without_barcode_is_left_out_with_a_remark():
    record = pmb_record(datafield("200", "a", "Sans code"), datafield("995", "k", "J SAN"))
    report, _ = import_run(files=[("pmb.mrc", iso(record))], origin="test")
    assert not Copy.objects.exists()
    assert any("sans code-barres" in w and "J SAN" in w for w in report.files[0]["warnings"])


def test_a_barcode_twice_in_one_file_rejects_it_naming_the_record():
    other = pmb_record(datafield("200", "a", "Pow wow"), datafield("995", "f", "0012346"))
    report, _ = import_run(files=[("pmb.mrc", iso(TA_YU, other))], origin="test")
    error = report.files[0]["error"]
    assert error["record"] == "Pow wow" and error["field"] == "exemplaires"
    assert "0012346" in error["message"] and "Ta Yü" in error["message"]
    assert not Game.objects.exists() and not Copy.objects.exists()


CSV = (
    "titre;editeur;code_barres;cote;localisation;statut;date_retour\n"
    "Ta Yü;Kosmos;0012345 | 0012346;J STR TAY | J STR TAY 2;Ludothèque;disponible | en prêt;"
    " | 20/12/2026\n"
    "Pow wow;Franjos;;;;;\n"
    "Alcatraz;Gigamic;A-1;J STR ALC;Annexe;En réparation;\n"
)


def test_csv_rows_carry_several_copies_separated_by_a_bar():
    report, _ = import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    assert report.totals()["rejected"] == 0, report.files
    assert copies_of("Ta Yü") == [
        ("0012345", "J STR TAY", "Ludothèque", "", "", "available", None),
        ("0012346", "J STR TAY 2", "Ludothèque", "", "", "on_loan", datetime.date(2026, 12, 20)),
    ]
    assert copies_of("Pow wow") == []
    assert copies_of("Alcatraz") == [("A-1", "J STR ALC", "Annexe", "", "", "repair", None)]


@pytest.mark.parametrize("make", [xlsx, ods], ids=["xlsx", "ods"])
def test_spreadsheet_copy_columns_read_as_the_csv(make):
    header = ["titre", "codes-barres", "Cote", "Statut", "Date retour"]
    rows = [["Ta Yü", "B1|B2", "J STR", "en prêt|exclu du prêt", "2026-12-20|"]]
    report, _ = import_run(files=[("jeux.x", make(rows, header))], origin="test")
    assert report.totals()["rejected"] == 0, report.files
    assert copies_of("Ta Yü") == [
        ("B1", "J STR", "", "", "", "on_loan", datetime.date(2026, 12, 20)),
        ("B2", "J STR", "", "", "", "excluded", None),
    ]


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        ("Ta Yü;A1 | A2;égaré", "statut", ["statut inconnu", "égaré"]),
        ("Ta Yü;A1 | A2;disponible | en prêt | en prêt", "statut", ["2 codes-barres", "3 valeurs"]),
        ("Ta Yü;A1 | A1;", "exemplaires", ["A1 en double"]),
        ("Ta Yü;A1 || A2;", "code_barres", ["code-barres vide"]),
        ("Ta Yü;A1;disponible;2026-13-45", "date_retour", ["date de retour invalide"]),
        ("Ta Yü;A1;exclu;2026-12-20", "date_retour", ["qu'avec le statut « en prêt »"]),
        ("Ta Yü;A\u200b1\x07;", "code_barres", []),  # control characters go: « A1 » is fine
    ],
)
def test_a_bad_copy_is_the_records_error_in_the_report(row, field, words):
    data = f"titre;code_barres;statut;date_retour\nPow wow;P1;;\n{row}\n".encode()
    report, _ = import_run(files=[("jeux.csv", data)], origin="test")
    error = report.files[0]["error"]
    if not words:
        assert error is None
        assert copies_of("Ta Yü")[0][0] == "A1"
        return
    assert error["record"] == "Ta Yü" and error["field"] == field, error
    for word in words:
        assert word in error["message"]
    assert not Copy.objects.exists()  # the whole file is rejected


def test_reimport_updates_copies_by_barcode_and_keeps_the_desks_status():
    import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    # The desk lends A-1's neighbour: 0012345 goes out through the API.
    copies_update(
        updates=[CopyUpdate("0012345", "on_loan", datetime.date(2026, 12, 24))]
    )  # fmt: skip
    again = (
        "titre;editeur;code_barres;cote;localisation;statut\n"
        "Ta Yü;Kosmos;0012345 | 0012348;J STR TAY A | J STR TAY 3;Réserve;disponible\n"
        "Alcatraz;Gigamic;A-1;J STR ALC;Annexe;disponible\n"
    )
    report, _ = import_run(files=[("jeux.csv", again.encode())], origin="test")
    assert report.to_dict()["copies"] == {"created": 1, "updated": 2, "unchanged": 0, "removed": 1}
    assert copies_of("Ta Yü") == [
        # The file's call number and place; the desk's status (set since) stays.
        ("0012345", "J STR TAY A", "Réserve", "", "", "on_loan", datetime.date(2026, 12, 24)),
        ("0012348", "J STR TAY 3", "Réserve", "", "", "available", None),
    ]  # 0012346, no longer listed, is gone
    # Never touched by the desk: the file's status applies.
    assert copies_of("Alcatraz") == [("A-1", "J STR ALC", "Annexe", "", "", "available", None)]


def test_reimport_without_copy_columns_leaves_the_copies_alone():
    import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    plain = "titre;editeur\nTa Yü;Kosmos\n"
    report, _ = import_run(files=[("jeux.csv", plain.encode())], origin="test")
    assert report.files[0]["error"] is None
    assert [c[0] for c in copies_of("Ta Yü")] == ["0012345", "0012346"]


def test_same_import_twice_changes_no_copy_and_no_search_entry():
    import_run(files=[("pmb.mrc", iso(TA_YU))], origin="test")
    changes = SearchChange.objects.count()
    stamps = list(Copy.objects.order_by("barcode").values_list("updated_at", flat=True))
    report, _ = import_run(files=[("pmb.mrc", iso(TA_YU))], origin="test")
    assert report.to_dict()["copies"] == {"created": 0, "updated": 0, "unchanged": 3, "removed": 0}
    assert SearchChange.objects.count() == changes
    assert list(Copy.objects.order_by("barcode").values_list("updated_at", flat=True)) == stamps


def test_imported_availability_is_searchable():
    import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    result = game_search(params=SearchParams(available=True))
    assert [game.title for game in result.page.object_list] == ["Ta Yü"]
    assert result.facets["available"][0]["count"] == 1
    # Unfiltered, the facet still says how many the filter would keep.
    assert game_search(params=SearchParams()).facets["available"][0]["count"] == 1


def test_a_copy_moves_to_the_game_whose_record_lists_it():
    import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    moved = "titre;code_barres\nPow wow;A-1\n"
    import_run(files=[("jeux.csv", moved.encode())], origin="test")
    assert [c[0] for c in copies_of("Pow wow")] == ["A-1"]
    assert copies_of("Alcatraz") == []


def test_indexing_alongside_an_import_knows_which_games_have_a_copy_in():
    """The command line indexes as it writes: the games' availability goes with them, and a game
    the file leaves unchanged but whose copies it changes is re-indexed too."""
    from catalogue.index import store

    import_run(files=[("jeux.csv", CSV.encode())], origin="test")
    store.replica().sync()
    again = CSV.replace("Ta Yü;Kosmos;0012345 | 0012346;", "Ta Yü;Kosmos;0012346 | 0012345;")
    again = again.replace("disponible | en prêt", "en prêt | en prêt")  # new status: both out
    again = again.replace("Annexe;En réparation", "Annexe;disponible")  # Alcatraz comes back
    again += "Nouveau;Gigamic;N-1;;;disponible;\n"
    replica = store.replica()
    with replica.indexing_alongside() as index:
        import_run(files=[("jeux.csv", again.encode())], origin="test", index=index)
    result = game_search(params=SearchParams(available=True))
    assert sorted(game.title for game in result.page.object_list) == ["Alcatraz", "Nouveau"]
