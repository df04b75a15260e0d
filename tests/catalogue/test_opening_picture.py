"""A playable game without a photo of its box shows its board at the start of a game instead."""

from __future__ import annotations

import json
import re

import pytest

from catalogue.photos.services import photo_add, photo_prepare
from play.games.registry import games
from play.setup_glance import opening_view
from tests.factories import make_game

from .photo_files import photo_bytes

pytestmark = pytest.mark.django_db


def _setup_data(html: str) -> dict | None:
    found = re.search(r'<script id="setup-data" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1)) if found else None


@pytest.mark.parametrize("engine", sorted(games()))
def test_a_playable_game_without_a_photo_shows_its_opening_position(client, engine):
    package = games()[engine]
    low = package.engine.info.min_seats
    game = make_game(f"Le jeu {engine}", engine=engine, min_players=low, max_players=low)
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="game-opening"' in html
    data = _setup_data(html)
    assert data["engine"] == engine
    assert data["positions"] == {str(low): opening_view(engine, low)}
    for script in package.scripts:
        assert script in html
    # A picture, not a board to play on: out of the keyboard's and screen readers' way.
    assert f'data-seats="{low}" inert' in html


def test_a_photo_takes_the_opening_positions_place(client, media_root):
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    photo_add(game=game, processed=photo_prepare(photo_bytes((800, 600))), alt_text="La boîte")
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="game-opening"' not in html and _setup_data(html) is None
    assert 'alt="La boîte"' in html


def test_a_game_nobody_can_play_here_shows_no_board(client):
    game = make_game("Un jeu de cartes", min_players=2, max_players=4)
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'class="game-opening"' not in html and "board.js" not in html
