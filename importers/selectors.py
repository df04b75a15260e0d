"""Reads of the importers app."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import ImportBatch


def import_batches() -> QuerySet:
    """The import history, newest first."""
    return ImportBatch.objects.select_related("created_by")
