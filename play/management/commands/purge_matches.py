"""Remove abandoned matches: unfinished, and untouched for a while (sooner if nobody played)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from play.services.purge import matches_purge_abandoned


class Command(BaseCommand):
    help = (
        "Supprime les parties abandonnées : inachevées et inactives depuis PLAY_ABANDONED_AFTER "
        "secondes (24 h par défaut) sans aucun coup d'un joueur, ou depuis PLAY_STALE_AFTER "
        "secondes (30 jours par défaut) quels que soient les coups joués. Les parties terminées "
        "ou en cours sont gardées."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="compte les parties qui seraient supprimées, sans rien supprimer",
        )
        parser.add_argument(
            "--older-than",
            type=int,
            metavar="SECONDES",
            default=None,
            help="sans coup d'un joueur, inactives depuis au moins ce nombre de secondes "
            "(défaut : PLAY_ABANDONED_AFTER)",
        )
        parser.add_argument(
            "--stale-after",
            type=int,
            metavar="SECONDES",
            default=None,
            help="même jouées, inactives depuis au moins ce nombre de secondes "
            "(défaut : PLAY_STALE_AFTER)",
        )

    def handle(
        self, *args, dry_run: bool, older_than: int | None, stale_after: int | None, **options
    ):
        seconds = settings.PLAY_ABANDONED_AFTER if older_than is None else older_than
        stale = settings.PLAY_STALE_AFTER if stale_after is None else stale_after
        if seconds < 0:
            raise CommandError("--older-than : un nombre de secondes positif ou nul.")
        if stale < 0:
            raise CommandError("--stale-after : un nombre de secondes positif ou nul.")
        count = matches_purge_abandoned(
            older_than=timedelta(seconds=seconds),
            stale_after=timedelta(seconds=stale),
            dry_run=dry_run,
        )
        if dry_run:
            self.stdout.write(f"{count} partie(s) abandonnée(s) seraient supprimée(s).")
        else:
            self.stdout.write(f"{count} partie(s) abandonnée(s) supprimée(s).")
