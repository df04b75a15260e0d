"""How much thinking the bots may do: per request, per client, per match, for the whole site.

Bots think inside web requests, so their time is the web workers' time. Four bounds keep it
from crowding out visitors (all shared by every process, in the cache):

* one request thinks at most ``PLAY_BOT_BUDGET_SECONDS`` (the rest waits for the next poll);
* one request at a time thinks for a given match, and at most ``PLAY_BOT_CONCURRENCY``
  requests think at the same time, site-wide (a slot each);
* per minute, at most ``PLAY_BOT_CLIENT_SECONDS`` of thinking for one client address,
  ``PLAY_BOT_MATCH_SECONDS`` for one match and ``PLAY_BOT_SITE_SECONDS`` for everyone — as a
  steady rate, not a window that could be spent in one burst: each budget refills continuously
  and holds at most three requests' worth (a generic cell-rate algorithm: the cache keeps, per
  budget, the time at which it will be full again).

When a bound is reached the bots simply wait: a later poll lets them continue.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache

#: Less than this is not worth starting a search for.
MIN_THINKING_SECONDS = 0.05
#: How many requests' worth of thinking a budget holds at most (its burst).
_BURST_REQUESTS = 3


def _wall_clock() -> float:
    """Seconds since the epoch: every process agrees on it (unlike ``time.monotonic``)."""
    return time.time()


def _budgets(client: str | None, match_code: str) -> list[tuple[str, float]]:
    """(cache key, seconds of thinking per minute) of every budget this request draws on."""
    budgets = [
        ("bot-budget:site", settings.PLAY_BOT_SITE_SECONDS),
        (f"bot-budget:match:{match_code}", settings.PLAY_BOT_MATCH_SECONDS),
    ]
    if client:
        budgets.append((f"bot-budget:client:{client}", settings.PLAY_BOT_CLIENT_SECONDS))
    return budgets


def _capacity(per_minute: float) -> float:
    return min(per_minute, _BURST_REQUESTS * settings.PLAY_BOT_BUDGET_SECONDS)


def _available(full_at: float | None, per_minute: float, now: float) -> float:
    """Seconds of thinking left in a budget that will be full again at ``full_at``."""
    if full_at is None or full_at <= now:
        return _capacity(per_minute)
    return max(0.0, _capacity(per_minute) - (full_at - now) * per_minute / 60)


def _charge(full_at: float | None, per_minute: float, now: float, spent: float) -> float:
    return max(full_at or now, now) + spent * 60 / per_minute


def _take(keys: list[str]) -> str | None:
    """The first of ``keys`` that this request could claim, or None (all taken)."""
    timeout = int(settings.PLAY_BOT_BUDGET_SECONDS) + 30  # freed even if a worker dies
    owner = uuid.uuid4().hex
    return next((key for key in keys if cache.add(key, owner, timeout=timeout)), None)


def _release(*keys: str | None) -> None:
    cache.delete_many([key for key in keys if key])


@contextmanager
def bot_thinking(*, client: str | None, match_code: str, wanted: float) -> Iterator[float]:
    """Yield how many seconds the bots of ``match_code`` may think now (0: wait), and charge
    the time actually spent to the client, the match and the site when done."""
    budgets = _budgets(client, match_code)
    keys = [key for key, _rate in budgets]
    now = _wall_clock()
    full_at = cache.get_many(keys)
    allowed = min([wanted] + [_available(full_at.get(k), rate, now) for k, rate in budgets])
    if allowed < MIN_THINKING_SECONDS:
        yield 0.0
        return
    # One request thinks for a match at a time (others would search the same position), and
    # at most PLAY_BOT_CONCURRENCY requests think at all.
    match_lock = _take([f"bot-match:{match_code}"])
    slot = _take([f"bot-slot:{n}" for n in range(settings.PLAY_BOT_CONCURRENCY)])
    if match_lock is None or slot is None:
        _release(match_lock, slot)
        yield 0.0
        return
    started = time.monotonic()
    try:
        yield allowed
    finally:
        spent = time.monotonic() - started
        now = _wall_clock()
        full_at = cache.get_many(keys)
        cache.set_many(
            {key: _charge(full_at.get(key), rate, now, spent) for key, rate in budgets},
            timeout=3600,
        )
        _release(match_lock, slot)
