"""Printable box labels: the game's essentials and a QR code that decodes to its public page."""

import re

import pytest
import zxingcpp
from django.contrib.auth import get_user_model
from django.urls import reverse

from catalogue.models import Game
from tests.factories import make_game

STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")
PIXELS_PER_MODULE = 4


@pytest.fixture
def games(db):
    return [
        make_game(
            "Alcatraz",
            category=STRATEGY,
            min_players=2,
            max_players=4,
            min_age=10,
            duration_minutes=25,
        ),
        make_game("Ta Yü", category=STRATEGY, min_players=2, max_players=4, min_age=10),
        make_game("Bataclan"),
    ]


def qr_matrix(svg: str) -> list[list[bool]]:
    """The dark modules of a segno SVG: one path of horizontal runs (M/m moves, h runs)."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    path = re.search(r' d="([^"]+)"', svg).group(1)
    matrix = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, args in re.findall(r"([MmHh])([^MmHh]*)", path):
        numbers = [float(n) for n in args.replace(",", " ").split()]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        else:  # h: a run of dark modules on row y
            end = x + numbers[0] if command == "h" else numbers[0]
            for column in range(int(x), int(end)):
                matrix[int(y)][column] = True
            x = end
    return matrix


def decode(svg: str) -> str:
    """Render the served SVG's modules to a grey image and read it with zxing-cpp."""
    matrix = qr_matrix(svg)
    side = len(matrix) * PIXELS_PER_MODULE
    pixels = bytearray(
        0 if matrix[row // PIXELS_PER_MODULE][column // PIXELS_PER_MODULE] else 255
        for row in range(side)
        for column in range(side)
    )
    result = zxingcpp.read_barcode(memoryview(pixels).cast("B", (side, side)))
    assert result is not None, "no QR code found"
    return result.text


def label_svgs(html: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="label-qr".*?</svg>', html, re.S)


def test_label_shows_title_players_age_duration_and_esar_code(client, librarian, games):
    response = client.get(reverse("admin:catalogue_game_label", args=[games[0].pk]))
    html = response.content.decode()
    assert response.status_code == 200
    for expected in ("Alcatraz", "2 à 4 joueurs", "10 ans et +", "25 min", "A 406"):
        assert expected in html, expected
    assert "labels-single" in html


def test_label_qr_code_decodes_to_the_games_public_url(client, librarian, games):
    html = client.get(reverse("admin:catalogue_game_label", args=[games[0].pk])).content.decode()
    (svg,) = label_svgs(html)
    assert decode(svg) == "http://testserver/jeux/alcatraz/"


def test_sheet_of_selected_games_has_one_label_each(client, librarian, games):
    chosen = games[:2]
    response = client.post(
        reverse("admin:catalogue_game_changelist"),
        {"action": "print_labels", "_selected_action": [g.pk for g in chosen]},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "labels-sheet" in html
    svgs = label_svgs(html)
    assert sorted(decode(svg) for svg in svgs) == sorted(
        f"http://testserver{g.get_absolute_url()}" for g in chosen
    )
    assert "Bataclan" not in html


def test_label_pages_have_no_inline_script_or_style(client, librarian, games):
    html = client.get(reverse("admin:catalogue_game_label", args=[games[0].pk])).content.decode()
    assert "<script>" not in html and re.search(r"<script(?![^>]*\bsrc=)", html) is None
    assert " style=" not in html and "<style" not in html
    assert re.search(r"\son[a-z]+=", html) is None


def test_game_form_links_to_its_label(client, librarian, games):
    html = client.get(reverse("admin:catalogue_game_change", args=[games[0].pk])).content.decode()
    assert reverse("admin:catalogue_game_label", args=[games[0].pk]) in html


def test_label_is_for_librarians_only(client, games):
    url = reverse("admin:catalogue_game_label", args=[games[0].pk])
    response = client.get(url)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    visitor = get_user_model().objects.create_user("bob", password="x-unused-x", is_staff=True)
    client.force_login(visitor)
    assert client.get(url).status_code == 403


def test_label_of_an_unknown_game_is_404(client, librarian, db):
    assert not Game.objects.filter(pk=999).exists()
    assert client.get(reverse("admin:catalogue_game_label", args=[999])).status_code == 404
