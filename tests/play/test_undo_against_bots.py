"""Taking back a move against the computer: the bots' answers go back with it, never across
chance; with a friend at the table, only one's own last move before they answered."""

import json

import pytest

from play.errors import UndoRefused
from play.games.registry import get_engine
from play.models import MoveRecord
from play.selectors import match_state
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from play.tokens import token_for
from tests.factories import make_game

BUFFALO = get_engine("buffalo")
AGAINST_BOT = [SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]


def play_first_legal(match, token, seat):
    move = BUFFALO.legal_moves(BUFFALO.from_dict(match.state), seat)[0]
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=match.version)


def test_undo_after_the_bot_answered_restores_the_position_before_my_move(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=AGAINST_BOT)
    before = match.state
    play_first_legal(match, token, 0)
    assert match.plies == 2  # my move and the bot's answer
    view = match_state(match=match, token=token)
    assert view["can_undo"] and view["undo_seat"] == 0
    match_undo(match=match, token=token, seat=0, expected_version=match.version)
    match.refresh_from_db()
    assert match.state == before and match.plies == 0 and match.moves.count() == 0
    # The bot does not answer a move that is no longer there: it is my turn again.
    assert match_state(match=match, token=token)["to_act"] == [0]


def test_undo_goes_back_one_of_my_moves_at_a_time(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=AGAINST_BOT)
    play_first_legal(match, token, 0)
    after_first = match.state
    play_first_legal(match, token, 0)
    match_undo(match=match, token=token, seat=0, expected_version=match.version)
    match.refresh_from_db()
    assert match.state == after_first and match.plies == 2


def test_undo_never_crosses_a_chance_event(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=AGAINST_BOT)
    play_first_legal(match, token, 0)
    MoveRecord.objects.filter(match=match, by_bot=True).update(chance=True)  # the bot drew
    assert not match_state(match=match, token=token)["can_undo"]
    with pytest.raises(UndoRefused) as error:
        match_undo(match=match, token=token, seat=0, expected_version=match.version)
    assert error.value.details["reason"] == "chance_or_reveal"
    assert "hasard" in error.value.message


def test_a_die_roll_is_a_barrier(db, monkeypatch):
    monkeypatch.setattr("play.services.matches.new_seed", lambda: "undo-barrier")  # a fixed deal
    game = make_game("Bataclan", engine="bataclan", min_players=2, max_players=6)
    match, token = match_start(
        game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    engine = get_engine("bataclan")
    state = engine.from_dict(match.state)
    assert engine.to_act(state) == (0,)  # the bot's turns, if it started, are played
    roll = next(m for m in engine.legal_moves(state, 0) if m["type"] == "roll")
    match_play_move(match=match, token=token, seat=0, move=roll, expected_version=match.version)
    assert not match_state(match=match, token=token)["can_undo"]
    with pytest.raises(UndoRefused) as error:
        match_undo(match=match, token=token, seat=0, expected_version=match.version)
    assert error.value.details["reason"] == "chance_or_reveal"


def test_refused_once_a_friend_has_moved(buffalo_game):
    match, host = match_start(game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("invite")])
    friend = token_for(match, "seat1")
    play_first_legal(match, host, 0)
    assert match_state(match=match, token=host)["can_undo"]  # before the friend answered
    play_first_legal(match, friend, 1)
    assert not match_state(match=match, token=host)["can_undo"]
    with pytest.raises(UndoRefused) as error:
        match_undo(match=match, token=host, seat=0, expected_version=match.version)
    assert error.value.details["reason"] == "not_your_last_move"


def test_a_friend_at_a_three_seat_table_keeps_the_old_rule(db):
    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    seats = [SeatSpec("local"), SeatSpec("bot", bot_level="beginner"), SeatSpec("invite")]
    match, host = match_start(game=game, seats=seats)
    engine = get_engine("alcatraz")
    move = engine.legal_moves(engine.from_dict(match.state), 0)[0]
    match_play_move(match=match, token=host, seat=0, move=move, expected_version=match.version)
    assert match.plies == 2  # the bot answered; the friend is to play
    with pytest.raises(UndoRefused):
        match_undo(match=match, token=host, seat=0, expected_version=match.version)


def test_undo_refused_by_the_api_names_the_reason(client, buffalo_game):
    match, token = match_start(game=buffalo_game, seats=AGAINST_BOT)
    play_first_legal(match, token, 0)
    MoveRecord.objects.filter(match=match, by_bot=True).update(chance=True)
    response = client.post(
        f"/api/v1/matches/{match.code}/undo/",
        json.dumps({"seat": 0, "expected_version": match.version}),
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=token,
    )
    body = response.json()
    assert response.status_code == 400
    assert body["code"] == "undo_refused" and body["reason"] == "chance_or_reveal"
    assert body["message"].startswith("Impossible de reprendre ce coup")
