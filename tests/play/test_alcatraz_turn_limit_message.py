"""Alcatraz's refusal of a new table's ``turn_limit`` says what a new table may choose (a whole
number of turns from 1 to the cap), in the reader's language: not « 0: no limit », which only
stored matches may hold (issue: « -1 » was answered with the stored matches' message)."""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import InvalidOptions
from play.games.alcatraz.engine import TURN_LIMIT_REFUSED
from play.games.alcatraz.state import MAX_TURN_LIMIT
from play.games.registry import get_engine, get_game
from play.models import Match
from tests.factories import make_game

API = "/api/v1/matches/"
REFUSED = [-1, 0, MAX_TURN_LIMIT + 1, -(10**30), "abc", True, 1.5, None]


@pytest.mark.parametrize("limit", REFUSED)
def test_the_engine_refuses_a_new_tables_limit_with_its_bounds(limit):
    with pytest.raises(InvalidOptions) as refused:
        get_engine("alcatraz").validate_options(2, {"turn_limit": limit})
    assert refused.value.option == "turn_limit"
    assert str(refused.value) == TURN_LIMIT_REFUSED
    assert f"from 1 to {MAX_TURN_LIMIT}." in TURN_LIMIT_REFUSED
    assert "no limit" not in TURN_LIMIT_REFUSED


def test_a_stored_match_without_a_limit_still_loads():
    """0 (« no limit ») is refused for new tables only: matches saved with it still load."""
    engine = get_engine("alcatraz")
    data = engine.to_dict(engine.new_game(seats=2, options={}, rng=random.Random(0)))
    data["options"]["turn_limit"] = 0
    assert engine.from_dict(data).turn_limit == 0


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "le nombre de tours sans embarquement avant la partie nulle est un nombre entier "
         "de 1 à 2\xa0000."),
        ("en", "the number of turns without a boarding before the game is drawn is a whole "
         "number from 1 to 2,000."),
    ],
)  # fmt: skip
@pytest.mark.parametrize("limit", [-1, 0, MAX_TURN_LIMIT + 1, "abc"])
def test_the_api_says_the_accepted_limits_in_the_clients_language(
    client, db, language, expected, limit
):
    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    body = {"game": game.slug, "seats": [{"kind": "local"}] * 2, "options": {"turn_limit": limit}}
    response = client.post(
        API, json.dumps(body), content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "invalid_options" and answer["option"] == "turn_limit"
    assert answer["message"].endswith(expected)
    assert "pas de limite" not in answer["message"] and "no limit" not in answer["message"]
    assert not Match.objects.exists()


def test_other_refused_options_keep_the_engines_reason():
    with pytest.raises(InvalidOptions) as refused:
        get_game("alcatraz").validate_options(seats=2, options={"alarm": "oui"})
    assert refused.value.option == "alarm" and str(refused.value) == "alarm must be true or false."
