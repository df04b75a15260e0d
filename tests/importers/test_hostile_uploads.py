"""Hostile uploads (issue 42): XML entities, oversized CSV cells, and every other shape of file
that used to raise something other than an import error. Each is refused with a French message
naming the file (and the record and field when known), and nothing of it is written."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from catalogue.models import Author, Game, Publisher
from importers import services as import_services
from importers.records import GameRecord
from importers.services import import_run

pytestmark = pytest.mark.django_db

URL = "/api/v1/imports/"
EXPORTS = Path(__file__).resolve().parents[2] / "samples" / "exports"
MARC_NS = "http://www.loc.gov/MARC21/slim"
LEADER = "00000nrm  2200000   450 "


def marc_xml(title: str, *, prolog: str = "", declaration: bool = True) -> str:
    """One MARC XML record titled ``title`` (raw XML: it may hold an entity reference)."""
    start = '<?xml version="1.0" encoding="UTF-8"?>\n' if declaration else ""
    return (
        f'{start}{prolog}<collection xmlns="{MARC_NS}"><record><leader>{LEADER}</leader>'
        f'<datafield tag="200" ind1="1" ind2=" "><subfield code="a">{title}</subfield>'
        "</datafield></record></collection>\n"
    )


BOMB = '<!DOCTYPE collection [<!ENTITY big "' + "x" * 1000 + '">]>\n'
XML_WITH_ENTITIES = {
    "doctype-after-a-comment.xml": marc_xml(
        "&big;" * 50, prolog="<!-- export PMB -->\n" + BOMB, declaration=False
    ).encode(),
    "doctype-after-blank-lines.xml": (
        "\n\n  \n" + marc_xml("&big;" * 50, prolog=BOMB, declaration=False)
    ).encode(),
    "doctype-far-down.xml": marc_xml(
        "&big;" * 50, prolog="<!--" + " " * 5000 + "-->\n" + BOMB
    ).encode(),
    "doctype-in-utf-16.xml": codecs.BOM_UTF16_LE
    + marc_xml("&big;" * 50, prolog=BOMB)
    .replace('encoding="UTF-8"', 'encoding="UTF-16"')
    .encode("utf-16-le"),
    "entity-bomb.xml": marc_xml(
        "&c;" * 10,
        prolog='<!DOCTYPE collection [<!ENTITY a "' + "x" * 1000 + '">'
        '<!ENTITY b "' + "&a;" * 50 + '"><!ENTITY c "' + "&b;" * 50 + '">]>\n',
    ).encode(),
    "external-entity.xml": marc_xml(
        "&secret;", prolog='<!DOCTYPE collection [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    ).encode(),
    "external-dtd.xml": marc_xml(
        "Jeu", prolog='<!DOCTYPE collection SYSTEM "http://example.invalid/marc.dtd">\n'
    ).encode(),
    "parameter-entity.xml": marc_xml(
        "Jeu",
        prolog='<!DOCTYPE collection [<!ENTITY % p SYSTEM "http://example.invalid/p">%p;]>\n',
    ).encode(),
}

CSV_HEADER = "titre;auteurs;editeur;regle\n"
OVERSIZED_CELL = CSV_HEADER + "Jeu court;Anne, Auteur;Gigamic;But\nJeu;Anne, Auteur;Gigamic;"
OVERSIZED_CELL += "x" * 140_000 + "\n"


def catalogue_json_document(games: str) -> bytes:
    return b'{"format": "catalogue-json", "version": 1, "games": ' + games.encode() + b"}"


def iso2709(leader_middle: bytes = b"nrm  22", entry: bytes | None = None) -> bytes:
    """One ISO 2709 record « Jeu », with a leader or directory entry that may be bogus."""
    data = b"1 \x1faJeu\x1e"
    directory = entry or b"200%04d00000" % len(data)
    base = 24 + len(directory) + 1
    length = base + len(data) + 1
    leader = b"%05d" % length + leader_middle + b"%05d" % base + b"   450 "
    return leader + directory + b"\x1e" + data + b"\x1d"


#: Shapes that once raised (500) or must keep being refused cleanly: name → (bytes, message part).
HOSTILE_SHAPES = {
    **{name: (data, "DOCTYPE") for name, data in XML_WITH_ENTITIES.items()},
    "oversized-cell.csv": (OVERSIZED_CELL.encode(), "131\u202f072 caractères"),
    "unclosed-quote.csv": (
        (CSV_HEADER + 'Jeu;"Anne, Auteur;Gigamic;' + "But\n" * 40_000).encode(),
        "guillemet non refermé",
    ),
    "oversized-header.csv": (
        ("titre;auteurs;" + "x" * 140_000 + "\nJeu;a\n").encode(),
        "131\u202f072",
    ),
    "huge-number.csv": (("titre;joueurs_min\nJeu;" + "9" * 5000 + "\n").encode(), "hors limites"),
    "deep-nesting.json": (catalogue_json_document("[" * 50_000 + "]" * 50_000), "imbriqués"),
    "deep-authors.json": (
        catalogue_json_document('[{"title": "Jeu", "authors": ' + "[" * 5000 + "]" * 5000 + "}]"),
        "imbriqués",
    ),
    "huge-integer.json": (
        catalogue_json_document('[{"title": "Jeu", "min_players": ' + "9" * 5000 + "}]"),
        "chiffres",
    ),
    "lone-surrogate.json": (catalogue_json_document('[{"title": "\\ud800"}]'), "isolé"),
    "nul-character.json": (catalogue_json_document('[{"title": "a\\u0000b"}]'), "NUL"),
    "latin-1.json": (
        '{"format": "catalogue-json", "version": 1, "games": [{"title": "é"}]}'.encode("latin-1"),
        "encodage",
    ),
    "nul-bytes.txt": (b"| Titre : |\nJeu\x00 |\n", "octets nuls"),
    "huge-number.txt": (
        ("| Titre : |\nJeu |\n| Nombre minimum de joueurs : |\n" + "9" * 5000 + " |\n").encode(),
        "hors limites",
    ),
    "non-ascii-leader.mrc": (iso2709(leader_middle=b"n\xe9m  22"), "non ASCII"),
    "superscript-base-address.mrc": (
        iso2709().replace(b"  2200037", b"  22000\xb27", 1),
        "non ASCII",
    ),
    "superscript-directory.mrc": (iso2709(entry=b"20000\xb2800000"), "répertoire invalide"),
    "bogus-leader.mrc": (iso2709().replace(b"  2200037", b"  22xxxxx", 1), "adresse de base"),
    "truncated.mrc": (iso2709()[:-5], "tronquée"),
    "malformed.xml": (marc_xml("<b>Jeu</subfield>").encode(), "XML mal formé"),
    # These took seconds to hours in regular expressions that backtracked (each comment or
    # bracket pair doubled the MARC XML detection's time; a label line of blanks took 36 ms).
    "many-comments.xml": (b"<!-- -->" * 24 + b"<x/>", "format inconnu"),
    "many-brackets.xml": (b"<!DOCTYPE " + b"[]" * 24 + b"x", "format inconnu"),
    "blank-label-lines.txt": (((" " * 98 + "|\n") * 300).encode(), "format inconnu"),
}


@pytest.fixture
def token_client(librarian_user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=librarian_user).key}")
    return client


def written() -> tuple[int, int, int]:
    return Game.objects.count(), Author.objects.count(), Publisher.objects.count()


def only_error(report) -> dict:
    (entry,) = report.files
    assert entry["error"] is not None, entry
    assert entry["records"] == [] and report.totals()["created"] == 0
    return entry["error"]


# ----------------------------------------------------------------------------- XML entities


@pytest.mark.parametrize("name", list(XML_WITH_ENTITIES))
def test_xml_with_a_doctype_anywhere_is_refused_and_nothing_written(name):
    before = written()
    report, _ = import_run(files=[(name, XML_WITH_ENTITIES[name])], origin="test")
    error = only_error(report)
    assert error["file"] == name and error["field"] == "DOCTYPE"
    assert "déclaration DOCTYPE" in error["message"] and "refusé" in error["message"]
    assert written() == before


def test_an_entity_bomb_is_refused_before_its_entities_are_expanded(monkeypatch):
    """The refusal comes from the parser, not a size check on the expanded text."""
    monkeypatch.setattr(import_services, "_check_size", lambda record, limit: None)
    report, _ = import_run(
        files=[("bomb.xml", XML_WITH_ENTITIES["entity-bomb.xml"])], origin="test"
    )
    assert "DOCTYPE" in only_error(report)["message"]
    assert Game.objects.count() == 0


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_normal_marc_xml_still_imports(encoding):
    data = (EXPORTS / "catalogue.xml").read_bytes()
    if encoding == "utf-16":
        text = data.decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"')
        data = text.encode("utf-16")
    report, _ = import_run(files=[("catalogue.xml", data)], origin="test")
    assert report.totals() == {**report.totals(), "created": 5, "rejected": 0}
    assert Game.objects.get(slug="ta-yu").source_format == "unimarc-xml"


def test_a_record_longer_than_a_file_may_be_is_refused(monkeypatch):
    """Whatever a parser made of it, a record's decoded text is bounded like the upload."""
    record = GameRecord(
        title="Jeu", source_name="petit.xml", source_format="unimarc-xml", rules_text="x" * 2000
    )
    parsed = import_services.ParsedFile("unimarc-xml", [record], lambda: (1, 1))
    monkeypatch.setattr(import_services, "parse_source", lambda *a, **k: parsed)
    report, _ = import_run(files=[("petit.xml", b"<x/>")], origin="test", max_bytes=1000)
    error = only_error(report)
    assert (error["file"], error["record"]) == ("petit.xml", "Jeu")
    assert "2003 caractères" in error["message"] and "1000 octets" in error["message"]
    assert Game.objects.count() == 0


def test_a_record_within_the_limit_imports(monkeypatch):
    record = GameRecord(
        title="Jeu", source_name="petit.xml", source_format="unimarc-xml", rules_text="x" * 900
    )
    parsed = import_services.ParsedFile("unimarc-xml", [record], lambda: (1, 1))
    monkeypatch.setattr(import_services, "parse_source", lambda *a, **k: parsed)
    report, _ = import_run(files=[("petit.xml", b"<x/>")], origin="test", max_bytes=1000)
    assert report.totals()["created"] == 1


# ----------------------------------------------------------------------------- CSV field limit


def test_an_oversized_csv_cell_names_file_line_and_column():
    report, _ = import_run(files=[("jeux.csv", OVERSIZED_CELL.encode())], origin="test")
    error = only_error(report)
    assert (error["file"], error["record"], error["field"]) == ("jeux.csv", "ligne 3", "regle")
    assert error["message"].startswith("ligne 3 : cellule de plus de 131\u202f072 caractères")
    assert Game.objects.count() == 0  # the good line before it is not written either


def test_an_unclosed_quote_names_the_line_it_opened_on_and_its_column():
    data = CSV_HEADER + 'Jeu;A, Auteur;Gigamic;But\n\nAutre;"A, Auteur;Gigamic;' + "x\n" * 70_000
    report, _ = import_run(files=[("jeux.csv", data.encode())], origin="test")
    error = only_error(report)
    assert (error["record"], error["field"]) == ("ligne 4", "auteurs")


def test_an_oversized_cell_beyond_the_header_is_named_by_its_position():
    data = CSV_HEADER + "Jeu;A, Auteur;Gigamic;But;" + "x" * 140_000 + "\n"
    error = only_error(import_run(files=[("jeux.csv", data.encode())], origin="test")[0])
    assert error["field"] == "colonne n° 5"


def test_an_oversized_cell_in_a_streamed_file_is_refused_the_same_way(tmp_path, settings):
    settings.IMPORT_STREAM_BYTES = 0  # every file on disk is read one record at a time
    path = tmp_path / "jeux.csv"
    path.write_bytes(OVERSIZED_CELL.encode())
    report, _ = import_run(files=[("jeux.csv", path)], origin="test", max_bytes=None)
    error = only_error(report)
    assert (error["record"], error["field"]) == ("ligne 3", "regle")
    assert Game.objects.count() == 0


def test_the_csv_field_limit_is_left_as_it_is():
    import csv

    limit = csv.field_size_limit()
    import_run(files=[("jeux.csv", OVERSIZED_CELL.encode())], origin="test")
    assert csv.field_size_limit() == limit == 131_072


def test_an_oversized_csv_cell_posted_to_the_api_is_reported_not_a_500(token_client):
    """The API's contract for a bad file: the import succeeds, the file's report carries the
    error (file, record, field, message), the other files still import."""
    files = [
        SimpleUploadedFile("jeux.csv", OVERSIZED_CELL.encode()),
        SimpleUploadedFile("bon.csv", (CSV_HEADER + "Bon jeu;A, Auteur;Gigamic;But\n").encode()),
    ]
    response = token_client.post(URL, {"files": files}, format="multipart")
    assert response.status_code == 202
    detail = token_client.get(response["Location"]).json()
    assert detail["status"] == "applied"
    bad, good = detail["report"]["files"]
    assert bad["error"] == {
        "file": "jeux.csv",
        "record": "ligne 3",
        "field": "regle",
        "message": "ligne 3 : cellule de plus de 131\u202f072 caractères, la limite du format CSV "
        "(guillemet non refermé ?)",
    }
    assert good["error"] is None
    assert list(Game.objects.values_list("title", flat=True)) == ["Bon jeu"]


# ----------------------------------------------------------------------------- every shape


@pytest.mark.parametrize("dry_run", [True, False], ids=["dry-run", "import"])
@pytest.mark.parametrize("name", list(HOSTILE_SHAPES))
def test_hostile_upload_is_an_import_error_naming_the_file(token_client, name, dry_run):
    data, message_part = HOSTILE_SHAPES[name]
    before = written()
    response = token_client.post(
        URL,
        {"files": [SimpleUploadedFile(name, data)], "dry_run": json.dumps(dry_run)},
        format="multipart",
    )
    # Answered at once; the import's report names the file and why nothing of it was kept.
    assert response.status_code == 202
    detail = token_client.get(response["Location"]).json()
    assert detail["status"] == ("pending" if dry_run else "applied")
    assert detail["report"]["totals"]["rejected"] == 1 == detail["progress"]["files_rejected"]
    (entry,) = detail["report"]["files"]
    assert entry["error"]["file"] == name
    assert message_part in entry["error"]["message"]
    assert entry["records"] == [] and written() == before


@pytest.mark.parametrize("name", ["entity-bomb.xml", "oversized-cell.csv", "deep-nesting.json"])
def test_hostile_upload_on_the_admin_screen_is_reported(client, librarian_user, name):
    client.force_login(librarian_user)
    response = client.post(
        reverse("admin:importers_upload"),
        {"files": [SimpleUploadedFile(name, HOSTILE_SHAPES[name][0])]},
    )
    assert response.status_code == 302
    confirm = client.get(response["Location"])
    assert confirm.status_code == 200 and HOSTILE_SHAPES[name][1] in confirm.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize("pk", ["²", "9" * 5000, "99999999999999999999"])
def test_an_import_id_that_is_no_number_is_a_404(token_client, pk):
    response = token_client.get(f"{URL}{pk}/")
    assert response.status_code == 404 and response.json()["detail"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("many-comments.xml", False),
        ("<!-- export -->\n<!-- PMB -->\n<collection>", True),
        ('<!DOCTYPE collection [<!ENTITY e "a>]b">]>\n<marc:record xmlns:marc="x">', True),
        ('<?xml version="1.0"?>\n<?pi x?>\n<record/>', True),
        ("<!-- <collection> ", False),
        ("<!DOCTYPE x [ <collection>", False),
        ("<html><body>", False),
    ],
)
def test_marc_xml_is_recognised_after_any_prolog(text, expected):
    from importers.marc_files import looks_like_marcxml

    text = HOSTILE_SHAPES[text][0].decode() if text in HOSTILE_SHAPES else text
    assert looks_like_marcxml(text) is expected


@pytest.mark.parametrize(
    "line, label",
    [
        ("| Titre : |", "Titre"),
        ("Titre : |", "Titre"),
        ("  |  Nombre minimum de joueurs :  |  ", "Nombre minimum de joueurs"),
        ("|Titre:|", "Titre"),
        (" " * 98 + "|", None),
        ("| Titre : | Alcatraz", None),
        ("|| Titre : |", None),
        ("| Ti|tre : |", None),
        ("| a : b : |", None),
        ("| 12 : |", None),
    ],
)
def test_label_lines_are_read_as_before(line, label):
    from importers.pmb_text import _label_of

    assert _label_of(line) == label
