"""CSV export never hands a spreadsheet a formula, and reads its own escaping back (issue 9,
item 4)."""

from __future__ import annotations

import csv
import io

import pytest

from catalogue import services
from catalogue.models import Game
from importers.columns import neutralise_formula, restore_formula
from importers.csv_format import parse_csv, write_csv
from importers.export import catalogue_export
from importers.records import AuthorCredit, GameRecord
from importers.services import import_run

DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


def cells(data: bytes) -> list[str]:
    rows = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";")
    return [cell for row in rows for cell in row]


@pytest.mark.parametrize(
    "value",
    ["=1+1", "+33 1", "-5", "@SUM(A1)", "\tx", "\rx", "'=x", "''-y", "'plain", "a\n- b\n'=c"],
)
def test_neutralised_cells_read_back_to_the_original(value):
    escaped = neutralise_formula(value)
    assert not [line for line in escaped.split("\n") if line.startswith(DANGEROUS)]
    assert restore_formula(escaped) == value


def test_plain_cells_are_written_as_they_are():
    assert neutralise_formula("Alcatraz") == "Alcatraz"
    assert neutralise_formula("'quoted'") == "'quoted'"


@pytest.mark.django_db
def test_sample_catalogue_export_has_no_cell_a_spreadsheet_would_run(imported):
    data = catalogue_export(fmt="csv").data
    lines = [line for cell in cells(data) for line in cell.split("\n")]
    assert not [line for line in lines if line.startswith(DANGEROUS)]
    # The Alcatraz rules' « - On déplace un prisonnier… », escaped, and read back verbatim.
    assert any(line.startswith("'- On déplace un prisonnier") for line in lines)
    report, _ = import_run(files=[("catalogue.csv", data)], origin="test")
    assert {r["action"] for r in report.files[0]["records"]} == {"unchanged"}
    assert "\n- On déplace un prisonnier" in Game.objects.get(title="Alcatraz").rules_text


@pytest.mark.django_db
def test_export_then_import_of_formula_like_text_changes_nothing(imported):
    game = Game.objects.get(title="Alcatraz")
    game.principle = '=HYPERLINK("http://evil.example")'
    game.components = "'=already quoted"
    services.game_save(game=game, credits=[("@Someone", "+Role")])
    export = catalogue_export(fmt="csv")
    before = Game.objects.get(pk=game.pk)
    report, _ = import_run(files=[(export.filename, export.data)], origin="test")
    assert report.files[0]["error"] is None
    assert {r["action"] for r in report.files[0]["records"]} == {"unchanged"}
    after = Game.objects.get(pk=game.pk)
    assert (after.principle, after.components) == (before.principle, before.components)
    assert [(c.author.name, c.role) for c in after.credits.all()] == [("@Someone", "+Role")]


def test_written_csv_with_formulas_parses_to_the_same_record():
    record = GameRecord(
        title="-Moins", source_name="x.csv", source_format="csv",
        authors=[AuthorCredit("=Nom", "Auteur")], principle="+ plus", rules_text="@règle",
    )  # fmt: skip
    (back,) = parse_csv(write_csv([record]), "x.csv")
    assert (back.title, back.authors, back.principle, back.rules_text) == (
        "-Moins", [AuthorCredit("=Nom", "Auteur")], "+ plus", "@règle",
    )  # fmt: skip
