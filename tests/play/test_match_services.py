"""Matches: start, versioned moves, conflicts, tokens, bots, undo, replay from the seed."""

import threading

import pytest
from django.db import connection

from play.engines.base import chance_for
from play.errors import (
    IllegalMoveError,
    InvalidSetup,
    MatchOver,
    SeatForbidden,
    StaleVersion,
    UndoRefused,
)
from play.games.registry import get_engine
from play.models import Match, MoveRecord
from play.selectors import match_state, replay
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo
from play.tokens import token_for

ENGINE = get_engine("buffalo")
HOT_SEAT = [SeatSpec("local"), SeatSpec("local")]


def first_move(match, seat=None):
    state = ENGINE.from_dict(match.state)
    seat = ENGINE.to_act(state)[0] if seat is None else seat
    return seat, ENGINE.legal_moves(state, seat)[0]


def play(match, token, n=1):
    for _ in range(n):
        seat, move = first_move(match)
        match_play_move(
            match=match, token=token, seat=seat, move=move, expected_version=match.version
        )


def test_start_stores_seed_state_and_seats(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    assert match.engine == "buffalo" and match.version == 0 and match.plies == 0
    assert len(match.seed) == 32
    assert match.seats.count() == 2
    assert match.state == ENGINE.to_dict(
        ENGINE.new_game(seats=2, options={}, rng=chance_for(match.seed, 0))
    )
    assert token == token_for(match, "host")


def test_start_refuses_a_seat_count_outside_the_record_and_engine(buffalo_game):
    with pytest.raises(InvalidSetup, match="se joue à 2 joueurs"):
        match_start(game=buffalo_game, seats=[SeatSpec("local")] * 3)
    assert Match.objects.count() == 0


def test_start_refuses_unknown_bot_level_and_bad_options(buffalo_game):
    with pytest.raises(InvalidSetup) as error:
        match_start(game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="god")])
    assert error.value.code == "bot_level"
    with pytest.raises(InvalidSetup) as error:
        match_start(game=buffalo_game, seats=HOT_SEAT, options={"opening_buffalo_moves": 99})
    assert error.value.code == "invalid_options"
    assert Match.objects.count() == 0


def test_game_without_engine_cannot_start(db):
    from tests.factories import make_game

    with pytest.raises(InvalidSetup) as error:
        match_start(game=make_game("Pow wow"), seats=HOT_SEAT)
    assert error.value.code == "no_engine"


def test_move_advances_version_and_log(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    play(match, token, 3)
    match.refresh_from_db()
    assert (match.version, match.plies) == (3, 3)
    assert list(match.moves.values_list("ply", flat=True)) == [1, 2, 3]


def test_stale_move_from_a_second_tab_is_refused_and_changes_nothing(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    seat, move = first_move(match)
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=0)
    before = Match.objects.values().get(pk=match.pk)
    other_tab = Match.objects.get(pk=match.pk)
    other_tab.version = 0  # the second tab still shows version 0
    with pytest.raises(StaleVersion):
        match_play_move(
            match=other_tab, token=token, seat=1, move=first_move(match, 1)[1], expected_version=0
        )
    assert Match.objects.values().get(pk=match.pk) == before
    assert MoveRecord.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_moves_exactly_one_wins(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    seat, _ = first_move(match)
    moves = ENGINE.legal_moves(ENGINE.from_dict(match.state), seat)[:2]
    barrier = threading.Barrier(2)
    results = []

    def attempt(move):
        try:
            own = Match.objects.get(pk=match.pk)  # each thread: its own connection and row copy
            barrier.wait()
            match_play_move(match=own, token=token, seat=seat, move=move, expected_version=0)
            results.append("ok")
        except StaleVersion:
            results.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(m,)) for m in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["conflict", "ok"]
    match.refresh_from_db()
    assert match.version == 1 and MoveRecord.objects.filter(match=match).count() == 1


def test_illegal_move_names_the_rule_and_changes_nothing(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    before = Match.objects.values().get(pk=match.pk)
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(
            match=match, token=token, seat=0, move={"from": "a1", "to": "a3"}, expected_version=0
        )
    assert error.value.details["rule"] == "buffalo_one_step_forward"
    assert "bison" in error.value.message  # French, from the rule code
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(
            match=match, token=token, seat=1, move={"from": "f6", "to": "f5"}, expected_version=0
        )
    assert error.value.details["rule"] == "not_your_turn"
    with pytest.raises(IllegalMoveError) as error:
        match_play_move(match=match, token=token, seat=0, move="a1-a2", expected_version=0)
    assert error.value.details["rule"] == "malformed_move"
    assert Match.objects.values().get(pk=match.pk) == before


@pytest.mark.parametrize("token", [None, "", "0" * 36, "forged-token"])
def test_missing_or_forged_token_is_refused(buffalo_game, token):
    match, _ = match_start(game=buffalo_game, seats=HOT_SEAT)
    with pytest.raises(SeatForbidden):
        match_play_move(
            match=match, token=token, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
        )
    assert MoveRecord.objects.count() == 0


def test_other_seats_or_other_matchs_token_is_refused(buffalo_game):
    match, _ = match_start(game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")])
    other, other_host = match_start(game=buffalo_game, seats=HOT_SEAT)
    seat1_token = token_for(match, "seat1")
    with pytest.raises(SeatForbidden):
        match_play_move(
            match=match,
            token=seat1_token,
            seat=0,
            move={"from": "a1", "to": "a2"},
            expected_version=0,
        )
    with pytest.raises(SeatForbidden):
        match_play_move(
            match=match,
            token=other_host,
            seat=0,
            move={"from": "a1", "to": "a2"},
            expected_version=0,
        )
    match_play_move(
        match=match,
        token=token_for(match, "seat0"),
        seat=0,
        move={"from": "a1", "to": "a2"},
        expected_version=0,
    )
    assert match.plies == 1


def test_bot_answers_within_the_request(buffalo_game):
    match, token = match_start(
        game=buffalo_game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    play(match, token)
    assert match.plies == 2
    assert list(match.moves.values_list("by_bot", flat=True)) == [False, True]


def test_bot_playing_first_moves_at_start(buffalo_game):
    match, _ = match_start(
        game=buffalo_game, seats=[SeatSpec("bot", bot_level="beginner"), SeatSpec("local")]
    )
    assert match.plies == 1 and match.moves.get().seat == 0


def test_bots_play_a_whole_game_to_the_result(buffalo_game):
    match, _ = match_start(
        game=buffalo_game,
        seats=[SeatSpec("bot", bot_level="beginner"), SeatSpec("bot", bot_level="beginner")],
        bots_only_allowed=True,
    )
    from play.services.bot_turns import match_advance_bots

    for _ in range(50):
        if match.status == Match.Status.FINISHED:
            break
        match_advance_bots(match=match)
    assert match.status == Match.Status.FINISHED
    assert match.outcome["winners"] in ([0], [1])
    assert match.finished_at is not None
    with pytest.raises(MatchOver):
        match_play_move(match=match, token=None, seat=0, move={}, expected_version=match.version)


def test_replay_from_seed_and_moves_gives_the_stored_state(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    play(match, token, 12)
    assert ENGINE.to_dict(replay(match)) == match.state


class TestUndo:
    def test_own_last_move_can_be_taken_back(self, buffalo_game):
        match, token = match_start(
            game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")]
        )
        start_state = match.state
        seat0 = token_for(match, "seat0")
        match_play_move(
            match=match, token=seat0, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
        )
        match_undo(match=match, token=seat0, seat=0, expected_version=1)
        match.refresh_from_db()
        assert match.state == start_state and match.plies == 0 and match.version == 2
        assert match.moves.count() == 0

    def test_not_after_someone_else_moved(self, buffalo_game):
        match, token = match_start(
            game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")]
        )
        seat0, seat1 = token_for(match, "seat0"), token_for(match, "seat1")
        match_play_move(
            match=match, token=seat0, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
        )
        match_play_move(
            match=match, token=seat1, seat=1, move={"from": "f6", "to": "f5"}, expected_version=1
        )
        with pytest.raises(UndoRefused):
            match_undo(match=match, token=seat0, seat=0, expected_version=2)

    def test_not_another_seats_move(self, buffalo_game):
        match, _ = match_start(game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")])
        seat0, seat1 = token_for(match, "seat0"), token_for(match, "seat1")
        match_play_move(
            match=match, token=seat0, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
        )
        with pytest.raises(UndoRefused):
            match_undo(match=match, token=seat1, seat=1, expected_version=1)
        with pytest.raises(SeatForbidden):
            match_undo(match=match, token=seat1, seat=0, expected_version=1)

    def test_not_across_a_random_event(self, buffalo_game):
        match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
        play(match, token)
        MoveRecord.objects.filter(match=match).update(chance=True)
        with pytest.raises(UndoRefused) as error:
            match_undo(match=match, token=token, seat=0, expected_version=1)
        assert error.value.details["reason"] == "chance_or_reveal"

    def test_not_with_a_stale_version(self, buffalo_game):
        match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
        play(match, token)
        with pytest.raises(StaleVersion):
            match_undo(match=match, token=token, seat=0, expected_version=0)


def test_views_never_contain_the_seed_or_salt(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    play(match, token, 2)
    for viewer_token in (token, None, "forged"):
        text = str(match_state(match=match, token=viewer_token))
        assert match.seed not in text and match.token_salt not in text


class TestSeries:
    """Buffalo's handicap series: the next round is a new match of the same table."""

    @pytest.fixture
    def finished(self, buffalo_game):
        match, token = match_start(
            game=buffalo_game,
            seats=[SeatSpec("local", name="Léa"), SeatSpec("bot", bot_level="beginner")],
        )
        while match.status != Match.Status.FINISHED:
            play(match, token)
        return match, token

    def test_a_finished_round_offers_the_next_with_the_handicap(self, finished):
        from play.services.matches import match_next_round

        match, token = finished
        assert match.series == {
            "round": 1,
            "buffalo_seat": 0,
            "handicap": 0,
            "removed_columns": [],
            "winners": [],
        }
        # Deterministic: the first listed buffalo moves lose to the (node-budgeted) bot.
        assert match.outcome["winners"] == [1]
        answer = match_state(match=match, token=token)
        assert answer["series_next"] == {"chooser": 0, "choices": []}
        # The round's winner is named (seat 2, the Indians), not only in the outcome.
        assert answer["series_winners"] == [[1]]
        assert answer["seats"][1]["label"] == "Joueur 2 — le chef indien et ses chiens"
        new = match_next_round(match=match, token=token)
        assert new.series["round"] == 2 and new.series["winners"] == [1]
        # The chief won: the buffalo's opening turn now moves two different buffalo.
        assert new.options["opening_buffalo_moves"] == 2
        # Same table: same seats, and the same link still controls seat 0.
        assert [(s.kind, s.name) for s in new.seats.all()] == [("local", "Léa"), ("bot", "")]
        assert match_state(match=new, token=token)["controlled"] == [0]
        assert match_next_round(match=match, token=token) == new  # created once

    def test_only_the_table_starts_it_and_only_the_buffalo_player_chooses(self, buffalo_game):
        from play.services.matches import match_next_round

        match, _ = match_start(game=buffalo_game, seats=[SeatSpec("invite"), SeatSpec("invite")])
        tokens = [token_for(match, "seat0"), token_for(match, "seat1")]
        while match.status != Match.Status.FINISHED:
            seat, move = first_move(match)
            match_play_move(
                match=match,
                token=tokens[seat],
                seat=seat,
                move=move,
                expected_version=match.version,
            )
        with pytest.raises(SeatForbidden):
            match_next_round(match=match, token="forged")
        assert match.outcome["winners"] == [
            0
        ]  # first listed moves on both sides: a buffalo crosses
        assert match_state(match=match, token=tokens[0])["series_next"]["choices"] == list(
            "abcdefghijk"
        )
        with pytest.raises(SeatForbidden):  # the buffalo player picks the column, not the chief
            match_next_round(match=match, token=tokens[1], choice="a")
        assert match.next_round is None
        new = match_next_round(match=match, token=tokens[0], choice="k")
        assert new.options["removed_columns"] == ["k"]
        assert "k1" not in ENGINE.view(ENGINE.from_dict(new.state), None)["buffalo"]
        assert match_state(match=new, token=tokens[1])["controlled"] == [1]

    def test_not_before_the_round_is_over(self, buffalo_game):
        from play.errors import PlayError
        from play.services.matches import match_next_round

        match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
        with pytest.raises(PlayError) as error:
            match_next_round(match=match, token=token)
        assert error.value.code == "match_not_over"


def test_an_answer_never_mixes_an_old_position_with_a_newer_log(buffalo_game):
    """A move committed after the match row was read stays out of that answer's log."""
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    stale_copy = Match.objects.get(pk=match.pk)  # read before the move
    play(match, token)
    answer = match_state(match=stale_copy, token=token)
    assert answer["version"] == 0 and answer["log"] == [] and answer["to_act"] == [0]
    assert not answer["can_undo"]
