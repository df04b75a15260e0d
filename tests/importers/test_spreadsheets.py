"""Excel (.xlsx) and OpenDocument (.ods) workbooks: the CSV's columns, report and dry run, and
bad workbooks refused whole with a clear message."""

from __future__ import annotations

import io
import zipfile

import pytest
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P
from openpyxl import Workbook

from catalogue.models import Game
from importers import spreadsheet_format
from importers.formats import parse_file
from importers.records import AuthorCredit, RecordError
from importers.services import import_run

HEADER = ["titre", "auteurs", "editeur", "joueurs_min", "joueurs_max", "age_min", "duree", "regle"]
ROWS = [
    ["Ta Yü", "Niek Neuwahl, Auteur", "Kosmos", 2, 4.0, 10, 45, "But du jeu:\nRelier.Le bord"],
    [None, None, None, None, None, None, None, None],  # a blank row
    ["Pow wow", "", "Franjos", 3, 6, 8, 30, ""],
]


def xlsx(rows=ROWS, header=HEADER, *, extra_sheet: bool = False) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Jeux"
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    if extra_sheet:
        workbook.create_sheet("Brouillon").append(["rien"])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _ods_cell(value) -> TableCell:
    if value is None:
        return TableCell()
    if isinstance(value, (int, float)):
        cell = TableCell(valuetype="float", value=value)
        cell.addElement(P(text=str(value)))
        return cell
    cell = TableCell(valuetype="string")
    for line in str(value).split("\n"):
        cell.addElement(P(text=line))
    return cell


def ods(rows=ROWS, header=HEADER, *, extra_sheet: bool = False) -> bytes:
    document = OpenDocumentSpreadsheet()
    table = Table(name="Jeux")
    for row in [header, *rows]:
        table_row = TableRow()
        for value in row:
            table_row.addElement(_ods_cell(value))
        # LibreOffice ends each row with one cell repeated to the sheet's last column.
        table_row.addElement(TableCell(numbercolumnsrepeated=16000))
        table.addElement(table_row)
    table.addElement(TableRow(numberrowsrepeated=1048000))
    document.spreadsheet.addElement(table)
    if extra_sheet:
        document.spreadsheet.addElement(Table(name="Brouillon"))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


MAKERS = {"xlsx": xlsx, "ods": ods}


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_workbook_reads_like_the_csv(fmt):
    name, records = parse_file(f"jeux.{fmt}", MAKERS[fmt]())
    assert name == fmt
    tayu, powwow = records
    assert tayu.title == "Ta Yü"
    assert tayu.authors == [AuthorCredit("Niek Neuwahl", "Auteur")]
    assert tayu.publisher == "Kosmos"
    assert (tayu.min_players, tayu.max_players, tayu.min_age) == (2, 4, 10)
    assert tayu.duration_minutes == 45
    assert tayu.rules_text == "But du jeu:\nRelier.Le bord"  # the library's text, as typed
    assert [s.heading for s in tayu.rules_sections] == ["But du jeu"]
    assert (powwow.title, powwow.min_players, powwow.max_players) == ("Pow wow", 3, 6)
    assert powwow.authors == []


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_workbook_is_recognised_by_its_contents_not_its_name(fmt):
    assert parse_file("export.bin", MAKERS[fmt]())[0] == fmt


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_other_sheets_are_named_in_the_warnings(fmt):
    warnings: list[str] = []
    parse_file(f"jeux.{fmt}", MAKERS[fmt](extra_sheet=True), warnings)
    assert warnings == ["seule la première feuille (« Jeux ») est lue ; ignorées : « Brouillon »"]


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_unknown_columns_are_reported_as_for_csv(fmt):
    warnings: list[str] = []
    parse_file(f"jeux.{fmt}", MAKERS[fmt]([["Ta Yü", "x"]], ["Title", "Couleur"]), warnings)
    assert warnings == ["colonne « Couleur » ignorée (nom inconnu)"]


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_dry_run_reports_and_writes_nothing_then_the_import_writes(db, fmt):
    files = [(f"jeux.{fmt}", MAKERS[fmt]())]
    report, batch = import_run(files=files, origin="test", dry_run=True)
    assert batch is None
    assert report.files[0]["format"] == fmt
    assert report.totals()["created"] == 2
    assert Game.objects.count() == 0
    report, batch = import_run(files=files, origin="test")
    assert report.totals()["created"] == 2
    assert set(Game.objects.values_list("title", "source_format")) == {
        ("Ta Yü", fmt),
        ("Pow wow", fmt),
    }


BAD = {
    "no title column": (
        lambda make: make([["Kosmos"]], ["editeur", "joueurs_min"]),
        "colonne obligatoire absente : « titre » (ou « title »)",
    ),
    "bad number": (
        lambda make: make([["Ta Yü", "deux"]], ["titre", "joueurs_min"]),
        "ligne 2 : ",
    ),
    "min above max": (
        lambda make: make([["Ta Yü", 5, 2]], ["titre", "joueurs_min", "joueurs_max"]),
        "ligne 2 : ",
    ),
    "header only": (lambda make: make([], ["titre", "editeur"]), "aucune ligne de jeu"),
    "empty sheet": (lambda make: make([], []), "vide : la première ligne doit nommer"),
}


@pytest.mark.parametrize("fmt", sorted(MAKERS))
@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_workbook_is_refused_with_a_clear_message(fmt, kind):
    make, message = BAD[kind]
    with pytest.raises(RecordError) as refused:
        parse_file(f"jeux.{fmt}", make(MAKERS[fmt]))
    assert message in str(refused.value)
    assert refused.value.source_name == f"jeux.{fmt}"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("jeux.xlsx", "classeur Excel (.xlsx) illisible"),
        ("jeux.ods", "classeur OpenDocument (.ods) illisible"),
    ],
)
def test_a_damaged_workbook_is_refused_by_its_name(name, message):
    damaged = xlsx()[:400]
    with pytest.raises(RecordError) as refused:
        parse_file(name, damaged)
    assert message in str(refused.value)


def test_an_xlsx_whose_sheet_is_broken_is_refused(db):
    source = io.BytesIO(xlsx())
    out = io.BytesIO()
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(out, "w") as broken:
        for item in original.infolist():
            data = original.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data[: len(data) // 2]
            broken.writestr(item, data)
    report, _ = import_run(files=[("jeux.xlsx", out.getvalue())], origin="test")
    assert "classeur Excel (.xlsx) illisible" in report.files[0]["error"]["message"]
    assert Game.objects.count() == 0


def test_a_zip_bomb_is_refused_before_unpacking(db, monkeypatch):
    monkeypatch.setattr(spreadsheet_format, "MAX_UNPACKED_BYTES", 1000)
    report, _ = import_run(files=[("jeux.xlsx", xlsx())], origin="test")
    assert "il se décompresse en plus de" in report.files[0]["error"]["message"]
    assert report.totals()["rejected"] == 1
    assert Game.objects.count() == 0


def test_a_zip_that_is_no_workbook_stays_a_binary_file():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("notes.txt", "bonjour")
    with pytest.raises(RecordError, match="fichier binaire"):
        parse_file("notes.zip", out.getvalue())
