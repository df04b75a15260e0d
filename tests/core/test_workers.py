"""Background workers yield the CPU to the web (issue 48): the supervisor starts each worker in
the idle scheduling class, in a session (kernel scheduling group) of its own at the weakest
autogroup weight, at its nice value — or, with WORKERS_IDLE off, at its nice value alone."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from core.workers import Supervisor, idle_scheduling


@contextmanager
def started_worker() -> Iterator[int]:
    """A worker as the supervisor starts one (here a process that only sleeps): its pid."""
    supervisor = Supervisor(
        queue="imports", count=1, interval=1, verbosity=0, sweep=lambda out: None,
        stop_grace=1, out=sys.stdout, err=sys.stderr,
    )  # fmt: skip
    supervisor.command = [sys.executable, "-c", "import time; time.sleep(30)"]
    child = supervisor.start()
    try:
        time.sleep(0.3)
        yield child.pid
    finally:
        child.kill()
        child.wait()


def test_workers_yield_the_cpu_to_the_web(settings):
    settings.WORKERS_IDLE, settings.WORKERS_NICE = True, 5
    with started_worker() as pid:
        assert idle_scheduling(pid)
        assert os.getsid(pid) != os.getsid(0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == 5
        autogroup = f"/proc/{pid}/autogroup"
        if os.path.exists(autogroup):
            with open(autogroup) as group:
                assert group.read().strip().endswith("nice 19")


def test_workers_may_keep_the_normal_scheduling_class(settings):
    settings.WORKERS_IDLE, settings.WORKERS_NICE = False, 3
    with started_worker() as pid:
        assert not idle_scheduling(pid)
        assert os.getsid(pid) == os.getsid(0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == 3
