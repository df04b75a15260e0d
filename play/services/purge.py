"""The purge of abandoned matches: tables nobody came back to, deleted in bounded batches."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from play.models import Match, MoveRecord

# Creating a table purges abandoned matches at most this often (one cache key, shared by every
# process), and at most this many each time: the request that does it stays short.
PURGE_INTERVAL_SECONDS = 3600
PURGE_CACHE_KEY = "play:abandoned-purge"
PURGE_BATCH = 500


def _abandoned(*, older_than: timedelta, stale_after: timedelta):
    """Unfinished matches untouched (no move, undo, join or poll that let a bot move) for
    ``older_than`` that no person has played (bots may have opened), or for ``stale_after``
    whoever played them (a table left after a move or two)."""
    people_moved = MoveRecord.objects.filter(match=OuterRef("pk"), by_bot=False)
    now = timezone.now()
    unplayed = Q(updated_at__lt=now - older_than) & ~Q(Exists(people_moved))
    return Match.objects.filter(
        unplayed | Q(updated_at__lt=now - stale_after), status=Match.Status.ACTIVE
    )


def matches_purge_abandoned(
    *,
    older_than: timedelta,
    stale_after: timedelta | None = None,
    limit: int | None = None,
    dry_run: bool = False,
) -> int:
    """Delete abandoned matches (see :func:`_abandoned`; ``stale_after`` defaults to
    ``PLAY_STALE_AFTER``), at most ``limit``; how many there were (with ``dry_run``: how many
    would go, nothing deleted). Finished matches and matches in progress are kept; a series'
    earlier rounds lose only their link to a deleted next round (seats, moves and gesture
    challenges go with their match)."""
    if stale_after is None:
        stale_after = timedelta(seconds=settings.PLAY_STALE_AFTER)
    window = {"older_than": older_than, "stale_after": stale_after}
    matches = _abandoned(**window).order_by("pk")
    if dry_run:
        return matches.count() if limit is None else min(matches.count(), limit)
    deleted = 0
    while limit is None or deleted < limit:
        size = PURGE_BATCH if limit is None else min(PURGE_BATCH, limit - deleted)
        batch = list(matches.values_list("pk", flat=True)[:size])
        if not batch:
            break
        with transaction.atomic():
            # Checked again as they go: a move may have been played since the batch was read.
            _count, removed = _abandoned(**window).filter(pk__in=batch).delete()
        deleted += removed.get(Match._meta.label, 0)
        if len(batch) < size:
            break
    return deleted


def matches_purge_abandoned_if_due() -> int:
    """The purge, if no process has run it within ``PURGE_INTERVAL_SECONDS`` (a cache ``add``:
    one process wins), bounded to ``PURGE_BATCH`` matches. The ``purge_matches`` command does
    the same from cron, without the bound."""
    if not cache.add(PURGE_CACHE_KEY, True, timeout=PURGE_INTERVAL_SECONDS):
        return 0
    return matches_purge_abandoned(
        older_than=timedelta(seconds=settings.PLAY_ABANDONED_AFTER),
        stale_after=timedelta(seconds=settings.PLAY_STALE_AFTER),
        limit=PURGE_BATCH,
    )
