"""Pow Wow through the setup page: the record's 3 to 6 players, and its two-player variant."""

from django.urls import reverse

from play.services.matches import seat_range
from tests.factories import make_game


def test_the_two_player_variant_is_offered_beside_the_records_range(client, db):
    game = make_game("Pow Wow", engine="powwow", min_players=3, max_players=6)
    assert seat_range(game) == (2, 6)
    response = client.post(
        reverse("play:setup", args=[game.slug]),
        {"players": 2, "seat_0": "local", "seat_1": "bot:beginner", "option_first_roller": "0"},
    )
    assert response.status_code == 302
    code = response["Location"].split("/parties/")[1].split("/")[0]
    answer = client.get(reverse("api-match", args=[code])).json()
    assert len(answer["seats"]) == 2


def test_a_game_without_variant_keeps_the_records_range(db):
    game = make_game("Alcatraz", engine="alcatraz", min_players=3, max_players=4)
    assert seat_range(game) == (3, 4)
