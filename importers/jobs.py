"""Imports run as background jobs, never in a web request (``manage.py import_workers``).

An upload is stored in a batch and answered at once; a job on the ``imports`` queue (the bots'
task framework, django-tasks with its database backend, on a queue of its own so that an import
never delays a bot's move and a bot never delays an import) then

* ``read``: reads every file through once without the database (records read, files refused),
  then runs the dry run; the batch waits for a librarian's confirmation (``pending``) with the
  report;
* ``apply``: the same two passes, writing for real (``applied``).

While it runs, a thread with a database connection of its own writes the progress on the batch
every :data:`PROGRESS_SECONDS` (outside the import's transaction, so that the admin's progress
bar and the API see it at once). On SQLite, whose one writer is then the import itself, that
write waits until the import commits: the progress moves during the check pass and jumps at
the end; on PostgreSQL it moves throughout.

A job that fails leaves the batch ``failed`` with the catalogue as it was (each import runs in
one transaction). A worker that dies mid-job leaves its batch ``reading`` or ``applying``:
:func:`importers.batches.batches_recover` marks it failed once its worker is gone. Either way a
librarian can queue it again.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from django.db import close_old_connections, connection, transaction
from django.utils import timezone
from django_tasks import task
from django_tasks.base import TaskResultStatus
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from .models import ImportBatch
from .photo_zip import ZipRefused, photo_zip_import
from .progress import CHECK_WEIGHT, WRITE_WEIGHT, ImportProgress
from .services import files_check, records_import, store_report

logger = logging.getLogger(__name__)

QUEUE = "imports"
#: How often a running job writes its progress (seconds).
PROGRESS_SECONDS = 0.5


@task(queue_name=QUEUE)
def import_job(*, batch_id: int) -> str:
    """Run the queued phase of batch ``batch_id``: what became of it."""
    return batch_run(batch_id)


def is_queued_by_database() -> bool:
    return isinstance(import_job.get_backend(), DatabaseBackend)


def worker_name() -> str:
    """This process, as a batch names the worker that runs it: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def batch_run(batch_id: int) -> str:
    """Claim the batch (only a ``queued`` one: a job run twice does nothing the second time),
    run its phase and record the outcome."""
    now = timezone.now()
    claimed = ImportBatch.objects.filter(pk=batch_id, status=ImportBatch.Status.QUEUED)
    batch = claimed.first()
    if batch is None:
        return "skipped"
    working = (
        ImportBatch.Status.APPLYING
        if batch.phase == ImportBatch.Phase.APPLY
        else ImportBatch.Status.READING
    )
    if not claimed.update(
        status=working, worker=worker_name(), started_at=now, heartbeat_at=now, error="",
        progress_done=0, progress_total=0, records_read=0, files_rejected=0, finished_at=None,
    ):  # fmt: skip
        return "skipped"
    batch.refresh_from_db()
    try:
        status = _run(batch)
    except Exception:
        logger.exception("import %s failed", batch_id)
        ImportBatch.objects.filter(pk=batch_id, status=working).update(
            status=ImportBatch.Status.FAILED,
            error="Erreur inattendue pendant l'import : rien n'a été écrit. Relancez-le ; si "
            "l'erreur revient, signalez-la avec le numéro de l'import.",
            finished_at=timezone.now(),
        )
        return ImportBatch.Status.FAILED
    return status


def _run(batch: ImportBatch) -> str:
    if batch.kind == ImportBatch.Kind.PHOTOS:
        return _run_photos(batch)
    files = [(f.name, bytes(f.content)) for f in batch.files.all()]
    apply = batch.phase == ImportBatch.Phase.APPLY
    tracker = ImportProgress([len(data) for _, data in files], (CHECK_WEIGHT, WRITE_WEIGHT))
    with ProgressWriter(batch.pk, tracker):
        tracker.pass_started(0)
        refused = files_check(files=files, tracker=tracker)
        tracker.pass_started(1)
        report = records_import(
            files=files, dry_run=not apply, batch=batch if apply else None,
            tracker=tracker, checked=refused,
        )  # fmt: skip
    status = ImportBatch.Status.APPLIED if apply else ImportBatch.Status.PENDING
    snapshot = tracker.snapshot()
    with transaction.atomic():
        batch = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        store_report(batch, report)
        batch.status = status
        batch.progress_done = batch.progress_total = snapshot.total
        batch.records_read, batch.files_rejected = snapshot.records, snapshot.rejected
        batch.finished_at = batch.heartbeat_at = timezone.now()
        batch.save()
    return status


def _run_photos(batch: ImportBatch) -> str:
    """A ZIP of box photos (:mod:`importers.photo_zip`): its report, or the reason the archive
    is refused whole (the batch then fails with it, nothing written)."""
    data = bytes(batch.files.get().content)
    apply = batch.phase == ImportBatch.Phase.APPLY
    tracker = ImportProgress([1])
    tracker.file_started(0)
    try:
        with ProgressWriter(batch.pk, tracker):
            report = photo_zip_import(
                data=data, apply=apply, advanced=lambda n, total: tracker.advanced(1, (n, total))
            )
    except ZipRefused as refusal:
        ImportBatch.objects.filter(pk=batch.pk).update(
            status=ImportBatch.Status.FAILED, error=refusal.message, finished_at=timezone.now(),
            files_rejected=1, rejected=1, report={"kind": "photos", "error": refusal.message},
        )  # fmt: skip
        return ImportBatch.Status.FAILED
    totals = report["totals"]
    snapshot = tracker.snapshot()
    with transaction.atomic():
        batch = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        batch.report = report
        batch.created, batch.unchanged = totals["added"], totals["unchanged"]
        batch.updated, batch.flagged = 0, 0
        batch.rejected = totals["unmatched"] + totals["refused"]
        batch.status = ImportBatch.Status.APPLIED if apply else ImportBatch.Status.PENDING
        batch.progress_done = batch.progress_total = snapshot.total
        batch.records_read, batch.files_rejected = len(report["files"]), batch.rejected
        batch.finished_at = batch.heartbeat_at = timezone.now()
        batch.save()
    return batch.status


class ProgressWriter:
    """Writes ``tracker``'s progress on batch ``batch_id`` while the ``with`` block runs: from a
    thread of its own (its own database connection) when the job runs on a worker; not at all
    when it runs inside a transaction (the request that queued it, in tests), whose rows another
    connection could not see."""

    def __init__(self, batch_id: int, tracker: ImportProgress):
        self.batch_id, self.tracker = batch_id, tracker
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ProgressWriter:
        if is_queued_by_database() and not connection.in_atomic_block:
            self._thread = threading.Thread(target=self._loop, name="import-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def write(self) -> None:
        snapshot = self.tracker.snapshot()
        ImportBatch.objects.filter(pk=self.batch_id, status__in=ImportBatch.WORKING).update(
            progress_done=snapshot.done,
            progress_total=snapshot.total,
            records_read=snapshot.records,
            files_rejected=snapshot.rejected,
            heartbeat_at=timezone.now(),
        )

    def _loop(self) -> None:
        try:
            while not self._stop.wait(PROGRESS_SECONDS):
                try:
                    self.write()
                except Exception as error:  # a locked SQLite file, the database away a moment
                    logger.debug("import progress not written: %r", error)
        finally:
            close_old_connections()
            connection.close()


def prune_finished(*, older_than: timedelta = timedelta(minutes=10)) -> int:
    """Delete the import jobs finished long enough ago (the batch keeps what they did)."""
    deleted, _ = DBTaskResult.objects.filter(
        task_path=import_job.module_path,
        queue_name=QUEUE,
        status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED],
        finished_at__lt=timezone.now() - older_than,
    ).delete()
    return deleted
