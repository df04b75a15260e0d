"""Run the import workers: N processes of django-tasks' ``db_worker`` on the ``imports`` queue.

    manage.py import_workers [--workers N]

N defaults to ``IMPORT_WORKERS`` (1: imports are rare, and one runs at a time per worker). Each
worker reads or applies one uploaded batch at a time (:mod:`importers.jobs`), yielding the CPU to
the web (:mod:`core.workers`). This supervisor restarts a worker that dies, and every few
seconds marks failed the batches whose worker was lost (nothing of them was written: a librarian
can run them again) and deletes old finished jobs. SIGINT or SIGTERM stops everything; a job
still running after ``IMPORT_STOP_SECONDS`` is killed, and its batch marked failed.
"""

from __future__ import annotations

from django.conf import settings

from core.workers import WorkersCommand
from importers import jobs
from importers.batches import batches_recover


class Command(WorkersCommand):
    help = "Run the import workers (django-tasks db_worker processes on the imports queue)."
    queue = jobs.QUEUE
    interval = 0.5

    def count(self) -> int:
        return settings.IMPORT_WORKERS

    def stop_grace(self) -> float:
        return settings.IMPORT_STOP_SECONDS

    def sweep(self, out) -> None:
        failed = batches_recover()
        jobs.prune_finished()
        if failed:
            out.write(f"{failed} import(s) whose worker was lost marked failed")
