"""The match layer with hidden information and simultaneous moves (a toy engine, see toy_engine).

Secrets reach only their seat: not a spectator, not the other seat, not the log, not an error,
not an ETag; the seed stays on the server until the end; undo never crosses a reveal.
"""

import json

import pytest

from play.errors import SeatForbidden, UndoRefused
from play.selectors import match_state
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from play.tokens import token_for
from tests.factories import make_game


@pytest.fixture
def guess(db, toy_game):
    return make_game("Devine", engine="guess", min_players=2, max_players=2)


@pytest.fixture
def table(guess):
    match, host = match_start(game=guess, seats=[SeatSpec("invite"), SeatSpec("invite")])
    return match, token_for(match, "seat0"), token_for(match, "seat1"), host


def secrets_of(match):
    return match.state["cards"]


def test_each_seat_sees_only_its_own_card(table):
    match, seat0, seat1, _ = table
    mine, theirs = secrets_of(match)
    view0 = match_state(match=match, token=seat0)["view"]
    view1 = match_state(match=match, token=seat1)["view"]
    public = match_state(match=match, token=None)["view"]
    assert view0["cards"] == [mine, None]
    assert view1["cards"] == [None, theirs]
    assert public["cards"] == [None, None]


def test_both_seats_act_at_once(table):
    match, seat0, seat1, _ = table
    assert match_state(match=match, token=None)["to_act"] == [0, 1]
    match_play_move(match=match, token=seat1, seat=1, move={"bet": 3}, expected_version=0)
    state = match_state(match=match, token=seat0)
    assert state["to_act"] == [0] and state["legal_moves"]
    # Seat 0 learns that seat 1 has bet, not what.
    assert state["view"]["bets"] == [None, True]
    assert "3" not in json.dumps(state["log"])


def test_another_seats_view_is_refused(table):
    match, seat0, _, _ = table
    with pytest.raises(SeatForbidden):
        match_state(match=match, token=seat0, seat=1)


def test_host_in_hot_seat_chooses_whose_view(guess):
    match, host = match_start(game=guess, seats=[SeatSpec("local"), SeatSpec("local")])
    card0, card1 = secrets_of(match)
    assert match_state(match=match, token=host, seat=0)["view"]["cards"] == [card0, None]
    assert match_state(match=match, token=host, seat=1)["view"]["cards"] == [None, card1]
    assert match_state(match=match, token=host)["hidden_information"] is True


def test_no_secret_in_any_api_answer(client, table):
    match, seat0, seat1, host = table
    card0, card1 = secrets_of(match)
    url = f"/api/v1/matches/{match.code}/"
    answers = [
        client.get(url).content,
        client.get(url, HTTP_X_SEAT_TOKEN=host).content,
        client.get(url + "log/").content,
        client.get(url + "legal-moves/", HTTP_X_SEAT_TOKEN=seat0).content,
        client.get(url + "replay/").content,  # refused until the end
        client.get(url + "?seat=1", HTTP_X_SEAT_TOKEN=seat0).content,  # refused
        client.post(
            url + "moves/",
            {"seat": 1, "move": {"bet": 9}, "expected_version": 0},
            content_type="application/json",
            HTTP_X_SEAT_TOKEN=seat1,
        ).content,
    ]
    views = 0
    for body in answers:
        assert match.seed not in body.decode() and match.token_salt not in body.decode()
        data = json.loads(body)
        if "view" in data:
            views += 1
            assert data["view"]["cards"][1] is None  # seat 1's card: never outside seat 1
    assert views == 2  # the public match and the host's (who holds no seat here)
    response = client.get(url, HTTP_X_SEAT_TOKEN=seat0)
    assert json.loads(response.content)["view"]["cards"] == [card0, None]
    assert match.seed not in response["ETag"]


def test_reveal_ends_the_game_and_shows_everything(table):
    match, seat0, seat1, _ = table
    card0, card1 = secrets_of(match)
    match_play_move(match=match, token=seat0, seat=0, move={"bet": card1}, expected_version=0)
    wrong = card0 % 6 + 1
    match_play_move(match=match, token=seat1, seat=1, move={"bet": wrong}, expected_version=1)
    public = match_state(match=match, token=None)
    assert public["view"]["cards"] == [card0, card1] and "seed" not in public
    assert match.moves.get(ply=2).reveals
    match_play_move(match=match, token=seat0, seat=0, move={"claim": True}, expected_version=2)
    public = match_state(match=match, token=None)
    assert public["status"] == "finished" and public["outcome"]["winners"] == [0]
    assert public["seed"] == match.seed


def test_undo_never_crosses_a_reveal(guess):
    match, host = match_start(game=guess, seats=[SeatSpec("local"), SeatSpec("local")])
    match_play_move(match=match, token=host, seat=0, move={"bet": 1}, expected_version=0)
    match_undo(match=match, token=host, seat=0, expected_version=1)  # nothing revealed yet
    match_play_move(match=match, token=host, seat=0, move={"bet": 1}, expected_version=2)
    match_play_move(match=match, token=host, seat=1, move={"bet": 1}, expected_version=3)
    with pytest.raises(UndoRefused) as error:
        match_undo(match=match, token=host, seat=1, expected_version=4)
    assert error.value.details["reason"] == "chance_or_reveal"
