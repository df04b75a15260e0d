"""Import library exports (files or folders) into the catalogue."""

from __future__ import annotations

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalogue.index import store
from catalogue.management.progress import ProgressBar
from importers.progress import ImportProgress, Snapshot
from importers.records import RecordError
from importers.services import import_run

ACTION_LABELS = {"created": "créé", "updated": "mis à jour", "unchanged": "inchangé"}
# Files with more records get a one-line summary instead of a line per record.
LISTED_RECORDS_MAX = 50


def collect_files(paths: list[str]) -> list[Path]:
    """The files named, and every file under the folders named (sorted, hidden files skipped)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found += sorted(
                p for p in path.rglob("*") if p.is_file() and not p.name.startswith(".")
            )
        elif path.is_file():
            found.append(path)
        else:
            raise CommandError(f"{raw} : aucun fichier ni dossier à ce chemin.")
    return found


def progress_detail(snapshot: Snapshot) -> str:
    """« notices lues : 8 400, fichiers refusés : 0, ~12 s restantes » (as the admin's bar)."""
    records = f"{snapshot.records:,}".replace(",", "\u202f")
    text = f"notices lues : {records}, fichiers refusés : {snapshot.rejected}"
    left = snapshot.seconds_left
    if left is not None and snapshot.share < 1:
        minutes, seconds = divmod(int(left), 60)
        text += (
            f", ~{minutes} min {seconds} s restantes" if minutes else f", ~{seconds} s restantes"
        )
    return text


class Command(BaseCommand):
    help = (
        "Importe des notices de jeux (fichiers ou dossiers, de toute taille : un grand CSV est lu "
        "notice par notice) dans le catalogue, puis met l'index de recherche à jour."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("paths", nargs="+", help="fichiers ou dossiers à importer")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="montre ce qui serait créé, mis à jour ou laissé tel quel, sans rien écrire",
        )

    def handle(self, *args, paths: list[str], dry_run: bool, verbosity: int, **options) -> None:
        files = collect_files(paths)
        if not files:
            raise CommandError("Aucun fichier à importer.")
        show_progress = verbosity >= 1
        bar = ProgressBar(self.stderr, "Import", enabled=show_progress)

        def progress(index: int, total: int, name: str, entry: dict) -> None:
            bar.finish()
            bar.drawn = 0.0
            if not show_progress:
                return
            prefix = f"[{index}/{total}] {name}"
            if entry["error"]:
                self.stderr.write(f"{prefix} : REJETÉ — {entry['error']['message']}")
                return
            counts = entry["counts"]
            if sum(counts[a] for a in ACTION_LABELS) > LISTED_RECORDS_MAX:
                self.stdout.write(
                    f"{prefix} : {counts['created']} créé(s), {counts['updated']} mis à jour, "
                    f"{counts['unchanged']} inchangé(s), {counts['flagged']} à vérifier"
                )
                return
            for record in entry["records"]:
                review = ", ".join(record["review_fields"])
                flag = f" (à vérifier : {review})" if review else ""
                action = ACTION_LABELS[record["action"]]
                self.stdout.write(f"{prefix} : {record['title']} — {action}{flag}")

        def show(snapshot: Snapshot) -> None:
            bar.update(snapshot.done, snapshot.total, progress_detail(snapshot))

        started = time.monotonic()
        options = {
            "files": [(path.name, path) for path in files],
            "origin": "commande",
            "dry_run": dry_run,
            "progress": progress,
            "tracker": ImportProgress([path.stat().st_size for path in files], on_change=show),
            "max_bytes": None,  # the command line reads any size; uploads keep their limit
        }
        if dry_run:
            report, batch = import_run(**options)
        else:
            # The index is fed as batches are written and committed right after the import.
            with store.replica().indexing_alongside() as index:
                report, batch = import_run(**options, index=index)
        totals = report.totals()
        mode = "Simulation (rien n'a été écrit)" if dry_run else f"Import n° {batch.pk}"
        self.stdout.write(
            f"{mode} : {totals['created']} créé(s), {totals['updated']} mis à jour, "
            f"{totals['unchanged']} inchangé(s), {totals['flagged']} à vérifier, "
            f"{totals['rejected']} fichier(s) rejeté(s)."
        )
        for entry in report.files:
            if entry["error"]:
                self.stderr.write(f"Rejeté : {RecordError.from_dict(entry['error']).describe()}")
        if dry_run:
            return
        elapsed = time.monotonic() - started
        records = sum(totals[a] for a in ACTION_LABELS)
        self.stdout.write(
            f"{records} notice(s) importée(s) et indexée(s) en {elapsed:.1f} s "
            f"({records / max(elapsed, 1e-9):,.0f} notices/s)."
        )
