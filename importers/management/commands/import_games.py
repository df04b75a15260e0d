"""Import library exports (files or folders) into the catalogue."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from importers.records import RecordError
from importers.services import import_run

ACTION_LABELS = {"created": "créé", "updated": "mis à jour", "unchanged": "inchangé"}


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


class Command(BaseCommand):
    help = "Importe des notices de jeux (fichiers ou dossiers) dans le catalogue."

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

        def progress(index: int, total: int, name: str, entry: dict) -> None:
            if not show_progress:
                return
            prefix = f"[{index}/{total}] {name}"
            if entry["error"]:
                self.stderr.write(f"{prefix} : REJETÉ — {entry['error']['message']}")
                return
            for record in entry["records"]:
                review = ", ".join(record["review_fields"])
                flag = f" (à vérifier : {review})" if review else ""
                action = ACTION_LABELS[record["action"]]
                self.stdout.write(f"{prefix} : {record['title']} — {action}{flag}")

        report, batch = import_run(
            files=[(path.name, path.read_bytes()) for path in files],
            origin="commande",
            dry_run=dry_run,
            progress=progress,
        )
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
