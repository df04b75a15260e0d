"""Writing parsed records to the catalogue: one transaction per file, a report for every run.

Parsing (``importers.formats``) never touches the database; this module is the only writer. A file
that fails to parse or to validate is rejected whole — nothing from it is written — while the other
files of the batch still import. A dry run does the same work inside a transaction that is rolled
back, so its report is exactly what a real run would do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

from catalogue import services as catalogue_services
from catalogue import text
from catalogue.engines import engine_for_title
from catalogue.models import Author, Category, Credit, Game, Publisher

from .formats import parse_file
from .models import ImportBatch, ImportFile
from .records import AuthorCredit, GameRecord, RecordError

logger = logging.getLogger(__name__)
CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"
Progress = Callable[[int, int, str, dict[str, Any]], None]


@dataclass
class ImportReport:
    dry_run: bool
    files: list[dict[str, Any]] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        records = [r for f in self.files for r in f["records"]]
        return {
            CREATED: sum(r["action"] == CREATED for r in records),
            UPDATED: sum(r["action"] == UPDATED for r in records),
            UNCHANGED: sum(r["action"] == UNCHANGED for r in records),
            "flagged": sum(bool(r["review_fields"]) for r in records),
            "rejected": sum(f["error"] is not None for f in self.files),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"dry_run": self.dry_run, "totals": self.totals(), "files": self.files}


class _Rollback(Exception):
    """Raised inside a dry run's transaction so that nothing it did is kept."""


def records_import(
    *,
    files: Iterable[tuple[str, bytes]],
    dry_run: bool = False,
    batch: ImportBatch | None = None,
    progress: Progress | None = None,
) -> ImportReport:
    """Import ``(name, content)`` files; a ``dry_run`` reports what would happen, writes nothing."""
    files = [(_shown(name), data) for name, data in files]
    report = ImportReport(dry_run=dry_run)
    try:
        with transaction.atomic():
            for index, (name, data) in enumerate(files, start=1):
                entry = _import_file(name, data, batch=None if dry_run else batch)
                report.files.append(entry)
                if progress:
                    progress(index, len(files), name, entry)
            if dry_run:
                raise _Rollback
    except _Rollback:
        pass
    return report


def _import_file(name: str, data: bytes, *, batch: ImportBatch | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "format": "",
        "records": [],
        "error": None,
        "warnings": [],
    }
    try:
        if len(data) > settings.IMPORT_MAX_UPLOAD_BYTES:
            raise RecordError(
                f"fichier trop volumineux ({len(data)} octets, maximum "
                f"{settings.IMPORT_MAX_UPLOAD_BYTES})",
                source_name=name,
            )
        entry["format"], records = parse_file(name, data, warnings=entry["warnings"])
        for record in records:
            _merge_duplicate_credits(record, entry["warnings"])
            _check_storable(record)
        with transaction.atomic():
            entry["records"] = [_save_record(record, batch=batch) for record in records]
    except RecordError as error:
        entry["records"] = []
        entry["error"] = error.to_dict()
    return _shown(entry)


def _shown(value: Any) -> Any:
    """``value`` (a report entry) with every string safe to store and to send as UTF-8: a NUL
    shown as « ␀ », a lone surrogate as « ? » (a file's bad text is quoted in its error)."""
    if isinstance(value, str):
        if "\x00" in value:
            value = value.replace("\x00", "\u2400")
        return value.encode("utf-8", "replace").decode("utf-8") if not value.isascii() else value
    if isinstance(value, dict):
        return {key: _shown(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shown(item) for item in value]
    return value


def _merge_duplicate_credits(record: GameRecord, warnings: list[str]) -> None:
    """One credit per person and role: a repeated one (« Hervé Petits, Auteur » twice, case and
    accents aside) is kept once, with a remark in the file's report."""
    kept: dict[tuple[str, str], AuthorCredit] = {}
    for credit in record.authors:
        key = (text.fold(credit.name), text.fold(credit.role))
        if key in kept:
            warnings.append(
                f"notice « {record.title} » : « {credit.name}, {credit.role} » figure deux "
                "fois parmi les auteurs ; le crédit n'est gardé qu'une fois"
            )
            continue
        kept[key] = credit
    record.authors = list(kept.values())


#: Text the catalogue stores beside the game itself (whose own fields Game.full_clean checks):
#: record attribute → (model field, what an error calls it).
_RELATED_TEXT = {
    "publisher": (Publisher._meta.get_field("name"), "publisher"),
    "category_code": (Category._meta.get_field("code"), "category"),
    "category_label": (Category._meta.get_field("label"), "category"),
    "category_family": (Category._meta.get_field("family"), "category"),
}


#: The games' numbers are small integers on every database (SQLite would take more).
_SMALL_INTEGER_MAX = BaseDatabaseOperations.integer_field_ranges["PositiveSmallIntegerField"][1]


def _unstorable(value: str) -> str | None:
    """Why PostgreSQL could not store ``value`` as text, or None."""
    if "\x00" in value:
        return "caractère NUL (0x00) interdit (fichier corrompu ?)"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "caractère UTF-16 isolé (« \\ud800 ») interdit"
    return None


def _check_storable(record: GameRecord) -> None:
    """Refuse, naming the record and the field, what the database would refuse: NUL and lone
    surrogates anywhere, and names longer than their column (authors, roles, publisher,
    category), which the game's own validation does not cover."""
    texts: list[tuple[str, str, int | None]] = []
    for name, value in record.to_dict().items():
        if isinstance(value, str):
            texts.append((name, value, None))
        elif name == "review_fields":
            texts += [(name, item, None) for item in value]
        elif name == "rules_sections":
            texts += [(name, s[part], None) for s in value for part in ("heading", "body")]
    for credit in record.authors:
        texts.append(("authors", credit.name, Author._meta.get_field("name").max_length))
        texts.append(("authors", credit.role, Credit._meta.get_field("role").max_length))
    for attribute, (model_field, name) in _RELATED_TEXT.items():
        texts.append((name, getattr(record, attribute), model_field.max_length))
    for name in ("min_players", "max_players", "min_age", "max_age", "duration_minutes"):
        value = getattr(record, name)
        if value is not None and not 0 <= value <= _SMALL_INTEGER_MAX:
            raise RecordError(
                f"nombre hors limites « {value} » (au plus {_SMALL_INTEGER_MAX})",
                source_name=record.source_name, record=record.title, field=name,
            )  # fmt: skip
    for name, value, max_length in texts:
        problem = _unstorable(value)
        if problem is None and max_length is not None and len(value) > max_length:
            problem = f"« {value[:40]}… » dépasse {max_length} caractères"
        if problem:
            raise RecordError(
                problem, source_name=record.source_name, record=record.title, field=name
            )


def _game_values(game: Game) -> dict[str, Any]:
    """A catalogue game in the shape of :meth:`GameRecord.to_dict`, to tell "unchanged"."""
    category = game.category
    return {
        "title": game.title,
        "document_type": game.document_type,
        "authors": [
            {"name": c.author.name, "role": c.role} for c in game.credits.select_related("author")
        ],
        "publisher": game.publisher.name if game.publisher_id else "",
        "category": {"code": category.code, "label": category.label, "family": category.family}
        if category
        else None,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "min_age": game.min_age,
        "max_age": game.max_age,
        "duration_minutes": game.duration_minutes,
        "principle": game.principle,
        "pedagogical_analysis": game.pedagogical_analysis,
        "components": game.components,
        "rules_text": game.rules_text,
        "rules_sections": game.rules_sections,
        "review_fields": game.review_fields,
    }


def _save_record(record: GameRecord, *, batch: ImportBatch | None) -> dict[str, Any]:
    key = text.fold(record.title)
    values = record.to_dict()
    game = Game.objects.filter(import_key=key).first()
    if game is not None and _game_values(game) == values:
        action = UNCHANGED
    else:
        action = CREATED if game is None else UPDATED
        game = game or Game(import_key=key)
        _apply(game, record, values, batch=batch)
    return {
        "title": record.title,
        "slug": game.slug,
        "action": action,
        "review_fields": values["review_fields"],
    }


def _apply(game: Game, record: GameRecord, values: dict[str, Any], *, batch) -> None:
    for name in (
        "title document_type min_players max_players min_age max_age duration_minutes principle "
        "pedagogical_analysis components rules_text rules_sections review_fields"
    ).split():
        setattr(game, name, values[name])
    game.publisher = (
        catalogue_services.publisher_get_or_create(name=record.publisher)
        if record.publisher
        else None
    )
    game.category = (
        catalogue_services.category_get_or_create(
            code=record.category_code, label=record.category_label, family=record.category_family
        )
        if record.category_code
        else None
    )
    if not game.engine:
        game.engine = engine_for_title(text.fold(record.title))
    game.needs_review = bool(record.missing_fields)
    game.source_file = record.source_name
    game.source_format = record.source_format
    game.import_batch = batch
    game.imported_at = timezone.now()
    try:
        credits = [(author["name"], author["role"]) for author in values["authors"]]
        catalogue_services.game_save(game=game, credits=credits)
    except ValidationError as error:
        field_name, messages = next(iter(error.message_dict.items()))
        raise RecordError(
            " ".join(messages),
            source_name=record.source_name,
            record=record.title,
            field="" if field_name == "__all__" else field_name,
        ) from None
    except DatabaseError:
        # Every value is checked beforehand (_check_storable, Game.full_clean): reaching this is
        # a bug, logged for developers; the librarian still gets a rejected file, not a crash.
        logger.exception(
            "import of %r (%s) refused by the database", record.title, record.source_name
        )
        raise RecordError(
            "notice impossible à enregistrer telle quelle ; signalez-la aux développeurs",
            source_name=record.source_name,
            record=record.title,
        ) from None


def _store_report(batch: ImportBatch, report: ImportReport) -> None:
    totals = report.totals()
    for name in (CREATED, UPDATED, UNCHANGED, "flagged", "rejected"):
        setattr(batch, name, totals[name])
    batch.report = report.to_dict()


@transaction.atomic
def import_batch_prepare(*, files: Iterable[tuple[str, bytes]], user, origin: str) -> ImportBatch:
    """Keep uploaded files in a pending batch, with the dry-run report a librarian confirms."""
    files = [(_shown(name), data) for name, data in files]
    batch = ImportBatch.objects.create(created_by=user, origin=origin)
    ImportFile.objects.bulk_create(
        ImportFile(batch=batch, name=name, content=data, size=len(data)) for name, data in files
    )
    _store_report(batch, records_import(files=files, dry_run=True))
    batch.save()
    return batch


def import_batch_apply(*, batch: ImportBatch, progress: Progress | None = None) -> ImportBatch:
    """Import a pending batch's files for real (the dry run may be stale: this report is fresh)."""
    with transaction.atomic():
        batch = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        if batch.status != ImportBatch.Status.PENDING:
            raise ValueError(f"batch {batch.pk} is {batch.status}, not pending")
        files = [(f.name, bytes(f.content)) for f in batch.files.all()]
        _store_report(batch, records_import(files=files, batch=batch, progress=progress))
        batch.status = ImportBatch.Status.APPLIED
        batch.save()
    return batch


def import_batch_cancel(*, batch: ImportBatch) -> None:
    ImportBatch.objects.filter(pk=batch.pk, status=ImportBatch.Status.PENDING).update(
        status=ImportBatch.Status.CANCELLED
    )


def import_run(
    *,
    files: Iterable[tuple[str, bytes]],
    user=None,
    origin: str,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> tuple[ImportReport, ImportBatch | None]:
    """Import in one step (command line, API): a dry run leaves no trace; a real run is recorded."""
    if dry_run:
        return records_import(files=files, dry_run=True, progress=progress), None
    batch = ImportBatch.objects.create(
        created_by=user, origin=origin, status=ImportBatch.Status.APPLIED
    )
    report = records_import(files=files, batch=batch, progress=progress)
    _store_report(batch, report)
    batch.save()
    return report, batch
