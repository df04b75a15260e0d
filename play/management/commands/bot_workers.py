"""Run the bot workers: N processes of django-tasks' ``db_worker`` on the ``bots`` queue.

    manage.py bot_workers [--workers N]

N defaults to ``PLAY_BOT_WORKERS`` (the machine's cores minus ``PLAY_WEB_CORES``, a quarter of
them by default, rounded, at least one). Each worker plays one job at a time: a bot move, and
the next bots' moves of the same table within its slice (``PLAY_BOT_SLICE_SECONDS``) or while no
other job waits. Workers yield the CPU to the web (:mod:`core.workers`). This supervisor
restarts a worker that dies, and every few seconds queues again the bot turns whose worker was
lost (killed mid-search: the job stays « running » forever), then deletes old finished jobs.
SIGINT or SIGTERM stops everything. Start it on as many machines as you like, against the same
database.
"""

from __future__ import annotations

from django.conf import settings

from core.workers import WorkersCommand
from play import tasks
from play.services.bot_turns import bot_turn, bot_turns_recover


class Command(WorkersCommand):
    help = "Run the bot workers (django-tasks db_worker processes on the bots queue)."
    queue = tasks.QUEUE

    def count(self) -> int:
        return settings.PLAY_BOT_WORKERS

    def stop_grace(self) -> float:
        return settings.PLAY_BOT_MOVE_SECONDS + 5

    def sweep(self, out) -> None:
        recovered = bot_turns_recover()
        tasks.prune_finished(bot_turn)
        if recovered:
            out.write(f"{recovered} lost bot turn(s) queued again")
