"""Rebuild the search index replica of this server from the database, or bring it up to date."""

from __future__ import annotations

import time
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone

from catalogue.index import store
from catalogue.management.progress import ProgressBar


class Command(BaseCommand):
    help = (
        "Index de recherche : « rebuild » le reconstruit depuis la base, « sync » applique les "
        "modifications en attente, « status » dit où il en est, « prune » allège le journal."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("action", choices=["rebuild", "sync", "status", "prune"])
        parser.add_argument(
            "--keep-days",
            type=int,
            default=30,
            help="prune : garde les modifications de moins de N jours (défaut 30) ; une réplique "
            "en retard de plus se reconstruit",
        )

    def handle(self, *args, action: str, verbosity: int, keep_days: int, **options) -> None:
        if action == "prune":
            deleted = store.log_prune(older_than=timezone.now() - timedelta(days=keep_days))
            self.stdout.write(f"{deleted} modification(s) supprimée(s) du journal.")
            return
        replica = store.replica()
        if action == "status":
            state = replica.status()
            self.stdout.write(
                f"{replica.path} : {state['documents']} jeu(x) indexé(s), modification "
                f"n° {state['seq']} appliquée, dernière du journal n° {state['head']}, "
                f"{state['bytes']:,} octets."
            )
            return
        bar = ProgressBar(self.stdout, "Indexation", enabled=verbosity >= 1)
        started = time.monotonic()
        if action == "rebuild":
            count = replica.rebuild(progress=bar.update)
        else:
            replica.sync(progress=bar.update)
            count = None
        bar.finish()
        elapsed = time.monotonic() - started
        state = replica.status()
        done = f"{count} jeu(x) indexé(s)" if count is not None else "index à jour"
        self.stdout.write(
            f"{done} en {elapsed:.1f} s ; {state['documents']} document(s), "
            f"{state['bytes']:,} octets sur le disque ({replica.path})."
        )
