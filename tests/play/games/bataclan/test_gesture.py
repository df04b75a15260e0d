"""The server measures the gesture: challenges, presses, refusals, bots and the untimed option."""

from __future__ import annotations

import random

import pytest

from play.errors import IllegalMoveError, InvalidNumber, InvalidSetup, StaleVersion
from play.games.bataclan import GAME, gesture, physics
from play.games.bataclan.engine import STEADINESS_GRID, UNTIMED_STEADINESS
from play.models import GestureChallenge
from play.selectors import match_legal_moves, match_log, match_state
from play.services import bot_turns
from play.services.gestures import match_gesture_challenge
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move
from tests.factories import make_game

from .helpers import first_placement, press


@pytest.fixture
def bataclan_game(db):
    return make_game("Bataclan", engine="bataclan", min_players=2, max_players=6)


@pytest.fixture
def at_placement(bataclan_game, match_seed):
    match_seed("gesture/1")
    match, token = match_start(game=bataclan_game, seats=[SeatSpec("local"), SeatSpec("local")])
    seat, place = first_placement(match, token)
    return match, token, seat, place


def refused(match, token, seat, move) -> str:
    version = match.version
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(match=match, token=token, seat=seat, move=move, expected_version=version)
    match.refresh_from_db()
    assert match.version == version  # nothing changed
    return error.value.details["rule"]


def test_legal_moves_offer_placements_without_steadiness(at_placement):
    match, token, _seat, place = at_placement
    assert "steadiness" not in place
    listed = match_legal_moves(match=match, token=token)["legal_moves"]
    assert all("steadiness" not in m for m in listed)


def test_a_steadiness_sent_directly_is_refused(at_placement, client):
    match, token, seat, place = at_placement
    assert refused(match, token, seat, {**place, "steadiness": 1.0}) == "measured_by_server"
    with_challenge = press(match, token, seat, place)
    assert refused(match, token, seat, {**with_challenge, "steadiness": 1}) == "measured_by_server"
    assert refused(match, token, seat, place) == "gesture_missing"
    answer = client.post(
        f"/api/v1/matches/{match.code}/moves/",
        {"seat": seat, "move": {**place, "steadiness": 1}, "expected_version": match.version},
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=token,
    )
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "illegal_move" and body["rule"] == "measured_by_server"
    assert "mesure" in body["message"]


def test_the_server_measures_the_press_and_a_challenge_serves_once(at_placement):
    match, token, seat, place = at_placement
    move = press(match, token, seat, place, error_ms=0)
    version = match.version
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=version)
    assert match.moves.order_by("-ply").first().move["steadiness"] == 1.0
    # Used, it went with its position (no row is kept for a spent challenge) …
    assert not GestureChallenge.objects.filter(match=match).exists()
    # … so the same press again, at the present version, is refused whatever the position,
    assert refused(match, token, seat, move) == "unknown_challenge"
    # and at the version it was made for, the match has moved on.
    with pytest.raises(StaleVersion):
        match_play_move(match=match, token=token, seat=seat, move=move, expected_version=version)


def test_a_late_an_early_or_an_impossible_press_is_refused(at_placement):
    match, token, seat, place = at_placement
    late = press(match, token, seat, place, backdate_ms=(gesture.MAX_AGE_SECONDS + 5) * 1000)
    assert refused(match, token, seat, late) == "challenge_expired"
    # Dated now: a press 5 s later would be after the server received the move.
    future = press(match, token, seat, place, backdate_ms=0)
    assert refused(match, token, seat, {**future, "press_ms": 5000}) == "impossible_press"
    early = press(match, token, seat, place)
    assert refused(match, token, seat, {**early, "press_ms": -1}) == "impossible_press"
    assert refused(match, token, seat, {**early, "challenge": "forged"}) == "unknown_challenge"
    assert refused(match, token, seat, {**early, "press_ms": None}) == "gesture_missing"
    with pytest.raises(InvalidNumber) as error:  # a number in a string is not a press time
        match_play_move(
            match=match, token=token, seat=seat, move={**early, "press_ms": "600"},
            expected_version=match.version,
        )  # fmt: skip
    assert error.value.details["field"] == "move.press_ms"
    # None of these used the challenge: the honest press still counts.
    match_play_move(match=match, token=token, seat=seat, move=early, expected_version=match.version)


def test_a_challenge_belongs_to_its_position_and_its_seat(at_placement):
    match, token, seat, place = at_placement
    move = press(match, token, seat, place)
    GestureChallenge.objects.filter(key=move["challenge"]).update(version=match.version - 1)
    assert refused(match, token, seat, move) == "challenge_stale"
    with pytest.raises(IllegalMoveError) as error:
        match_gesture_challenge(
            match=match, token=token, seat=1 - seat, expected_version=match.version
        )
    assert error.value.details["rule"] == "no_gesture_now"


def test_the_challenge_endpoint_answers_the_seat_to_act_only(at_placement, client):
    match, token, seat, _place = at_placement
    url = f"/api/v1/matches/{match.code}/challenge/"
    body = {"seat": seat, "expected_version": match.version}
    answer = client.post(url, body, content_type="application/json", HTTP_X_SEAT_TOKEN=token)
    assert answer.status_code == 201
    data = answer.json()
    low, high = physics.PERIOD_RANGE_MS
    assert low <= data["period_ms"] <= high and 0 <= data["phase"] < 1 and data["id"]
    assert client.post(url, body, content_type="application/json").status_code == 403


def test_bots_answer_the_servers_challenge_with_their_own_hands(
    bataclan_game, match_seed, monkeypatch
):
    match_seed("gesture/bots")
    issued = []  # (seat, key) of every challenge the server issued
    real_issue = bot_turns.issue_challenge

    def issue(match, seat):
        challenge = real_issue(match, seat)
        issued.append((seat, challenge.key))
        return challenge

    monkeypatch.setattr(bot_turns, "issue_challenge", issue)
    match, token = match_start(
        game=bataclan_game,
        seats=[SeatSpec("local"), SeatSpec("bot", bot_level="strong")],
    )
    for _ in range(300):
        view = match_state(match=match, token=token)
        if view["status"] == "finished" or match.moves.filter(by_bot=True, move__type="place"):
            break
        move = view["legal_moves"][0]
        if move["type"] == "place":
            move = press(match, token, 0, move, error_ms=80)
        match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    placed = match.moves.filter(by_bot=True, move__type="place")
    assert placed.exists() and all(m.move["steadiness"] in STEADINESS_GRID for m in placed)
    # Each of the bot's placements answered a challenge of its own, spent with its move.
    bot_keys = [key for seat, key in issued if seat == 1]
    assert len(set(bot_keys)) >= placed.count()
    assert not GestureChallenge.objects.filter(key__in=bot_keys).exists()


def test_an_untimed_game_places_every_die_at_the_fixed_steadiness(bataclan_game, match_seed):
    match_seed("gesture/untimed")
    match, token = match_start(
        game=bataclan_game,
        seats=[SeatSpec("local"), SeatSpec("bot", bot_level="strong")],
        options={"untimed": True},
    )
    for _ in range(300):
        view = match_state(match=match, token=token)
        if view["status"] == "finished" or match.moves.filter(move__type="place").count() > 6:
            break
        move = view["legal_moves"][0]
        if move["type"] == "place":
            assert move == {"type": "place", "die": move["die"], "as": move["as"]}
            assert refused(match, token, 0, {**move, "steadiness": 1.0}) == "measured_by_server"
            with pytest.raises(IllegalMoveError):
                match_gesture_challenge(
                    match=match, token=token, seat=0, expected_version=match.version
                )
        match_play_move(match=match, token=token, seat=0, move=move, expected_version=match.version)
    placed = match.moves.filter(move__type="place")
    assert placed.filter(by_bot=True).exists() and placed.filter(by_bot=False).exists()
    assert {m.move["steadiness"] for m in placed} == {UNTIMED_STEADINESS}
    lines = [e["text"] for e in match_log(match) if "pose" in e["text"]]
    assert lines and all("sans geste, stabilité 0,50" in line for line in lines)
    assert match_state(match=match, token=token)["view"]["options"]["untimed"] is True


def test_the_untimed_option_is_validated_like_the_others(bataclan_game):
    with pytest.raises(InvalidSetup):
        match_start(
            game=bataclan_game,
            seats=[SeatSpec("local"), SeatSpec("local")],
            options={"untimed": "yes"},
        )


def test_a_simulated_press_is_measured_like_a_persons():
    rng = random.Random(3)
    params = gesture.new_challenge(rng)
    on_time = gesture.simulated_press(params, 0, rng)
    assert gesture.steadiness(params, on_time) == pytest.approx(1.0)
    assert gesture.measured_move(
        {"type": "place", "die": 0, "as": 1}, params, on_time + params["period_ms"] / 4
    )["steadiness"] == pytest.approx(0.0)
    assert GAME.bot_press(params, level="strong", rng=rng) >= 0
