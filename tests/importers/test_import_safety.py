"""No database error ever reaches a librarian: duplicate credits are merged with a remark, and
what the database would refuse is refused first, naming the field (issue 9, item 8)."""

from __future__ import annotations

import json

import pytest

from catalogue.models import Credit, Game
from importers.models import ImportBatch
from importers.services import import_run

pytestmark = pytest.mark.django_db

HEADER = "titre;auteurs;editeur;categorie;joueurs_min;joueurs_max;regle\n"


def csv_file(rows: list[str]) -> bytes:
    return (HEADER + "\n".join(rows) + "\n").encode("utf-8")


def only_file(report) -> dict:
    (entry,) = report.files
    return entry


def test_duplicate_credit_is_merged_with_a_remark_and_the_file_imports():
    rows = [f"Jeu {n};Anne Martin, Auteur;Gigamic;A 406 jeu;2;4;But du jeu" for n in range(200)]
    rows[120] = 'Jeu 120;"Hervé Petits, Auteur; Hervé Petits, Auteur";Gigamic;A 406 jeu;2;4;But'
    report, batch = import_run(files=[("collection.csv", csv_file(rows))], origin="test")
    entry = only_file(report)
    assert entry["error"] is None and report.totals()["created"] == 200
    assert any("Hervé Petits, Auteur" in w and "deux fois" in w for w in entry["warnings"])
    game = Game.objects.get(title="Jeu 120")
    assert [(c.author.name, c.role) for c in game.credits.all()] == [("Hervé Petits", "Auteur")]
    assert ImportBatch.objects.get(pk=batch.pk).report["files"][0]["warnings"]


def test_same_person_in_other_case_and_accents_is_one_credit():
    rows = ['Jeu;"Hervé Petits, Auteur; HERVÉ PETITS, auteur";Gigamic;A 406 jeu;2;4;But']
    report, _ = import_run(files=[("x.csv", csv_file(rows))], origin="test")
    assert only_file(report)["error"] is None
    assert Credit.objects.count() == 1


def catalogue_json(**game) -> bytes:
    document = {"format": "catalogue-json", "version": 1, "games": [{"title": "Jeu", **game}]}
    return json.dumps(document).encode()


LONG = "x" * 400
BAD_FILES = {
    "nul-in-csv-rules": csv_file(["Jeu;A, Auteur;Gigamic;A 406 jeu;2;4;But\x00du jeu"]),
    "nul-in-csv-title": csv_file(["Je\x00u;A, Auteur;Gigamic;A 406 jeu;2;4;But"]),
    "long-author": csv_file([f"Jeu;{LONG}, Auteur;Gigamic;A 406 jeu;2;4;But"]),
    "long-role": csv_file([f"Jeu;Anne, {LONG};Gigamic;A 406 jeu;2;4;But"]),
    "long-publisher": csv_file([f"Jeu;A, Auteur;{LONG};A 406 jeu;2;4;But"]),
    "long-category": csv_file([f"Jeu;A, Auteur;Gigamic;A 406 {LONG};2;4;But"]),
    "long-title": csv_file([f"{LONG};A, Auteur;Gigamic;A 406 jeu;2;4;But"]),
    "huge-number": csv_file(["Jeu;A, Auteur;Gigamic;A 406 jeu;2;99999999999;But"]),
    "json-surrogate": catalogue_json(principle="\ud800"),
    "json-surrogate-title": catalogue_json(title="J\udfffeu"),
    "json-nul-author": catalogue_json(authors=[{"name": "A\u0000B", "role": "Auteur"}]),
    "json-long-code": catalogue_json(category={"code": LONG, "label": "x", "family": ""}),
    "json-nul-section": catalogue_json(rules_sections=[{"heading": "\u0000", "body": ""}]),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_what_the_database_would_refuse_is_a_named_field_error(kind):
    name = "x.json" if kind.startswith("json") else "x.csv"
    report, batch = import_run(files=[(name, BAD_FILES[kind])], origin="test")
    error = only_file(report)["error"]
    assert error is not None, kind
    assert error["message"] and "base de données" not in error["message"], error
    assert error["field"] or "binaire" in error["message"], error  # NUL: a binary file
    assert not Game.objects.exists()
    stored = ImportBatch.objects.get(pk=batch.pk).report  # the report itself could be stored
    json.dumps(stored, ensure_ascii=False).encode("utf-8")


def test_a_file_name_with_nul_is_stored_readably():
    rows = ["Jeu;A, Auteur;Gigamic;A 406 jeu;2;4;But"]
    report, batch = import_run(files=[("a\x00b.csv", csv_file(rows))], origin="test")
    assert only_file(report)["name"] == "a\u2400b.csv"
    assert ImportBatch.objects.get(pk=batch.pk).report["files"][0]["name"] == "a\u2400b.csv"
