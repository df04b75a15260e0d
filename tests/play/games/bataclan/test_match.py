"""Bataclan through the match machinery and the pages: bots answer, refusals change nothing."""

import pytest
from django.urls import reverse

from play.errors import IllegalMoveError
from play.games.bataclan import GAME
from play.selectors import match_state
from play.services import SeatSpec, match_advance_bots, match_play_move, match_start
from play.tokens import token_for
from tests.factories import make_game

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
        place = [m for m in moves if m["type"] == "place" and m["steadiness"] == 0.8]
        move = place[0] if place else moves[0]
        match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    assert match_state(match=match, token=token)["status"] == "finished"
    assert match.moves.filter(by_bot=True).exists()


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
            move={"type": "place", "die": 0, "as": 1, "steadiness": 0.5},
            expected_version=version,
        )
    assert "Lancez d'abord vos dés" in str(error.value)
    match.refresh_from_db()
    assert match.version == version


def test_house_rules_and_every_example_page_render(client, bataclan_game):
    page = client.get(reverse("play:house_rules", args=["bataclan"]))
    assert page.status_code == 200 and "Partage des dés" in page.content.decode()
    for scenario in GAME.scenarios:
        page = client.get(reverse("play:scenario", args=["bataclan", scenario.key]))
        assert page.status_code == 200, scenario.key


def test_a_steadiness_off_the_grid_is_stored_as_the_engines_canonical_form(bataclan_game):
    match, token = match_start(game=bataclan_game, seats=[SeatSpec("local"), SeatSpec("local")])
    for _ in range(200):
        view = match_state(match=match, token=token)
        seat, moves = view["viewer"], view["legal_moves"]
        place = next((m for m in moves if m["type"] == "place"), None)
        if place is not None:
            break
        match_play_move(
            match=match, token=token, seat=seat, move=moves[0], expected_version=match.version
        )
    sent = {key: value for key, value in place.items() if key != "as"} | {"steadiness": 0.733}
    expected = ENGINE.canonical_move(ENGINE.from_dict(match.state), seat, sent)
    assert expected["steadiness"] == 0.75 and expected["as"] == place["as"]
    match_play_move(match=match, token=token, seat=seat, move=sent, expected_version=match.version)
    assert match.moves.order_by("-ply").first().move == expected


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
