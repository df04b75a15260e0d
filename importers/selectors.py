"""Reads of the importers app."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from catalogue.models import Game

from .models import ImportBatch, ImportedGame
from .progress import seconds_left


def import_batches() -> QuerySet:
    """The import history, newest first."""
    return ImportBatch.objects.select_related("created_by")


def game_batch(game: Game) -> ImportBatch | None:
    """The import batch that last wrote ``game`` (a catalogue game), or None."""
    link = ImportedGame.objects.select_related("batch").filter(game=game).first()
    return link.batch if link else None


def game_batch_id(game: Game) -> int | None:
    """The id of the import batch that last wrote ``game``, or None (one small query)."""
    return ImportedGame.objects.filter(game=game).values_list("batch_id", flat=True).first()


def batch_games(batch: ImportBatch) -> QuerySet:
    """The catalogue games that ``batch`` last wrote."""
    return Game.objects.filter(import_link__batch=batch)


def batch_progress(batch: ImportBatch) -> dict:
    """Where a batch's job stands, as the admin's progress bar and the API show it: the status,
    the share done, the records read and files refused so far, the seconds elapsed and left
    (None while unknown), and the error of a failed job."""
    working = batch.status in (ImportBatch.Status.READING, ImportBatch.Status.APPLYING)
    finished = batch.status not in ImportBatch.WORKING
    share = 1.0 if finished else 0.0
    if working and batch.progress_total:
        share = min(1.0, batch.progress_done / batch.progress_total)
    elapsed = None
    if batch.started_at:
        end = batch.finished_at if finished and batch.finished_at else timezone.now()
        elapsed = max(0.0, (end - batch.started_at).total_seconds())
    left = seconds_left(share, elapsed) if working and elapsed is not None else None
    return {
        "status": batch.status,
        "status_label": str(batch.get_status_display()),
        "phase": batch.phase,
        "finished": finished,
        "share": round(share, 4),
        "percent": int(share * 100),
        "records_read": batch.records_read,
        "files_rejected": batch.files_rejected,
        "elapsed_seconds": None if elapsed is None else round(elapsed, 1),
        "seconds_left": None if left is None else round(left),
        "error": batch.error,
    }
