"""A process keeps the histories it replayed: a poll replays only the moves made since this
process last showed the match, and gives exactly what a replay from the seed gives — after an
undo that replaced moves, and in each language."""

import pytest
from django.utils import translation

from play import selectors
from play.games.registry import get_engine
from play.selectors import match_state
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move, match_undo

BUFFALO = get_engine("buffalo")
HOT_SEAT = [SeatSpec("local"), SeatSpec("local")]
AGAINST_BOT = [SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]


@pytest.fixture(autouse=True)
def empty_cache():
    selectors._histories.clear()
    yield
    selectors._histories.clear()


@pytest.fixture
def plays(monkeypatch):
    """How many moves the engine replays (every call of ``play``)."""
    calls = []
    original = type(BUFFALO).play

    def counted(self, *args, **kwargs):
        calls.append(args[1])
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(BUFFALO), "play", counted)
    return calls


def play(match, token, seat, choice=0):
    move = BUFFALO.legal_moves(BUFFALO.from_dict(match.state), seat)[choice]
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=match.version)
    match.refresh_from_db()


def from_the_seed(match, token):
    """The answer as a process that never saw the match gives it."""
    saved = dict(selectors._histories)
    selectors._histories.clear()
    try:
        return match_state(match=match, token=token)
    finally:
        selectors._histories.clear()
        selectors._histories.update(saved)


def test_a_poll_replays_only_the_moves_made_since_the_last_one(buffalo_game, plays):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    for ply in range(6):
        play(match, token, ply % 2)
    plays.clear()
    match_state(match=match, token=token)
    assert len(plays) == 6  # the first look replays the game from its seed
    play(match, token, 0)
    plays.clear()
    answer = match_state(match=match, token=token)
    assert len(plays) == 1  # then only the new move
    assert answer == from_the_seed(match, token)
    plays.clear()
    match_state(match=match, token=token)
    assert plays == []  # nothing new: nothing replayed


def test_moves_replaced_by_an_undo_are_replayed_from_the_seed(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=AGAINST_BOT)
    play(match, token, 0, choice=0)
    play(match, token, 0, choice=0)
    shown = match_state(match=match, token=token)
    match_undo(match=match, token=token, seat=0, expected_version=match.version)
    match.refresh_from_db()
    play(match, token, 0, choice=1)  # another move at the same ply, with the bot's answer
    answer = match_state(match=match, token=token)
    assert answer == from_the_seed(match, token)
    assert answer["log"][2]["text"] != shown["log"][2]["text"]
    assert answer["view"] == BUFFALO.view(BUFFALO.from_dict(match.state), 0)


def test_each_language_has_its_own_log(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    play(match, token, 0)
    with translation.override("fr"):
        french = match_state(match=match, token=token)["log"][0]["text"]
    with translation.override("en"):
        english = match_state(match=match, token=token)["log"][0]["text"]
        assert english == from_the_seed(match, token)["log"][0]["text"]
    assert english != french


def test_a_long_game_keeps_only_the_last_positions(buffalo_game):
    match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
    for ply in range(selectors.RECENT_LIMIT + 8):
        play(match, token, ply % 2)
        match_state(match=match, token=token)
    (kept,) = selectors._histories.values()
    assert len(kept.states) == selectors.RECENT_LIMIT + 1
    assert match_state(match=match, token=token) == from_the_seed(match, token)


def test_the_cache_holds_a_bounded_number_of_matches(buffalo_game, monkeypatch):
    monkeypatch.setattr(selectors, "HISTORY_CACHE_SIZE", 2)
    codes = []
    for _ in range(3):
        match, token = match_start(game=buffalo_game, seats=HOT_SEAT)
        match_state(match=match, token=token)
        codes.append(match.code)
    assert [code for code, _language in selectors._histories] == codes[1:]
