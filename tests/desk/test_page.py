"""« Le bureau des bibliothécaires »: staff only; the counts by week as charts and tables for a
chosen period; each table as CSV (safe file name, formulas neutralised)."""

import csv
import io
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from desk import counting
from desk.models import WeeklyCount
from tests.factories import make_game

Kind = WeeklyCount.Kind
URL = "/admin/bureau/"


def add(kind, key, count, weeks_ago=0):
    week = counting.this_week() - timedelta(weeks=weeks_ago)
    WeeklyCount.objects.create(week=week, kind=kind, key=key, count=count)


def read_csv(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")  # a BOM: spreadsheets read UTF-8
    return list(csv.reader(io.StringIO(body[1:]), delimiter=";"))


@pytest.fixture
def filled(db):
    game = make_game("Pow Wow")
    add(Kind.SEARCH, "", 40)
    add(Kind.SEARCH, "", 12, weeks_ago=1)
    add(Kind.SEARCH_EMPTY, "dixit", 7)
    add(Kind.SEARCH_EMPTY, "dixit", 2, weeks_ago=1)
    add(Kind.SEARCH_EMPTY, "les aventuriers du rail", 3, weeks_ago=20)
    add(Kind.SEARCH_WORD, "strategie", 9)
    add(Kind.FILTER, "players=4", 5)
    add(Kind.FILTER, "playable", 2)
    add(Kind.GAME_VIEW, str(game.pk), 11)
    add(Kind.GAME_VIEW, "999999", 1)
    add(Kind.GAME_PLAY, str(game.pk), 4)
    return game


def test_anonymous_visitors_are_sent_to_the_login(client, db):
    response = client.get(URL)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    response = client.get(URL, {"format": "csv", "table": "sans-resultat"})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_a_signed_in_person_who_is_not_staff_is_not_let_in(client, db):
    user = get_user_model().objects.create_user("visitor", password="x-1-long-password")
    client.force_login(user)
    response = client.get(URL, {"format": "csv", "table": "mots"})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_the_desk_says_what_it_keeps_and_for_how_long(client, librarian, filled, settings):
    settings.DESK_KEEP_WEEKS = 104
    page = client.get(URL).content.decode()
    assert "Le bureau des bibliothécaires" in page
    assert "aucune adresse" in page
    assert "gardés 104 semaines" in page


def test_the_desk_shows_each_table_for_the_period(client, librarian, filled):
    response = client.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    for title in [
        "Recherches sans résultat",
        "Mots les plus cherchés",
        "Filtres utilisés",
        "Jeux les plus consultés",
        "Jeux les plus joués",
        "Imports",
    ]:
        assert f">{title}</h2>" in page
    # The ranking, over the default 12 weeks: 7 + 2 searches; the one of 20 weeks ago is out.
    assert re.search(r"dixit</th><td class=\"desk-number\">9<", page)
    assert "les aventuriers du rail" not in page
    assert "strategie" in page
    assert "nombre de joueurs : 4" in page and ">jouable en ligne<" in page
    # A game by its title, linked to its admin page; a game since deleted says so.
    assert f'href="/admin/catalogue/game/{filled.pk}/change/">Pow Wow</a>' in page
    assert "jeu supprimé (n° 999999)" in page
    assert 'aria-current="page">12 dernières semaines' in page


def test_the_charts_are_svg_with_titles_and_a_table(client, librarian, filled):
    page = client.get(URL).content.decode()
    charts = re.findall(r"<svg viewBox=\"0 0 640 220\" role=\"img\"[^>]*>(.*?)</svg>", page, re.S)
    assert len(charts) == 6
    # One bar a week, each with its number in its title; this week's 40 searches.
    bars = re.findall(r"<rect class=\"desk-bar\"[^>]*><title>([^<]*)</title>", charts[1])
    assert len(bars) == 12
    assert bars[-1].endswith(": 40") and bars[-2].endswith(": 12")
    # The same numbers in a table for screen readers; no script anywhere.
    assert page.count('<div class="visually-hidden"><table>') == 6
    assert "<script" not in page.split('<div id="content"')[1]


def test_the_period_can_be_chosen(client, librarian, filled):
    page = client.get(URL, {"weeks": "52"}).content.decode()
    assert "les aventuriers du rail" in page
    assert 'aria-current="page">52 dernières semaines' in page
    page = client.get(URL, {"weeks": "4"}).content.decode()
    assert "les aventuriers du rail" not in page
    assert len(re.findall(r"<rect class=\"desk-bar\"", page)) == 6 * 4


@pytest.mark.parametrize("weeks", ["abc", "7", "-4", "1e9", "", "９", "4" * 5000])
def test_an_unknown_period_shows_the_default_one(client, librarian, filled, weeks):
    response = client.get(URL, {"weeks": weeks})
    assert response.status_code == 200
    assert 'aria-current="page">12 dernières semaines' in response.content.decode()


def test_each_table_downloads_as_csv(client, librarian, filled):
    response = client.get(URL, {"weeks": "12", "format": "csv", "table": "sans-resultat"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    week = counting.this_week()
    label = f"{week.isocalendar()[0]}-W{week.isocalendar()[1]:02d}"
    assert response["Content-Disposition"] == (
        f'attachment; filename="bureau-sans-resultat-12-semaines-{label}.csv"'
    )
    rows = read_csv(response)
    assert rows[0] == ["semaine", "lundi", "Mots cherchés", "nombre"]
    previous = week - timedelta(weeks=1)
    assert sorted(rows[1:]) == sorted(
        [
            [label, week.isoformat(), "dixit", "7"],
            [f"{previous.isocalendar()[0]}-W{previous.isocalendar()[1]:02d}",
             previous.isoformat(), "dixit", "2"],
        ]
    )  # fmt: skip


def test_the_games_csv_names_each_game_and_its_id(client, librarian, filled):
    rows = read_csv(client.get(URL, {"format": "csv", "table": "consultes"}))
    assert rows[0] == ["semaine", "lundi", "Jeu", "n° du jeu", "nombre"]
    assert {(row[2], row[3], row[4]) for row in rows[1:]} == {
        ("Pow Wow", str(filled.pk), "11"),
        ("jeu supprimé (n° 999999)", "999999", "1"),
    }


def test_the_imports_come_from_the_import_history(client, librarian, imported):
    page = client.get(URL).content.decode()
    assert "Aucun import confirmé" not in page
    rows = read_csv(client.get(URL, {"weeks": "4", "format": "csv", "table": "imports"}))
    assert rows[0] == [
        "semaine", "lundi", "imports", "jeux créés", "jeux mis à jour", "jeux à vérifier",
        "fichiers rejetés",
    ]  # fmt: skip
    assert len(rows) == 1 + 4
    assert rows[-1][2:4] == ["1", "5"]  # this week: one import, the five sample records


@pytest.mark.parametrize("cell", ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)"])
def test_csv_cells_are_never_formulas(client, librarian, db, cell):
    add(Kind.SEARCH_EMPTY, cell, 1)
    rows = read_csv(client.get(URL, {"format": "csv", "table": "sans-resultat"}))
    assert rows[1][2] == "'" + cell


@pytest.mark.parametrize("table", ["nope", "", "../../etc/passwd", "MOTS"])
def test_an_unknown_table_is_a_404(client, librarian, db, table):
    assert client.get(URL, {"format": "csv", "table": table}).status_code == 404


def test_a_nul_byte_is_refused_before_the_page(client, librarian, db):
    """The site's request guard answers 400 to a NUL byte, here as anywhere."""
    assert client.get(URL, {"format": "csv", "table": "mots\x00"}).status_code == 400
    assert client.get(URL, {"weeks": "4\x00"}).status_code == 400


def test_the_admin_index_links_the_desk_and_the_duplicates(client, librarian):
    page = client.get("/admin/").content.decode()
    assert 'href="/admin/bureau/"' in page and "Le bureau des bibliothécaires" in page
    assert 'href="/admin/doublons/"' in page and "Doublons probables" in page
