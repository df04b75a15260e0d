"""Rebuild the search index replica of this server from the database, or bring it up to date."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from catalogue.index import store
from catalogue.management.progress import ProgressBar


class Command(BaseCommand):
    help = (
        "Index de recherche : « rebuild » le reconstruit depuis la base, « sync » applique les "
        "modifications en attente, « status » dit où il en est."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("action", choices=["rebuild", "sync", "status"])

    def handle(self, *args, action: str, verbosity: int, **options) -> None:
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
