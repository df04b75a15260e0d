"""The bots' job queue: a plain adapter over django-tasks for the bot-turn task
(:func:`play.services.bot_turns.bot_turn`, passed in by its callers: this module imports no
service). Workers run it with ``manage.py bot_workers``.

The queue is django-tasks' database backend (a table, on SQLite as on PostgreSQL; workers on
other machines share it through the database). A job says "play the bot's turn in match X at
version V": the worker plays one move with the level's full thinking time, commits it under the
match's version guard (a job for an older version, a finished match or a second worker on the
same turn changes nothing). If a bot is to move again, the same job plays it while it has run
less than ``PLAY_BOT_SLICE_SECONDS`` or no other job waits; otherwise it queues the next job
behind the other tables' jobs, so that tables take turns.

Fairness per client (the address that made the move, or created the table): a job is queued
with a priority lowered by the number of that client's bot jobs already waiting, so a client
with ten tables gets its turns after a one-table client's, however early it queued them; among
equal priorities the oldest job goes first.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks.base import TASK_MIN_PRIORITY, Task, TaskResultStatus
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

QUEUE = "bots"
_immediate = threading.local()


def _jobs(task: Task):
    return DBTaskResult.objects.filter(task_path=task.module_path, queue_name=QUEUE)


def is_queued_by_database(task: Task) -> bool:
    return isinstance(task.get_backend(), DatabaseBackend)


def queue_bot_turn(task: Task, *, match_id: int, version: int, client: str = "") -> None:
    """Queue the job (of ``task``) that plays the bot's turn of ``match_id`` at ``version``."""
    kwargs = {"match_id": match_id, "version": version, "client": client or ""}
    if not is_queued_by_database(task):
        # An immediate backend (tests) plays the job inside this call: the turns a bot job
        # queues in turn are played by this loop, not by ever deeper recursion.
        pending = getattr(_immediate, "pending", None)
        if pending is not None:
            pending.append(kwargs)
            return
        _immediate.pending = [kwargs]
        try:
            while _immediate.pending:
                task.enqueue(**_immediate.pending.pop(0))
        finally:
            _immediate.pending = None
        return
    waiting = _jobs(task).filter(status=TaskResultStatus.READY, args_kwargs__kwargs__client=client)
    priority = max(TASK_MIN_PRIORITY, -waiting.count()) if client else 0
    task.using(priority=priority).enqueue(**kwargs)


def others_waiting(task: Task) -> bool:
    """Whether any bot job waits for a worker (always False without a database queue: the
    immediate backend plays every turn at once)."""
    return (
        is_queued_by_database(task) and _jobs(task).filter(status=TaskResultStatus.READY).exists()
    )


def _job_of(task: Task, match_id: int, version: int):
    return _jobs(task).filter(
        args_kwargs__kwargs__match_id=match_id, args_kwargs__kwargs__version=version
    )


def live_job(task: Task, *, match_id: int, version: int, since: datetime) -> bool:
    """Whether a job for this turn waits, or runs and started after ``since``. One that started
    before was lost with its worker (a search lasts ``PLAY_BOT_MOVE_SECONDS``): it is marked
    failed, so that it never counts again."""
    jobs = _job_of(task, match_id, version)
    if jobs.filter(status=TaskResultStatus.READY).exists():
        return True
    running = jobs.filter(status=TaskResultStatus.RUNNING)
    if running.filter(started_at__gte=since).exists():
        return True
    running.update(status=TaskResultStatus.FAILED, finished_at=timezone.now())
    return False


def queue_position(task: Task, *, match_id: int, version: int) -> dict | None:
    """Where this turn's job stands: ``{"position": jobs before it, "waited": seconds}``; None
    when none waits (it is running, or played)."""
    if not is_queued_by_database(task):
        return None
    job = (
        _job_of(task, match_id, version)
        .filter(status=TaskResultStatus.READY)
        .values("priority", "enqueued_at")
        .order_by("enqueued_at")
        .first()
    )
    if job is None:
        return None
    ready = _jobs(task).filter(status=TaskResultStatus.READY)
    ahead = (
        ready.filter(priority__gt=job["priority"]).count()
        + ready.filter(priority=job["priority"], enqueued_at__lt=job["enqueued_at"]).count()
    )
    waited = (timezone.now() - job["enqueued_at"]).total_seconds()
    return {"position": ahead, "waited": waited}


def waiting_since(task: Task, *, match_id: int, version: int, before: datetime) -> bool:
    """Whether this turn's job has been waiting for a worker since before ``before``."""
    if not is_queued_by_database(task):
        return False
    return (
        _job_of(task, match_id, version)
        .filter(status=TaskResultStatus.READY, enqueued_at__lt=before)
        .exists()
    )


def busy_seconds() -> float:
    return settings.PLAY_BOT_BUSY_SECONDS


def busy_cutoff() -> datetime:
    return timezone.now() - timedelta(seconds=busy_seconds())


def recovery_cutoff() -> datetime:
    return timezone.now() - timedelta(seconds=settings.PLAY_BOT_RECOVERY_SECONDS)


def prune_finished(task: Task, *, older_than: timedelta = timedelta(minutes=2)) -> int:
    """Delete the bot jobs finished long enough ago (their rows are of no further use)."""
    deleted, _ = (
        _jobs(task)
        .filter(
            status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED],
            finished_at__lt=timezone.now() - older_than,
        )
        .delete()
    )
    return deleted
