"""Remove abandoned matches: nobody played them and nothing has touched them for a while."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from play.services import matches_purge_abandoned


class Command(BaseCommand):
    help = (
        "Supprime les parties abandonnées : aucun coup d'un joueur, inachevées et inactives "
        "depuis PLAY_ABANDONED_AFTER secondes (24 h par défaut). Les parties terminées ou en "
        "cours sont gardées."
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
            help="inactives depuis au moins ce nombre de secondes (défaut : PLAY_ABANDONED_AFTER)",
        )

    def handle(self, *args, dry_run: bool, older_than: int | None, **options):
        seconds = settings.PLAY_ABANDONED_AFTER if older_than is None else older_than
        if seconds < 0:
            raise CommandError("--older-than : un nombre de secondes positif ou nul.")
        count = matches_purge_abandoned(older_than=timedelta(seconds=seconds), dry_run=dry_run)
        if dry_run:
            self.stdout.write(f"{count} partie(s) abandonnée(s) seraient supprimée(s).")
        else:
            self.stdout.write(f"{count} partie(s) abandonnée(s) supprimée(s).")
