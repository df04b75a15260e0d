"""Writing parsed records to the catalogue: one transaction per file, a report for every run.

Parsing (``importers.formats``) never touches the database; this module is the only writer. A file
that fails to parse or to validate is rejected whole — nothing from it is written — while the other
files of the batch still import. A dry run does the same work inside a transaction that is rolled
back, so its report is exactly what a real run would do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.backends.base.operations import BaseDatabaseOperations

from catalogue import services as catalogue_services
from catalogue import text
from catalogue.engines import engine_for_title
from catalogue.models import Author, Category, Credit, Game, Publisher

from .bulk import BATCH_SIZE, CREATED, UNCHANGED, UPDATED, CatalogueWriter
from .formats import parse_file, parse_path
from .models import ImportBatch, ImportFile
from .records import AuthorCredit, GameRecord, RecordError

logger = logging.getLogger(__name__)
Progress = Callable[[int, int, str, dict[str, Any]], None]


@dataclass
class ImportReport:
    dry_run: bool
    files: list[dict[str, Any]] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        totals = {
            name: sum(f["counts"][name] for f in self.files)
            for name in (CREATED, UPDATED, UNCHANGED, "flagged")
        }
        return {**totals, "rejected": sum(f["error"] is not None for f in self.files)}

    def to_dict(self) -> dict[str, Any]:
        return {"dry_run": self.dry_run, "totals": self.totals(), "files": self.files}


class _Rollback(Exception):
    """Raised inside a dry run's transaction so that nothing it did is kept."""


# A file's report lists at most this many records (its counts cover them all).
REPORT_RECORDS_MAX = 1000
# After writing this many games, PostgreSQL's planner statistics are refreshed at once (see
# _statistics_refresh) rather than by autovacuum a minute or more later.
ANALYZE_AFTER_GAMES = 1000
Source = bytes | Path
RecordProgress = Callable[[int, int], None]


def records_import(
    *,
    files: Iterable[tuple[str, Source]],
    dry_run: bool = False,
    batch: ImportBatch | None = None,
    progress: Progress | None = None,
    record_progress: RecordProgress | None = None,
    max_bytes: int | None = -1,
    index=None,
) -> ImportReport:
    """Import ``(name, content)`` files; a ``dry_run`` reports what would happen, writes nothing.

    ``content`` is the file's bytes or a path (the command line: a large CSV file is then read
    one record at a time). A file over ``max_bytes`` (default ``IMPORT_MAX_UPLOAD_BYTES``; None:
    no limit) is refused before parsing. ``record_progress(done, total)`` follows the current file.
    ``index`` (:meth:`catalogue.index.store.Replica.indexing_alongside`) indexes each batch as it
    is written, so that the search index is ready soon after the import commits.
    """
    files = [(_shown(name), source) for name, source in files]
    limit = settings.IMPORT_MAX_UPLOAD_BYTES if max_bytes == -1 else max_bytes
    report = ImportReport(dry_run=dry_run)
    try:
        indexer = None if dry_run else index
        recorded = indexer.recorded if indexer else None
        with transaction.atomic(), catalogue_services.search_changes_batched(on_recorded=recorded):
            writer = CatalogueWriter(
                batch=None if dry_run else batch, engine_for_title=engine_for_title
            )
            for index, (name, source) in enumerate(files, start=1):
                entry = _import_file(
                    name,
                    source,
                    writer=writer,
                    limit=limit,
                    progress=record_progress,
                    index=indexer,
                )
                report.files.append(entry)
                if progress:
                    progress(index, len(files), name, entry)
            if dry_run:
                raise _Rollback
    except _Rollback:
        pass
    else:
        totals = report.totals()
        if totals[CREATED] + totals[UPDATED] >= ANALYZE_AFTER_GAMES:
            _statistics_refresh()
    return report


def _statistics_refresh() -> None:
    """ANALYZE the tables an import filled, on PostgreSQL: with the statistics of the empty
    tables, the search's page query (games by id, joined to their credits) is planned as a scan
    of every credit — 1 ms at 5,000 games, tens at 100,000 — until autovacuum catches up."""
    if connection.vendor != "postgresql":
        return  # SQLite's planner uses the indexes without statistics
    tables = [model._meta.db_table for model in (Game, Credit, Author, Publisher, Category)]
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(connection.ops.quote_name(t) for t in tables)}")


def _size(source: Source) -> int:
    return source.stat().st_size if isinstance(source, Path) else len(source)


def _import_file(
    name: str,
    source: Source,
    *,
    writer: CatalogueWriter,
    limit: int | None,
    progress: RecordProgress | None,
    index=None,
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "name": name,
        "format": "",
        "records": [],
        "error": None,
        "warnings": [],
        "counts": {CREATED: 0, UPDATED: 0, UNCHANGED: 0, "flagged": 0},
    }
    try:
        size = _size(source)
        if limit is not None and size > limit:
            raise RecordError(
                f"fichier trop volumineux ({size} octets, maximum {limit})", source_name=name
            )
        if isinstance(source, Path):
            entry["format"], records, position = parse_path(
                source, name, entry["warnings"], stream_bytes=settings.IMPORT_STREAM_BYTES
            )
        else:
            entry["format"], records = parse_file(name, source, warnings=entry["warnings"])
            position = None
        records = _checked(records, entry["warnings"], limit)
        with transaction.atomic():
            _save_all(records, writer, entry, size, position, progress, index)
    except RecordError as error:
        entry["records"] = []
        entry["counts"] = {CREATED: 0, UPDATED: 0, UNCHANGED: 0, "flagged": 0}
        entry["error"] = error.to_dict()
        writer.forget()  # what it created for this file was rolled back
    return _shown(entry)


def _checked(
    records: Iterable[GameRecord], warnings: list[str], limit: int | None
) -> Iterator[GameRecord]:
    """The records, each with its repeated credits merged and refused if the database could not
    store it or if it is larger than a file may be (read lazily: a large file streams through)."""
    for record in records:
        _merge_duplicate_credits(record, warnings)
        _check_storable(record)
        _check_size(record, limit)
        yield record


def _check_size(record: GameRecord, limit: int | None) -> None:
    """Refuse a record whose text, once decoded, is longer than a whole file may be: no format
    we read should expand (MARC XML's entities are refused), and this keeps it so whatever a
    parser does — the upload limit bounds what is written, not only what is received."""
    if limit is None:
        return
    texts = [
        record.title, record.document_type, record.publisher, record.category_code,
        record.category_label, record.category_family, record.principle,
        record.pedagogical_analysis, record.rules_text,
        *(part for credit in record.authors for part in (credit.name, credit.role)),
    ]  # fmt: skip
    if record.components not in record.rules_text:  # else it was read from the rules' « Contenu »
        texts.append(record.components)
    size = sum(map(len, texts))
    if size > limit:
        raise RecordError(
            f"notice de {size} caractères une fois lue, plus que la taille maximale d'un fichier "
            f"({limit} octets)",
            source_name=record.source_name,
            record=record.title[:80],
        )


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


def _save_all(records, writer, entry, size, position, progress, index) -> None:
    """Save the records in batches of distinct titles (a title seen again starts a new batch)."""
    pending: list[GameRecord] = []
    keys: set[str] = set()
    done = 0

    def flush() -> None:
        nonlocal done
        results, written = writer.save(pending)
        if index:
            index.add(written)
        for result in results:
            entry["counts"][result["action"]] += 1
            entry["counts"]["flagged"] += bool(result["review_fields"])
            if len(entry["records"]) < REPORT_RECORDS_MAX:
                entry["records"].append(result)
        done += len(pending)
        pending.clear()
        keys.clear()
        if progress:
            progress(position(), size) if position else progress(done, done)

    for record in records:
        key = text.fold(record.title)
        if key in keys or len(pending) >= BATCH_SIZE:
            flush()
        pending.append(record)
        keys.add(key)
    if pending:
        flush()
    entry["omitted"] = max(
        0, sum(entry["counts"][a] for a in (CREATED, UPDATED, UNCHANGED)) - len(entry["records"])
    )


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
    files: Iterable[tuple[str, Source]],
    user=None,
    origin: str,
    dry_run: bool = False,
    progress: Progress | None = None,
    record_progress: RecordProgress | None = None,
    max_bytes: int | None = -1,
    index=None,
) -> tuple[ImportReport, ImportBatch | None]:
    """Import in one step (command line, API): a dry run leaves no trace; a real run is recorded."""
    options = {
        "progress": progress,
        "record_progress": record_progress,
        "max_bytes": max_bytes,
        "index": index,
    }
    if dry_run:
        return records_import(files=files, dry_run=True, **options), None
    batch = ImportBatch.objects.create(
        created_by=user, origin=origin, status=ImportBatch.Status.APPLIED
    )
    report = records_import(files=files, batch=batch, **options)
    _store_report(batch, report)
    batch.save()
    return report, batch
