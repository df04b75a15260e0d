"""How much thinking the bots may do: per request, per client, per match, for the whole site.

Bots think inside web requests, so their time is the web workers' time. Four bounds keep it
from crowding out visitors (all shared by every process, in the cache):

* one request thinks at most ``PLAY_BOT_BUDGET_SECONDS`` (the rest waits for the next poll);
* one request at a time thinks for a given match, and at most ``PLAY_BOT_CONCURRENCY``
  requests think at the same time, site-wide (a slot each);
* per minute, at most ``PLAY_BOT_CLIENT_SECONDS`` of thinking for one client address,
  ``PLAY_BOT_MATCH_SECONDS`` for one match and ``PLAY_BOT_SITE_SECONDS`` for everyone.

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
_WINDOW = 60


def _counters(client: str | None, match_code: str) -> list[tuple[str, float]]:
    window = int(time.time() // _WINDOW)
    counters = [
        (f"bot-seconds:site:{window}", settings.PLAY_BOT_SITE_SECONDS),
        (f"bot-seconds:match:{match_code}:{window}", settings.PLAY_BOT_MATCH_SECONDS),
    ]
    if client:
        counters.append((f"bot-seconds:client:{client}:{window}", settings.PLAY_BOT_CLIENT_SECONDS))
    return counters


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
    counters = _counters(client, match_code)
    values = cache.get_many([key for key, _limit in counters])
    allowed = min([wanted] + [limit - values.get(key, 0.0) for key, limit in counters])
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
        current = cache.get_many([key for key, _limit in counters])
        cache.set_many(
            {key: current.get(key, 0.0) + spent for key, _limit in counters}, timeout=2 * _WINDOW
        )
        _release(match_lock, slot)
