"""Background workers yield the CPU to the web (issue 48): the supervisor starts each worker in
the idle scheduling class, in a session (kernel scheduling group) of its own at the weakest
autogroup weight, at its nice value — or, with WORKERS_IDLE off, at its nice value alone."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


SUPERVISOR = """
import django, sys, time
django.setup()
from core.workers import Supervisor
supervisor = Supervisor(
    queue="imports", count=1, interval=1, verbosity=0, sweep=lambda out: None,
    stop_grace=1, out=sys.stdout, err=sys.stderr,
)
supervisor.command = [sys.executable, "-c", "import time; time.sleep(60)"]
print(supervisor.start().pid, flush=True)
time.sleep(60)
"""


def test_a_worker_stops_when_its_supervisor_is_killed():
    """A worker in a session of its own gets no Ctrl-C from the terminal: it ends with its
    supervisor, whatever killed the supervisor."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test"}
    root = Path(__file__).resolve().parents[2]
    supervisor = subprocess.Popen(
        [sys.executable, "-c", SUPERVISOR], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    worker = int(supervisor.stdout.readline())
    assert os.path.exists(f"/proc/{worker}")
    supervisor.kill()
    supervisor.wait()
    deadline = time.monotonic() + 5
    while os.path.exists(f"/proc/{worker}") and time.monotonic() < deadline:
        try:  # reap it if it is ours to reap (it is not: its parent was the supervisor)
            os.waitpid(worker, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.05)
    state = (
        Path(f"/proc/{worker}/stat").read_text().split()[2]
        if os.path.exists(f"/proc/{worker}")
        else "gone"
    )
    assert state in ("gone", "Z"), state
