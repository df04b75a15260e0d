"""Bataclan through the match machinery and the pages: bots answer, refusals change nothing."""

import pytest
from django.urls import reverse

from play.errors import IllegalMoveError
from play.games.bataclan import GAME
from play.games.bataclan.engine import STEADINESS_GRID
from play.models import GestureChallenge
from play.selectors import match_state
from play.services.bot_turns import match_advance_bots
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move
from play.tokens import token_for
from tests.factories import make_game

from .helpers import first_placement, press

ENGINE = GAME.engine


@pytest.fixture
def bataclan_game(db):
    return make_game("Bataclan", engine="bataclan", min_players=2, max_players=6)


def test_a_person_plays_against_two_bots_to_the_end(bataclan_game):
    match, _ = match_start(
        game=bataclan_game,
        seats=[
            SeatSpec("invite"),
            SeatSpec("bot", bot_level="beginner"),
            SeatSpec("bot", bot_level="strong"),
        ],
    )
    token = token_for(match, "seat0")
    for _ in range(2000):
        view = match_state(match=match, token=token)
        if view["status"] == "finished":
            break
        moves = view["legal_moves"]
        if not moves:  # the bots' budget ran out (a busy machine): the next request plays them
            match_advance_bots(match=match)
            continue
        move = next((m for m in moves if m["type"] == "place"), moves[0])
        if move["type"] == "place":
            move = press(match, token, 0, move, error_ms=40)
        match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    assert match_state(match=match, token=token)["status"] == "finished"
    assert match.moves.filter(by_bot=True).exists()
    assert not GestureChallenge.objects.filter(match=match).exists()  # cleared at the end


def test_an_illegal_placement_is_refused_in_french_and_changes_nothing(bataclan_game):
    match, _ = match_start(game=bataclan_game, seats=[SeatSpec("invite"), SeatSpec("invite")])
    state = ENGINE.from_dict(match.state)
    seat = state.to_move
    token = token_for(match, f"seat{seat}")
    version = match.version
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(
            match=match,
            token=token,
            seat=seat,
            move={"type": "keep", "die": 0},
            expected_version=version,
        )
    assert "Tant que la pile n'est pas commencée" in str(error.value)
    match.refresh_from_db()
    assert match.version == version


def test_house_rules_and_every_example_page_render(client, bataclan_game):
    page = client.get(reverse("play:house_rules", args=["bataclan"]))
    assert page.status_code == 200 and "Partage des dés" in page.content.decode()
    for scenario in GAME.scenarios:
        page = client.get(reverse("play:scenario", args=["bataclan", scenario.key]))
        assert page.status_code == 200, scenario.key


def test_a_measured_steadiness_is_stored_in_the_engines_canonical_form(bataclan_game):
    match, token = match_start(game=bataclan_game, seats=[SeatSpec("local"), SeatSpec("local")])
    seat, place = first_placement(match, token)
    sent = press(match, token, seat, place, error_ms=23)
    match_play_move(match=match, token=token, seat=seat, move=sent, expected_version=match.version)
    stored = match.moves.order_by("-ply").first().move
    assert set(stored) == {"type", "die", "as", "steadiness"}
    assert stored["steadiness"] in STEADINESS_GRID and stored["steadiness"] < 1.0


def test_a_move_with_extra_keys_is_refused_and_changes_nothing(bataclan_game):
    match, token = match_start(game=bataclan_game, seats=[SeatSpec("local"), SeatSpec("local")])
    view = match_state(match=match, token=token)
    move = view["legal_moves"][0] | {"note": "x" * 1000}
    with pytest.raises(IllegalMoveError) as refused:
        match_play_move(
            match=match, token=token, seat=view["viewer"], move=move, expected_version=match.version
        )
    assert refused.value.details["rule"] == "malformed_move"
    match.refresh_from_db()
    assert match.plies == 0 and not match.moves.exists()
