"""Bots think on worker processes (issue 41): one job plays one bot move, with the level's full
thinking time, exactly once; a lost job is queued again; a long queue makes the page say so.

These tests queue jobs in the database backend (django-tasks-db) and run them as its worker
does (``Worker.run_task`` on a claimed job), one at a time.
"""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from play import tasks
from play.games.registry import get_game
from play.models import Match, MoveRecord
from play.services import bot_turns
from play.services.bot_turns import match_bot_turn
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move

API = "/api/v1/matches/"
# Prairie: the buffalo (seat 0, a person here) moves first, then the bot's Indian chief.
PERSON_THEN_BOT = [SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]


def jobs(status=TaskResultStatus.READY):
    return DBTaskResult.objects.filter(queue_name=tasks.QUEUE, status=status)


def run_next_job(worker_id: str = "worker-1") -> DBTaskResult | None:
    """What a db_worker does with the next job: claim it, run it, record the result."""
    job = DBTaskResult.objects.ready().filter(queue_name=tasks.QUEUE).first()
    if job is None:
        return None
    job.claim(worker_id)
    Worker(
        queue_names=[tasks.QUEUE], interval=0, batch=True, backend_name="default",
        startup_delay=False, max_tasks=1, worker_id=worker_id, excluded_queue_names=[],
    ).run_task(job)  # fmt: skip
    job.refresh_from_db()
    return job


def person_moves(match, token, client="203.0.113.1"):
    legal = get_game(match.engine).engine.legal_moves(
        get_game(match.engine).engine.from_dict(match.state), 0
    )
    match_play_move(
        match=match, token=token, seat=0, move=legal[0], expected_version=match.version,
        client=client,
    )  # fmt: skip


def bot_table(game, client="203.0.113.1"):
    """A table whose bot is to move (its job queued)."""
    match, token = match_start(game=game, seats=PERSON_THEN_BOT, client=client)
    person_moves(match, token, client)
    return match, token


def test_a_person_s_move_queues_the_bot_turn_and_a_worker_plays_it(queued, buffalo_game):
    match, _token = bot_table(buffalo_game)
    assert match.bot_to_move and match.plies == 1  # nothing played inside the request
    job = jobs().get()
    assert job.args_kwargs["kwargs"] == {
        "match_id": match.pk, "version": match.version, "client": "203.0.113.1",
    }  # fmt: skip
    assert run_next_job().status == TaskResultStatus.SUCCESSFUL
    match.refresh_from_db()
    assert match.plies == 2 and not match.bot_to_move
    assert MoveRecord.objects.filter(match=match, by_bot=True).count() == 1
    assert not jobs().exists()  # the person's turn: no further job


def test_two_workers_on_the_same_turn_record_one_move(queued, buffalo_game):
    match, _token = bot_table(buffalo_game)
    version = match.version
    assert match_bot_turn(match_id=match.pk, version=version) == "played"
    assert match_bot_turn(match_id=match.pk, version=version) == "dropped"
    assert MoveRecord.objects.filter(match=match, by_bot=True).count() == 1


def test_a_worker_overtaken_during_its_search_drops_its_move(queued, buffalo_game, monkeypatch):
    """Two workers think about the same turn at once: the one that commits second changes
    nothing (the version guard)."""
    match, _token = bot_table(buffalo_game)
    real, results, raced = bot_turns._bot_move, [], []

    def racing(*args, **kwargs):
        if not raced:  # the other worker plays the turn while this one thinks
            raced.append(True)
            results.append(match_bot_turn(match_id=match.pk, version=version))
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_turns, "_bot_move", racing)
    version = match.version
    results.append(match_bot_turn(match_id=match.pk, version=version))
    assert sorted(results) == ["dropped", "played"]
    assert MoveRecord.objects.filter(match=match, by_bot=True).count() == 1
    match.refresh_from_db()
    assert match.version == version + 1


def test_a_finished_match_s_job_is_dropped(queued, buffalo_game):
    match, _token = bot_table(buffalo_game)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    job = run_next_job()
    assert job.status == TaskResultStatus.SUCCESSFUL and job.return_value == "dropped"
    assert not MoveRecord.objects.filter(match=match, by_bot=True).exists()


def _age(match, seconds):
    """Pretend the bot's turn began ``seconds`` ago (and any job for it too)."""
    then = timezone.now() - timedelta(seconds=seconds)
    Match.objects.filter(pk=match.pk).update(updated_at=then)
    its_jobs = DBTaskResult.objects.filter(args_kwargs__kwargs__match_id=match.pk)
    its_jobs.update(enqueued_at=then)
    its_jobs.filter(started_at__isnull=False).update(started_at=then)


def test_a_killed_worker_s_turn_is_queued_again_by_the_next_poll(
    queued, buffalo_game, client, settings
):
    match, token = bot_table(buffalo_game)
    job = jobs().get()
    job.claim("killed-worker")  # claimed, then its worker died: « running » forever
    url = f"{API}{match.code}/"
    client.get(url, HTTP_X_SEAT_TOKEN=token)
    assert not jobs().exists()  # too early to say it is lost: nothing queued again
    _age(match, settings.PLAY_BOT_RECOVERY_SECONDS + 1)
    response = client.get(url, HTTP_X_SEAT_TOKEN=token)
    assert response.status_code == 200
    assert jobs().count() == 1
    assert jobs(TaskResultStatus.FAILED).get().pk == job.pk
    run_next_job("worker-2")
    match.refresh_from_db()
    assert match.plies == 2
    assert MoveRecord.objects.filter(match=match, by_bot=True).count() == 1


def test_the_workers_supervisor_requeues_a_lost_turn_without_any_poll(
    queued, buffalo_game, settings
):
    match, _token = bot_table(buffalo_game)
    jobs().delete()  # the job itself was lost
    assert bot_turns.bot_turns_recover() == 0  # not yet overdue
    _age(match, settings.PLAY_BOT_RECOVERY_SECONDS + 1)
    assert bot_turns.bot_turns_recover() == 1
    assert bot_turns.bot_turns_recover() == 0  # its job now waits: nothing more
    run_next_job()
    match.refresh_from_db()
    assert match.plies == 2 and not match.bot_to_move


def test_a_level_thinks_its_full_time_however_busy_the_site(
    queued, buffalo_game, monkeypatch, settings
):
    seen = []

    def bot_move(package, state, seat, *, level, seconds: float, rng):
        seen.append(seconds)
        return package.engine.legal_moves(state, seat)[0]

    monkeypatch.setattr(bot_turns, "_bot_move", bot_move)
    tables = [bot_table(buffalo_game, client=f"203.0.113.{n % 3}")[0] for n in range(12)]
    while run_next_job():
        pass
    assert seen == [settings.PLAY_BOT_MOVE_SECONDS] * len(tables)


def test_a_client_with_many_tables_waits_behind_a_client_with_one(queued, buffalo_game):
    crowded = [bot_table(buffalo_game, client="198.51.100.9")[0] for _ in range(3)]
    single, _token = bot_table(buffalo_game, client="203.0.113.5")
    order = []
    while job := run_next_job():
        order.append(job.args_kwargs["kwargs"]["match_id"])
    # The crowded client's first job was queued first; its others come after the single table.
    assert order == [crowded[0].pk, single.pk, crowded[1].pk, crowded[2].pk]


def test_a_long_queue_makes_the_page_say_the_computer_is_busy(
    queued, buffalo_game, client, settings
):
    ahead, _token = bot_table(buffalo_game, client="198.51.100.1")
    match, token = bot_table(buffalo_game, client="198.51.100.2")
    _age(ahead, settings.PLAY_BOT_BUSY_SECONDS + 2)  # queued before
    url = f"{API}{match.code}/"
    fresh = client.get(url, HTTP_X_SEAT_TOKEN=token)
    assert fresh.json()["bot_queue"] == {"position": 1, "busy": False}
    _age(match, settings.PLAY_BOT_BUSY_SECONDS + 1)
    # The page's last ETag no longer matches: it gets the news without a new version.
    response = client.get(url, HTTP_X_SEAT_TOKEN=token, HTTP_IF_NONE_MATCH=fresh["ETag"])
    assert response.status_code == 200
    assert response.json()["bot_queue"] == {"position": 1, "busy": True}
    assert response.json()["version"] == fresh.json()["version"]
    again = client.get(url, HTTP_X_SEAT_TOKEN=token, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    # The page's script shows its text beside « … réfléchit » when bot_queue.busy.
    page = client.get(f"/parties/{match.code}/").content.decode()
    texts = json.loads(page.split('id="play-texts" type="application/json">')[1].split("<")[0])
    assert texts["busy"].startswith("L'ordinateur est occupé")


def test_a_job_that_finds_a_person_s_turn_clears_the_mark(queued, buffalo_game):
    """(Matches marked by the migration: a person's turn after all gets no job again.)"""
    match, _token = match_start(game=buffalo_game, seats=PERSON_THEN_BOT)
    Match.objects.filter(pk=match.pk).update(bot_to_move=True)
    assert match_bot_turn(match_id=match.pk, version=match.version) == "dropped"
    match.refresh_from_db()
    assert not match.bot_to_move and match.plies == 0


def table_of_two_bots(client="198.51.100.3") -> Match:
    """An Alcatraz table whose person has moved: its two bots are to move (one job queued)."""
    from tests.factories import make_game

    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    seats = [SeatSpec("local"), SeatSpec("bot", bot_level="beginner"),
             SeatSpec("bot", bot_level="beginner")]  # fmt: skip
    match, token = match_start(game=game, seats=seats, client=client)
    engine = get_game("alcatraz").engine
    move = engine.legal_moves(engine.from_dict(match.state), 0)[0]
    match_play_move(
        match=match, token=token, seat=0, move=move, expected_version=match.version,
        client=client,
    )  # fmt: skip
    return match


def test_a_table_whose_bot_just_played_goes_to_the_back(queued, settings, db):
    """Past its slice, a job that finds another job waiting queues its table's next bot turn
    behind it: the tables take turns."""
    settings.PLAY_BOT_SLICE_SECONDS = 0
    tables = [table_of_two_bots().pk for _ in range(2)]
    order = []
    while job := run_next_job():
        order.append(job.args_kwargs["kwargs"]["match_id"])
    assert order[:4] == [tables[0], tables[1], tables[0], tables[1]]


def test_within_its_slice_a_job_plays_its_table_s_next_bot_too(queued, settings, db):
    """Quick moves of one table (a second bot, a Bataclan die) need no queue round trip each."""
    settings.PLAY_BOT_SLICE_SECONDS = 60
    tables = [table_of_two_bots().pk for _ in range(2)]
    job = run_next_job()
    assert job.args_kwargs["kwargs"]["match_id"] == tables[0]
    first = Match.objects.get(pk=tables[0])
    assert not first.bot_to_move  # both its bots played, though the other table waited
    assert {r.seat for r in first.moves.filter(by_bot=True)} == {1, 2}
    assert [j.args_kwargs["kwargs"]["match_id"] for j in jobs()] == [tables[1]]


def test_a_table_s_bots_play_in_one_job_while_no_other_job_waits(queued, settings, db):
    """No queue round trip between two bots of one table when nobody else waits for a worker."""
    settings.PLAY_BOT_SLICE_SECONDS = 0
    match = table_of_two_bots("198.51.100.4")
    assert jobs().count() == 1
    job = run_next_job()
    assert job.return_value == "played"
    match.refresh_from_db()
    assert {record.seat for record in match.moves.filter(by_bot=True)} == {1, 2}
    engine = get_game("alcatraz").engine
    assert engine.to_act(engine.from_dict(match.state)) == (0,)
    assert not match.bot_to_move and jobs().count() == 0
    assert DBTaskResult.objects.count() == 1  # the one job played both bots
