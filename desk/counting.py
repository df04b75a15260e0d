"""Writing the desk's counts: one upsert per event, which never breaks the page that counts.

A count is ``INSERT … ON CONFLICT (week, kind, key) DO UPDATE SET count = count + EXCLUDED.count``
(SQLite and PostgreSQL alike): one statement for every key an event adds, whatever existed
before. Anything going wrong is logged and forgotten: a page is worth more than its count.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterable
from datetime import date, timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.utils import timezone

from .models import WeeklyCount

logger = logging.getLogger(__name__)

KEY_MAX = WeeklyCount._meta.get_field("key").max_length
UPSERT_VENDORS = ("sqlite", "postgresql")  # both understand INSERT … ON CONFLICT DO UPDATE
PRUNE_EVERY_SECONDS = 24 * 3600

# Words in a user agent that say a program, not a person, asked (read, never stored).
_ROBOT = re.compile(
    r"bot\b|bot/|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|preview|"
    r"lighthouse|pagespeed|headless|phantomjs|monitor|pingdom|uptime|curl/|wget/|httpie|"
    r"python-requests|python-urllib|aiohttp|httpx|go-http-client|java/|libwww|okhttp",
    re.IGNORECASE,
)

_last_prune: float | None = None


def is_robot(user_agent: str) -> bool:
    """Whether a request's user agent says it is a crawler, a bot or a script."""
    return bool(_ROBOT.search(user_agent or ""))


def request_counts(request) -> bool:
    """Whether a request is counted: a page read (GET), not by a robot."""
    if request is None:
        return True
    if request.method != "GET":  # a HEAD, a form sent: nobody read the page
        return False
    return not is_robot(request.META.get("HTTP_USER_AGENT", ""))


def week_of(day: date) -> date:
    """The Monday starting ``day``'s ISO week."""
    return day - timedelta(days=day.weekday())


def this_week() -> date:
    return week_of(timezone.localdate())


def counts_add(pairs: Iterable[tuple[str, str]], *, week: date | None = None) -> bool:
    """Add one to each ``(kind, key)`` of ``pairs`` for ``week`` (this week by default).

    Returns whether the counts were written; an error is logged, never raised, and leaves the
    caller's transaction usable (a savepoint when there is one).
    """
    rows = list(dict.fromkeys((kind, key[:KEY_MAX]) for kind, key in pairs))
    if not rows:
        return True
    week = week or this_week()
    try:
        if connection.in_atomic_block:
            with transaction.atomic():
                _upsert(rows, week)
        else:
            _upsert(rows, week)
        _prune_if_due()
    except Exception:  # noqa: BLE001 — counting must never break the page
        logger.exception("desk: could not count %s", sorted({kind for kind, _ in rows}))
        return False
    return True


def _upsert(rows: list[tuple[str, str]], week: date) -> None:
    if connection.vendor not in UPSERT_VENDORS:
        for kind, key in rows:
            row, created = WeeklyCount.objects.get_or_create(
                week=week, kind=kind, key=key, defaults={"count": 1}
            )
            if not created:
                WeeklyCount.objects.filter(pk=row.pk).update(count=F("count") + 1)
        return
    q = connection.ops.quote_name
    table = q(WeeklyCount._meta.db_table)
    week_c, kind_c, key_c, count_c = q("week"), q("kind"), q("key"), q("count")
    values = ", ".join(["(%s, %s, %s, 1)"] * len(rows))
    params: list = []
    week_value = connection.ops.adapt_datefield_value(week)
    for kind, key in rows:
        params += [week_value, kind, key]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({week_c}, {kind_c}, {key_c}, {count_c}) VALUES {values} "
            f"ON CONFLICT ({week_c}, {kind_c}, {key_c}) "
            f"DO UPDATE SET {count_c} = {table}.{count_c} + EXCLUDED.{count_c}",
            params,
        )


def keep_weeks() -> int:
    return max(1, int(getattr(settings, "DESK_KEEP_WEEKS", 104)))


def counts_prune(*, today: date | None = None) -> int:
    """Delete the counts of the weeks older than ``DESK_KEEP_WEEKS``; returns how many rows."""
    oldest = week_of(today or timezone.localdate()) - timedelta(weeks=keep_weeks() - 1)
    deleted, _ = WeeklyCount.objects.filter(week__lt=oldest).delete()
    return deleted


def _prune_if_due() -> None:
    """Prune at most once a day in each process, on its first count and a day after."""
    global _last_prune
    now = time.monotonic()
    if _last_prune is not None and now - _last_prune < PRUNE_EVERY_SECONDS:
        return
    _last_prune = now
    try:
        with transaction.atomic():  # a savepoint inside the caller's transaction
            counts_prune()
    except DatabaseError:
        logger.exception("desk: could not delete old counts")


def counts_rekey(*, kinds: Iterable[str], old: str, new: str) -> None:
    """Move the counts of ``old`` onto ``new`` (a game merged into another), adding them up."""
    for row in WeeklyCount.objects.filter(kind__in=list(kinds), key=old):
        updated = WeeklyCount.objects.filter(week=row.week, kind=row.kind, key=new).update(
            count=F("count") + row.count
        )
        if updated:
            row.delete()
        else:
            WeeklyCount.objects.filter(pk=row.pk).update(key=new)
