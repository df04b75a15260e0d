"""An uploaded batch's life: stored and queued, confirmed or cancelled, retried, recovered.

Every step that takes time runs in a background job (:mod:`importers.jobs`); these functions
only change a batch's state and queue that job, so a web request answers at once.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .jobs import import_job
from .models import ImportBatch, ImportFile
from .services import shown

Status, Phase = ImportBatch.Status, ImportBatch.Phase


class BatchStateError(Exception):
    """The batch is not in a state that allows this step; ``status`` is the one it is in."""

    def __init__(self, batch: ImportBatch, message: str):
        super().__init__(message)
        self.batch, self.status, self.message = batch, batch.status, message


def batch_submit(
    *, files: Iterable[tuple[str, bytes]], user, origin: str, apply: bool = False,
    kind: str = ImportBatch.Kind.RECORDS,
) -> ImportBatch:  # fmt: skip
    """Keep uploaded files in a new batch and queue its job: a dry run whose report waits for
    a confirmation, or (``apply``) the import itself. ``kind``: library exports, or a ZIP of
    box photos (one file)."""
    with transaction.atomic():
        batch = ImportBatch.objects.create(
            created_by=user, origin=origin, status=Status.QUEUED, kind=kind,
            phase=Phase.APPLY if apply else Phase.READ,
        )  # fmt: skip
        ImportFile.objects.bulk_create(
            ImportFile(batch=batch, name=shown(name), content=data, size=len(data))
            for name, data in files
        )
        _queue(batch)
    batch.refresh_from_db()
    return batch


def batch_confirm(*, batch: ImportBatch) -> ImportBatch:
    """Queue the import of a batch whose dry-run report was read (``pending``)."""
    return _requeue(batch, allowed=(Status.PENDING,), phase=Phase.APPLY, verb="confirmer")


def batch_retry(*, batch: ImportBatch) -> ImportBatch:
    """Queue a failed batch's job again (the same phase: nothing of it was written)."""
    return _requeue(batch, allowed=(Status.FAILED,), phase=None, verb="relancer")


def batch_cancel(*, batch: ImportBatch) -> ImportBatch:
    """Drop a batch that waits for its confirmation, or that failed: nothing is written."""
    with transaction.atomic():
        locked = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        if locked.status not in (Status.PENDING, Status.FAILED):
            raise BatchStateError(locked, _refusal(locked, "annuler"))
        locked.status = Status.CANCELLED
        locked.save(update_fields=["status"])
    return locked


def _requeue(batch: ImportBatch, *, allowed, phase, verb: str) -> ImportBatch:
    with transaction.atomic():
        locked = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        if locked.status not in allowed:
            raise BatchStateError(locked, _refusal(locked, verb))
        locked.status = Status.QUEUED
        locked.phase = phase or locked.phase
        locked.error = ""
        locked.save(update_fields=["status", "phase", "error"])
        _queue(locked)
    locked.refresh_from_db()
    return locked


def _refusal(batch: ImportBatch, verb: str) -> str:
    return f"Impossible de {verb} l'import n° {batch.pk} : il est « {batch.get_status_display()} »."


def _queue(batch: ImportBatch) -> None:
    # In the batch's transaction: the database queue's row commits with it (a worker finds the
    # batch and its files); an immediate backend (tests) runs the job here and now.
    import_job.enqueue(batch_id=batch.pk)


# --------------------------------------------------------------------------- lost workers


def batch_lost(batch: ImportBatch, *, now=None) -> bool:
    """Whether a batch said to be read or applied has lost its worker: a process of this
    machine that is gone, or one elsewhere that has not written its progress for
    ``IMPORT_LOST_SECONDS`` (its writes never wait that long on PostgreSQL)."""
    if batch.status not in (Status.READING, Status.APPLYING):
        return False
    host, _, pid = batch.worker.rpartition(":")
    if host == socket.gethostname() and pid.isdigit():
        return not _alive(int(pid))
    now = now or timezone.now()
    seen = batch.heartbeat_at or batch.started_at or batch.created_at
    return now - seen > timedelta(seconds=settings.IMPORT_LOST_SECONDS)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


LOST_MESSAGE = (
    "Le processus qui lisait ou importait ces fichiers s'est arrêté : rien n'a été écrit. "
    "Relancez l'import."
)


def batches_recover() -> int:
    """Mark failed the batches whose worker died (the catalogue is as it was: their
    transaction died with it); how many. The workers' supervisor calls this every few seconds,
    and so does a page that shows the batch."""
    lost = [b.pk for b in ImportBatch.objects.filter(status__in=(Status.READING, Status.APPLYING))
            if batch_lost(b)]  # fmt: skip
    if not lost:
        return 0
    return ImportBatch.objects.filter(
        pk__in=lost, status__in=(Status.READING, Status.APPLYING)
    ).update(status=Status.FAILED, error=LOST_MESSAGE, finished_at=timezone.now())


def batch_refresh(*, batch: ImportBatch) -> ImportBatch:
    """The batch as it stands, marked failed first if its worker is gone."""
    if batch_lost(batch):
        batches_recover()
        batch.refresh_from_db()
    return batch
