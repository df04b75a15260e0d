"""Background workers that yield the CPU to the web: the supervisor behind ``bot_workers`` and
``import_workers``.

Each worker is a django-tasks ``db_worker`` process on one queue. Visitors come first: a worker
starts in a session of its own (so, under the kernel's autogrouping, a scheduling group of its
own), lowers that group to the weakest weight (``/proc/self/autogroup`` nice 19), takes the idle
scheduling class (``SCHED_IDLE``: it runs only on a core nothing else wants) and its ``nice``.
A plain ``nice`` alone does not hold: with autogrouping, the kernel shares a busy core between
sessions first, whatever the niceness inside them, so workers started from another terminal or
service would get as much CPU as the whole web server. Under a service manager (systemd), give
the workers' unit ``CPUWeight=1`` (cgroups decide between services) — see the README.

The supervisor restarts a worker that dies, runs ``sweep`` every :data:`SWEEP_SECONDS` (the
apps' recovery of jobs whose worker was lost), and stops every worker on SIGINT or SIGTERM.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

#: How often the supervisor looks for lost jobs and dead workers (seconds).
SWEEP_SECONDS = 5.0
#: The autogroup's nice value a worker takes (the weakest: 19).
AUTOGROUP_NICE = 19
#: prctl's option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a new worker process: SIGTERM when its supervisor dies, whatever killed it (a worker
    in a session of its own no longer gets the terminal's Ctrl-C). Linux only."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the supervisor died before the call: nobody to work for
        os._exit(0)


def yield_cpu(nice: int, *, idle: bool = True) -> None:
    """In a new worker process (before it runs Django): its own scheduling group at the
    weakest weight and the idle scheduling class (unless not ``idle``), and ``nice``. Each step
    is skipped where the system does not offer it."""
    if not idle:
        _nice(nice)
        return
    try:
        os.setsid()
    except OSError:
        pass
    try:
        with open("/proc/self/autogroup", "w") as autogroup:
            autogroup.write(str(AUTOGROUP_NICE))
    except OSError:  # no autogrouping (not Linux, or a kernel without it)
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        pass
    _nice(nice)


def _nice(nice: int) -> None:
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass


def idle_scheduling(pid: int) -> bool:
    """Whether process ``pid`` runs in the idle scheduling class."""
    try:
        return os.sched_getscheduler(pid) == os.SCHED_IDLE
    except (AttributeError, OSError):
        return False


class Supervisor:
    """Runs ``count`` workers on ``queue`` until SIGINT or SIGTERM."""

    def __init__(
        self,
        *,
        queue: str,
        count: int,
        interval: float,
        verbosity: int,
        sweep: Callable[[TextIO], None],
        stop_grace: float,
        out: TextIO,
        err: TextIO,
    ):
        self.queue, self.count, self.sweep, self.stop_grace = queue, count, sweep, stop_grace
        self.out, self.err = out, err
        manage = str(Path(settings.BASE_DIR) / "manage.py")
        self.command = [
            sys.executable, manage, "db_worker", "--queue-name", queue,
            "--interval", str(interval), "--no-reload", "--no-startup-delay",
            "--verbosity", str(max(0, verbosity - 1)),
        ]  # fmt: skip
        self.nice, self.idle = settings.WORKERS_NICE, settings.WORKERS_IDLE
        self.stopping = False

    def start(self) -> subprocess.Popen:
        nice, idle = self.nice, self.idle

        def prepare() -> None:
            yield_cpu(nice, idle=idle)
            die_with_parent()

        return subprocess.Popen(self.command, preexec_fn=prepare)

    def run(self) -> None:
        def stop(signum, frame):
            self.stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        children = [self.start() for _ in range(self.count)]
        how = "idle scheduling, " if self.idle else ""
        self.out.write(
            f"{self.count} worker(s) on the « {self.queue} » queue ({how}nice {self.nice})"
        )
        try:
            while not self.stopping:
                time.sleep(SWEEP_SECONDS)
                children = [c if c.poll() is None else self.start() for c in children]
                close_old_connections()
                try:
                    self.sweep(self.out)
                except Exception as error:  # the database away a moment: try again later
                    self.err.write(f"sweep failed: {error!r}")
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children:
                try:
                    child.wait(timeout=self.stop_grace)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
            close_old_connections()
            try:
                self.sweep(self.out)  # what a killed worker left
            except Exception as error:
                self.err.write(f"sweep failed: {error!r}")


class WorkersCommand(BaseCommand):
    """``manage.py <app>_workers [--workers N] [--interval S]``: a :class:`Supervisor` of the
    app's queue. A subclass names its ``queue``, its default ``count()`` and ``stop_grace()``,
    and its ``sweep(out)``."""

    queue = ""
    interval = 0.1

    def add_arguments(self, parser):
        parser.add_argument("--workers", type=int, default=None, help="default: from settings")
        parser.add_argument(
            "--interval", type=float, default=self.interval,
            help="idle workers look for a job this often (seconds)",
        )  # fmt: skip

    def count(self) -> int:
        raise NotImplementedError

    def stop_grace(self) -> float:
        raise NotImplementedError

    def sweep(self, out: TextIO) -> None:
        raise NotImplementedError

    def handle(self, *, workers, interval, verbosity, **options):
        Supervisor(
            queue=self.queue,
            count=workers or self.count(),
            interval=interval,
            verbosity=verbosity,
            sweep=self.sweep,
            stop_grace=self.stop_grace(),
            out=self.stdout,
            err=self.stderr,
        ).run()
