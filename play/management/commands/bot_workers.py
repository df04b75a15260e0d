"""Run the bot workers: N processes of django-tasks' ``db_worker`` on the ``bots`` queue.

    manage.py bot_workers [--workers N]

N defaults to ``PLAY_BOT_WORKERS`` (the machine's cores minus ``PLAY_WEB_CORES``, a quarter of
them by default, rounded, at least one). Each worker plays one job at a time: a bot move, and
the next bots' moves of the same table within its slice (``PLAY_BOT_SLICE_SECONDS``) or while no
other job waits. This supervisor restarts a
worker that dies, and every few seconds queues again the bot turns whose worker was lost (killed
mid-search: the job stays « running » forever), then deletes old finished jobs. SIGINT or
SIGTERM stops everything. Start it on as many machines as you like, against the same database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from play import tasks
from play.services import bot_turns_recover

#: How often the supervisor looks for lost bot turns and dead workers (seconds).
SWEEP_SECONDS = 5.0


class Command(BaseCommand):
    help = "Run the bot workers (django-tasks db_worker processes on the bots queue)."

    def add_arguments(self, parser):
        parser.add_argument("--workers", type=int, default=None, help="default: PLAY_BOT_WORKERS")
        parser.add_argument(
            "--interval", type=float, default=0.1, help="idle workers look for a job this often"
        )

    def handle(self, *, workers, interval, verbosity, **options):
        count = workers or settings.PLAY_BOT_WORKERS
        manage = str(Path(settings.BASE_DIR) / "manage.py")
        command = [
            sys.executable, manage, "db_worker", "--queue-name", tasks.QUEUE,
            "--interval", str(interval), "--no-reload", "--no-startup-delay",
            "--verbosity", str(max(0, verbosity - 1)),
        ]  # fmt: skip
        stopping = False

        def stop(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        nice = settings.PLAY_BOT_NICE

        def start() -> subprocess.Popen:
            # Lower the worker's priority (not this supervisor's): visitors' pages come first
            # on a core the web needs; a bot keeps its full thinking time (wall clock).
            return subprocess.Popen(command, preexec_fn=lambda: os.nice(nice) if nice else None)

        children = [start() for _ in range(count)]
        self.stdout.write(f"{count} bot worker(s) on the « {tasks.QUEUE} » queue (nice {nice})")
        try:
            while not stopping:
                time.sleep(SWEEP_SECONDS)
                children = [c if c.poll() is None else start() for c in children]
                close_old_connections()
                try:
                    recovered = bot_turns_recover()
                    tasks.prune_finished()
                except Exception as error:  # the database away a moment: try again later
                    self.stderr.write(f"sweep failed: {error!r}")
                    continue
                if recovered:
                    self.stdout.write(f"{recovered} lost bot turn(s) queued again")
        finally:
            for child in children:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children:
                try:
                    child.wait(timeout=settings.PLAY_BOT_MOVE_SECONDS + 5)
                except subprocess.TimeoutExpired:
                    child.kill()
