"""Abandoned matches are removed: never played by a person, unfinished, untouched for
``PLAY_ABANDONED_AFTER``; or played, unfinished and untouched for ``PLAY_STALE_AFTER``; finished
matches and matches in progress stay (issue 42, item 5; audit: gesture challenges)."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.utils import timezone

from play.games.registry import get_engine
from play.models import Match, MoveRecord, Seat
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move
from play.services.purge import (
    PURGE_CACHE_KEY,
    matches_purge_abandoned,
    matches_purge_abandoned_if_due,
)

DAY = timedelta(hours=24)
ENGINE = get_engine("buffalo")


@pytest.fixture(autouse=True)
def no_purge_on_creation(db):
    """Tables created by a test do not purge (the cache says a purge just ran)."""
    cache.set(PURGE_CACHE_KEY, True, 3600)
    yield
    cache.delete(PURGE_CACHE_KEY)


def new_match(game, *, seats=None):
    match, token = match_start(game=game, seats=seats or [SeatSpec("local"), SeatSpec("local")])
    return match, token


def age(match, delta):
    Match.objects.filter(pk=match.pk).update(
        created_at=timezone.now() - delta, updated_at=timezone.now() - delta
    )


def play_one(match, token):
    state = ENGINE.from_dict(match.state)
    seat = ENGINE.to_act(state)[0]
    move = ENGINE.legal_moves(state, seat)[0]
    match_play_move(match=match, token=token, seat=seat, move=move, expected_version=match.version)


def finish(match):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)


@pytest.fixture
def tables(buffalo_game):
    """One match of each kind, all created and last touched two days ago."""
    old_unstarted, _ = new_match(buffalo_game)
    recent_unstarted, _ = new_match(buffalo_game)
    in_progress, token = new_match(buffalo_game)
    play_one(in_progress, token)
    finished, _ = new_match(buffalo_game)
    finish(finished)
    for match in (old_unstarted, in_progress, finished):
        age(match, 2 * DAY)
    return {
        "old_unstarted": old_unstarted,
        "recent_unstarted": recent_unstarted,
        "in_progress": in_progress,
        "finished": finished,
    }


def remaining() -> set[int]:
    return set(Match.objects.values_list("pk", flat=True))


def test_purge_removes_only_old_unstarted_matches(tables):
    assert matches_purge_abandoned(older_than=DAY) == 1
    kept = {tables[name].pk for name in ("recent_unstarted", "in_progress", "finished")}
    assert remaining() == kept
    assert not Seat.objects.filter(match_id=tables["old_unstarted"].pk).exists()
    assert MoveRecord.objects.filter(match_id=tables["in_progress"].pk).count() == 1


def test_a_match_only_bots_moved_in_is_abandoned(buffalo_game):
    """A bot's opening move does not make a match started: only a person's move does."""
    match, _ = new_match(buffalo_game)
    MoveRecord.objects.create(match=match, ply=1, seat=0, move={}, description="", by_bot=True)
    age(match, 2 * DAY)
    assert matches_purge_abandoned(older_than=DAY) == 1
    assert not Match.objects.exists() and not MoveRecord.objects.exists()


def test_a_recently_touched_old_match_is_kept(buffalo_game):
    """A friend who joined (or any update) an hour ago keeps a match created days ago."""
    match, _ = new_match(buffalo_game)
    Match.objects.filter(pk=match.pk).update(
        created_at=timezone.now() - 3 * DAY, updated_at=timezone.now() - timedelta(hours=1)
    )
    assert matches_purge_abandoned(older_than=DAY) == 0
    assert remaining() == {match.pk}


def test_dry_run_and_limit(tables, buffalo_game):
    more, _ = new_match(buffalo_game)
    age(more, 3 * DAY)
    before = remaining()
    assert matches_purge_abandoned(older_than=DAY, dry_run=True) == 2
    assert remaining() == before
    assert matches_purge_abandoned(older_than=DAY, limit=1) == 1
    assert matches_purge_abandoned(older_than=DAY) == 1
    assert matches_purge_abandoned(older_than=DAY) == 0


def test_a_deleted_next_round_only_unlinks_the_finished_round(buffalo_game):
    first, _ = new_match(buffalo_game)
    finish(first)
    following, _ = new_match(buffalo_game)
    Match.objects.filter(pk=first.pk).update(next_round=following)
    age(following, 2 * DAY)
    assert matches_purge_abandoned(older_than=DAY) == 1
    first.refresh_from_db()
    assert first.next_round is None and remaining() == {first.pk}


def test_command_reports_and_purges(tables):
    out = StringIO()
    call_command("purge_matches", "--dry-run", stdout=out)
    assert out.getvalue().startswith("1 partie") and len(remaining()) == 4
    out = StringIO()
    call_command("purge_matches", stdout=out)
    assert "1 partie(s) abandonnée(s) supprimée(s)" in out.getvalue()
    assert tables["old_unstarted"].pk not in remaining() and len(remaining()) == 3


def test_command_reads_the_setting(tables, settings):
    settings.PLAY_ABANDONED_AFTER = 3 * 24 * 3600
    call_command("purge_matches", stdout=StringIO())
    assert len(remaining()) == 4


def test_creating_a_table_purges_at_most_once_an_interval(tables, buffalo_game):
    cache.delete(PURGE_CACHE_KEY)
    new_match(buffalo_game)  # the first creation runs the purge …
    assert tables["old_unstarted"].pk not in remaining()
    again, _ = new_match(buffalo_game)
    age(again, 2 * DAY)
    new_match(buffalo_game)  # … the next ones, within the hour, do not
    assert again.pk in remaining()
    assert matches_purge_abandoned_if_due() == 0


# -- stale tables: people played, then nobody touched them for PLAY_STALE_AFTER ----------------

MONTH = timedelta(days=30)


def test_a_table_a_person_played_once_is_purged_once_stale(buffalo_game):
    """The audit's case: one move by a person kept an unfinished match for ever."""
    stale, token = new_match(buffalo_game)
    play_one(stale, token)
    age(stale, MONTH + DAY)
    fresh, token = new_match(buffalo_game)
    play_one(fresh, token)
    age(fresh, MONTH - DAY)
    finished, token = new_match(buffalo_game)
    play_one(finished, token)
    finish(finished)
    age(finished, 10 * MONTH)
    assert matches_purge_abandoned(older_than=DAY, stale_after=MONTH) == 1
    assert remaining() == {fresh.pk, finished.pk}
    assert not MoveRecord.objects.filter(match_id=stale.pk).exists()
    assert not Seat.objects.filter(match_id=stale.pk).exists()


def test_stale_after_defaults_to_the_setting(buffalo_game, settings):
    match, token = new_match(buffalo_game)
    play_one(match, token)
    age(match, 5 * DAY)
    settings.PLAY_STALE_AFTER = int((6 * DAY).total_seconds())
    assert matches_purge_abandoned(older_than=DAY) == 0
    settings.PLAY_STALE_AFTER = int((4 * DAY).total_seconds())
    assert matches_purge_abandoned(older_than=DAY, dry_run=True) == 1
    assert matches_purge_abandoned(older_than=DAY) == 1
    assert not Match.objects.exists()


def test_the_setting_defaults_to_thirty_days():
    from ludotheque.settings import base

    assert base.PLAY_STALE_AFTER == 30 * 24 * 3600


def test_a_move_keeps_a_stale_table(buffalo_game):
    """Untouched means no move: one now keeps the match, however old it is."""
    match, token = new_match(buffalo_game)
    play_one(match, token)
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - 2 * MONTH)
    assert matches_purge_abandoned(older_than=DAY, stale_after=MONTH) == 0


def test_the_creation_purge_removes_stale_tables(tables, buffalo_game, settings):
    settings.PLAY_STALE_AFTER = int(DAY.total_seconds())
    cache.delete(PURGE_CACHE_KEY)
    new_match(buffalo_game)
    assert tables["in_progress"].pk not in remaining()
    assert tables["finished"].pk in remaining()


def test_command_stale_after_option(tables):
    out = StringIO()
    call_command("purge_matches", "--stale-after", str(24 * 3600), "--dry-run", stdout=out)
    assert out.getvalue().startswith("2 partie")  # the unstarted one and the one in progress
    call_command("purge_matches", "--stale-after", str(24 * 3600), stdout=StringIO())
    assert remaining() == {tables["recent_unstarted"].pk, tables["finished"].pk}


def test_command_refuses_a_negative_stale_after(tables):
    with pytest.raises(CommandError):
        call_command("purge_matches", "--stale-after", "-1", stdout=StringIO())
