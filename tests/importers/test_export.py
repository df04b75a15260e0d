"""One catalogue, every format: the sample exports, catalogue export → re-import, admin actions."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.urls import reverse

from catalogue import services
from catalogue.models import Author, Category, Game, Publisher
from catalogue.roles import LIBRARIAN_GROUP
from importers.export import catalogue_export
from importers.formats import parse_file
from importers.models import ImportBatch
from importers.records import GameRecord, RecordError
from importers.services import import_run

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = ROOT / "samples" / "exports"
sys.path.insert(0, str(ROOT / "scripts"))
import make_test_exports  # noqa: E402


def comparable(record: GameRecord) -> dict:
    """Everything but where the record came from."""
    values = dict(record.__dict__)
    for provenance in ("source_name", "source_format", "record_index"):
        values.pop(provenance)
    return values


@pytest.fixture(scope="module")
def text_records() -> list[GameRecord]:
    return make_test_exports.sample_records()


@pytest.mark.parametrize(
    "name, fmt",
    [
        ("catalogue.mrc", "unimarc-iso2709"),
        ("catalogue.xml", "unimarc-xml"),
        ("catalogue.csv", "csv"),
        ("catalogue.json", "catalogue-json"),
    ],
)
def test_every_export_format_gives_the_five_sample_records_field_for_field(text_records, name, fmt):
    found, records = parse_file(name, (EXPORTS / name).read_bytes())
    assert found == fmt
    assert len(records) == 5
    assert [comparable(r) for r in records] == [comparable(r) for r in text_records]


def test_committed_sample_exports_are_what_the_script_writes(text_records):
    for name, data in make_test_exports.exports(text_records).items():
        assert (EXPORTS / name).read_bytes() == data, f"run scripts/make_test_exports.py ({name})"


# ----------------------------------------------------------------------------- catalogue export


def snapshot() -> list:
    """Every catalogue row, timestamps included: an import that changes nothing leaves it as is."""
    return [
        list(Game.objects.order_by("pk").values()),
        list(Author.objects.order_by("pk").values()),
        list(Publisher.objects.order_by("pk").values()),
        list(Category.objects.order_by("pk").values()),
        list(Game.authors.through.objects.order_by("pk").values()),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_reimporting_an_export_changes_nothing(imported, fmt):
    export = catalogue_export(fmt=fmt)
    before = snapshot()
    report, _ = import_run(files=[(export.filename, export.data)], origin="test")
    assert report.files[0]["error"] is None
    assert report.files[0]["format"] == ("csv" if fmt == "csv" else "catalogue-json")
    assert [r["action"] for r in report.files[0]["records"]] == ["unchanged"] * 5
    assert snapshot() == before


@pytest.mark.django_db
def test_json_export_keeps_hand_edits_that_csv_cannot_derive(imported):
    game = Game.objects.get(title="Alcatraz")
    game.rules_sections = [{"heading": "Tout", "body": game.rules_text}]
    game.review_fields = []
    game.min_players = None
    services.game_save(game=game)
    export = catalogue_export(fmt="json")
    before = snapshot()
    report, _ = import_run(files=[(export.filename, export.data)], origin="test")
    assert {r["action"] for r in report.files[0]["records"]} == {"unchanged"}
    assert snapshot() == before


@pytest.mark.django_db
def test_csv_export_has_one_row_per_game_with_the_french_header(imported):
    export = catalogue_export(fmt="csv")
    assert export.content_type.startswith("text/csv") and export.filename.endswith(".csv")
    rows = list(csv.reader(io.StringIO(export.data.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["titre", "type_document", "auteurs"]
    assert sorted(row[0] for row in rows[1:]) == [
        "Alcatraz", "Bataclan", "Pow wow", "Prairie ou Buffalo", "Ta Yü",
    ]  # fmt: skip
    by_title = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert by_title["Ta Yü"]["age_max"] == "99"  # no upper limit
    assert by_title["Prairie ou Buffalo"]["age_max"] == ""  # not catalogued
    assert by_title["Ta Yü"]["auteurs"] == "Niek Neuwahl, Auteur"


@pytest.mark.django_db
def test_json_export_is_valid_catalogue_json(imported):
    document = json.loads(catalogue_export(fmt="json").data)
    assert (document["format"], document["version"]) == ("catalogue-json", 1)
    ta_yu = next(g for g in document["games"] if g["title"] == "Ta Yü")
    assert ta_yu["category"] == {
        "code": "A 406", "label": "jeu de stratégie", "family": "jeu de règles",
    }  # fmt: skip
    assert ta_yu["authors"] == [{"name": "Niek Neuwahl", "role": "Auteur"}]


def test_catalogue_json_with_a_wrong_type_is_rejected_naming_game_and_key():
    data = json.dumps(
        {"format": "catalogue-json", "version": 1, "games": [{"title": "X", "min_players": "2"}]}
    ).encode()
    with pytest.raises(RecordError) as caught:
        parse_file("export.json", data)
    assert (caught.value.source_name, caught.value.record, caught.value.field) == (
        "export.json", "X", "min_players",
    )  # fmt: skip


def test_malformed_catalogue_json_is_rejected():
    with pytest.raises(RecordError) as caught:
        parse_file("export.json", b'{"format": "catalogue-json", "games": [')
    assert "JSON mal formé" in caught.value.message


# ----------------------------------------------------------------------------- through the import


@pytest.mark.django_db
def test_rejected_export_writes_nothing_and_the_others_still_import():
    good = (EXPORTS / "catalogue.xml").read_bytes()
    bad = (EXPORTS / "catalogue.mrc").read_bytes()[:-100]
    report, batch = import_run(files=[("bad.mrc", bad), ("good.xml", good)], origin="test")
    bad_entry, good_entry = report.files
    assert bad_entry["error"]["file"] == "bad.mrc" and bad_entry["records"] == []
    assert bad_entry["error"]["record"] == "n° 5"
    assert len(good_entry["records"]) == 5
    assert Game.objects.count() == 5
    assert batch.rejected == 1


@pytest.mark.django_db
def test_import_report_carries_the_file_warnings():
    data = b"titre;editeur;Couleur\nAlcatraz;F.X.;rouge\n"
    report, _ = import_run(files=[("jeux.csv", data)], origin="test", dry_run=True)
    assert report.to_dict()["files"][0]["warnings"] == ["colonne « Couleur » ignorée (nom inconnu)"]
    assert Game.objects.count() == 0


# ----------------------------------------------------------------------------- admin actions


@pytest.mark.django_db
@pytest.mark.parametrize(
    "action, content_type", [("export_csv", "text/csv"), ("export_json", "application/json")]
)
def test_librarian_exports_selected_games_from_the_admin(client, imported, action, content_type):
    user = get_user_model().objects.create_user("alice", password="x-unused-x", is_staff=True)
    user.groups.add(Group.objects.get(name=LIBRARIAN_GROUP))
    client.force_login(user)
    chosen = Game.objects.filter(title__in=["Ta Yü", "Alcatraz"])
    response = client.post(
        reverse("admin:catalogue_game_changelist"),
        {"action": action, "_selected_action": [g.pk for g in chosen]},
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert "attachment" in response["Content-Disposition"]
    _, records = parse_file("export", response.content)
    assert sorted(r.title for r in records) == ["Alcatraz", "Ta Yü"]
    assert ImportBatch.objects.filter(origin="test").count() == 1  # the export wrote nothing
