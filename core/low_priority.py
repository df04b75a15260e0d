"""CPU-heavy work that any anonymous client can ask for — a bot's search, a password hash —
runs in a background thread of the same process at the lowest CPU priority (``nice`` 19), and
the request waits for it.

A web worker's other requests, and the other workers, then always come first on the CPU: a
flood of bot polls or password guesses slows the bots and the guesses, not the visitors. The
work itself keeps its wall-clock budget (a bot searches to its deadline and plays what it has),
so under load it does less, never more. On Linux a thread's ``nice`` value is its own
(``setpriority`` on the thread id); where it cannot be lowered the thread runs as before.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

#: The ``nice`` value of the background thread (19: the lowest priority there is).
NICENESS = 19
THREAD_NAME = "low-priority"

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_owner_pid = 0  # a forked child (gunicorn --preload) needs a thread of its own


def _lower_own_priority() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)
    except (AttributeError, OSError):  # not Linux, or not allowed: normal priority
        pass


def _pool() -> ThreadPoolExecutor:
    global _executor, _owner_pid
    with _lock:
        if _executor is None or _owner_pid != os.getpid():
            _executor = ThreadPoolExecutor(
                max_workers=1, thread_name_prefix=THREAD_NAME, initializer=_lower_own_priority
            )
            _owner_pid = os.getpid()
        return _executor


def run_low_priority(function: Callable[..., T], /, *args, **kwargs) -> T:
    """``function(*args, **kwargs)`` computed at the lowest CPU priority; its result or its
    exception. Only for pure computation: the thread has no database connection of its own
    worth using (Django's connections are per thread)."""
    if threading.current_thread().name.startswith(THREAD_NAME):
        return function(*args, **kwargs)  # already there (nested use)
    return _pool().submit(function, *args, **kwargs).result()
