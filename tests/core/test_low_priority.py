"""CPU-heavy work anyone can ask for runs in a background thread at the lowest CPU priority
(core/low_priority.py): password hashes (issue 9; bots think on worker processes)."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from django.contrib.auth.hashers import check_password, make_password
from django.test import override_settings

from core import low_priority
from core.low_priority import run_low_priority


def where() -> tuple[str, int | None]:
    name = threading.current_thread().name
    try:
        nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except (AttributeError, OSError):
        nice = None
    return name, nice


def test_work_runs_in_the_low_priority_thread_and_returns_its_result():
    name, nice = run_low_priority(where)
    assert name.startswith(low_priority.THREAD_NAME)
    assert name != threading.current_thread().name
    if sys.platform.startswith("linux"):
        assert nice == low_priority.NICENESS
    # …and the caller's own priority is untouched.
    assert where()[1] != low_priority.NICENESS


def test_an_exception_reaches_the_caller():
    def fail(value):
        raise ValueError(value)

    with pytest.raises(ValueError, match="boom"):
        run_low_priority(fail, "boom")


def test_nested_use_runs_in_place():
    assert run_low_priority(run_low_priority, where)[0].startswith(low_priority.THREAD_NAME)


@override_settings(PASSWORD_HASHERS=["core.hashers.LowPriorityPBKDF2PasswordHasher"])
def test_password_hashes_are_computed_at_low_priority_in_the_default_format(monkeypatch):
    seen = []
    real = low_priority.run_low_priority

    def spy(function, /, *args, **kwargs):
        seen.append(threading.current_thread().name)
        return real(function, *args, **kwargs)

    monkeypatch.setattr("core.hashers.run_low_priority", spy)
    encoded = make_password("bibli-0-theque")
    assert encoded.startswith("pbkdf2_sha256$")  # Django's own format: old hashes stay valid
    assert check_password("bibli-0-theque", encoded)
    assert not check_password("wrong", encoded)
    assert len(seen) == 3
