"""Writing parsed records to the catalogue: one transaction per file, a report for every run.

Parsing (``importers.formats``) never touches the database; this module writes, through the
catalogue's bulk writer (:mod:`importers.bulk` maps the records to it). A file
that fails to parse or to validate is rejected whole — nothing from it is written — while the other
files of the batch still import. A dry run does the same work inside a transaction that is rolled
back, so its report is exactly what a real run would do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, reset_queries, transaction
from django.db.backends.base.operations import BaseDatabaseOperations

from catalogue import services as catalogue_services
from catalogue import text
from catalogue.bulk import import_key
from catalogue.models import Author, Category, Credit, Game, Publisher

from .bulk import BATCH_SIZE, COPIES_ZERO, CREATED, UNCHANGED, UPDATED, CatalogueWriter
from .formats import ParsedFile, parse_source
from .models import ImportBatch
from .progress import ImportProgress
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

    def copy_totals(self) -> dict[str, int]:
        """The copies created, updated, left unchanged and removed, over the files."""
        return {
            name: sum(f.get("copies", {}).get(name, 0) for f in self.files) for name in COPIES_ZERO
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "dry_run": self.dry_run,
            "totals": self.totals(),
            "copies": self.copy_totals(),
            "files": self.files,
        }


class _Rollback(Exception):
    """Raised inside a dry run's transaction so that nothing it did is kept."""


# A file's report lists at most this many records (its counts cover them all).
REPORT_RECORDS_MAX = 1000
# After writing this many games, PostgreSQL's planner statistics are refreshed at once (see
# _statistics_refresh) rather than by autovacuum a minute or more later.
ANALYZE_AFTER_GAMES = 1000
Source = bytes | Path


def records_import(
    *,
    files: Iterable[tuple[str, Source]],
    dry_run: bool = False,
    batch: ImportBatch | None = None,
    progress: Progress | None = None,
    tracker: ImportProgress | None = None,
    checked: Mapping[int, dict[str, Any]] | None = None,
    max_bytes: int | None = -1,
    index=None,
) -> ImportReport:
    """Import ``(name, content)`` files; a ``dry_run`` reports what would happen, writes nothing.

    ``content`` is the file's bytes or a path (the command line): CSV and spreadsheets are read
    one record at a time. A file over ``max_bytes`` (default ``IMPORT_MAX_UPLOAD_BYTES``; None:
    no limit) is refused before parsing. ``progress(index, total, name, entry)`` follows the
    files, ``tracker`` the records. ``checked`` maps the index of a file that
    :func:`files_check` refused to its report entry: it is reported so, not read again.
    ``index`` (:meth:`catalogue.index.store.Replica.indexing_alongside`) indexes each batch as it
    is written, so that the search index is ready soon after the import commits.
    """
    files = [(shown(name), source) for name, source in files]
    limit = _limit(max_bytes)
    report = ImportReport(dry_run=dry_run)
    checked = checked or {}
    try:
        indexer = None if dry_run else index
        recorded = indexer.recorded if indexer else None
        with transaction.atomic(), catalogue_services.search_changes_batched(on_recorded=recorded):
            _write_lock()
            writer = CatalogueWriter(batch=None if dry_run else batch)
            for number, (name, source) in enumerate(files):
                if tracker:
                    tracker.file_started(number)
                if number in checked:
                    entry = checked[number]
                else:
                    entry = _import_file(
                        name, source, writer=writer, limit=limit, tracker=tracker, index=indexer
                    )
                report.files.append(entry)
                if tracker:
                    tracker.file_finished(number, rejected=entry["error"] is not None)
                if progress:
                    progress(number + 1, len(files), name, entry)
            if dry_run:
                raise _Rollback
    except _Rollback:
        pass
    else:
        totals = report.totals()
        if totals[CREATED] + totals[UPDATED] >= ANALYZE_AFTER_GAMES:
            _statistics_refresh()
    return report


def files_check(
    *,
    files: Iterable[tuple[str, Source]],
    tracker: ImportProgress | None = None,
    max_bytes: int | None = -1,
) -> dict[int, dict[str, Any]]:
    """Read every file through, without the database: the report entries of the files refused
    (by index). What is refused here would be refused by :func:`records_import`, which then need
    not read those files again; a background job runs this first, so that a librarian sees the
    records read and the files refused before anything is written."""
    limit = _limit(max_bytes)
    refused: dict[int, dict[str, Any]] = {}
    for number, (name, source) in enumerate(files):
        name = shown(name)
        if tracker:
            tracker.file_started(number)
        entry = _new_entry(name)
        try:
            parsed = _parsed(name, source, entry["warnings"], limit)
            for _record in _checked(parsed.records, entry["warnings"], limit):
                if tracker:
                    tracker.advanced(1, parsed.position())
        except RecordError as error:
            entry["error"] = error.to_dict()
            refused[number] = shown(entry)
        if tracker:
            tracker.file_finished(number, rejected=number in refused)
    return refused


def _limit(max_bytes: int | None) -> int | None:
    return settings.IMPORT_MAX_UPLOAD_BYTES if max_bytes == -1 else max_bytes


def _write_lock() -> None:
    """On SQLite, take the database's write lock with the import transaction's first statement.
    A transaction that reads first and writes later fails at once (« database is locked ») if
    another connection wrote in between — the job's progress, a visitor's request; this one
    waits for the lock instead, then holds it to the end."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            table = connection.ops.quote_name(ImportBatch._meta.db_table)
            cursor.execute(f"DELETE FROM {table} WHERE 0 = 1")


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
    tracker: ImportProgress | None,
    index=None,
) -> dict[str, Any]:
    entry = _new_entry(name)
    try:
        parsed = _parsed(name, source, entry["warnings"], limit)
        entry["format"] = parsed.format
        records = _checked(parsed.records, entry["warnings"], limit)
        writer.copies_reset()
        with transaction.atomic():
            _save_all(records, writer, entry, parsed.position, tracker, index)
        entry["copies"] = writer.copies_reset()
    except RecordError as error:
        entry["records"] = []
        entry["counts"] = {CREATED: 0, UPDATED: 0, UNCHANGED: 0, "flagged": 0}
        entry["copies"] = COPIES_ZERO.copy()
        entry["error"] = error.to_dict()
        writer.forget()  # what it created for this file was rolled back
    return shown(entry)


def _new_entry(name: str) -> dict[str, Any]:
    return {
        "name": name,
        "format": "",
        "records": [],
        "error": None,
        "warnings": [],
        "counts": {CREATED: 0, UPDATED: 0, UNCHANGED: 0, "flagged": 0},
        "copies": COPIES_ZERO.copy(),
    }


def _parsed(name: str, source: Source, warnings: list[str], limit: int | None) -> ParsedFile:
    """The file's records, read lazily; a file over ``limit`` bytes is refused unread."""
    size = _size(source)
    if limit is not None and size > limit:
        raise RecordError(
            f"fichier trop volumineux ({size} octets, maximum {limit})", source_name=name
        )
    return parse_source(name, source, warnings, stream_bytes=settings.IMPORT_STREAM_BYTES)


def _checked(
    records: Iterable[GameRecord], warnings: list[str], limit: int | None
) -> Iterator[GameRecord]:
    """The records, each with its repeated credits merged and refused if the database could not
    store it, if it is larger than a file may be, or if it lists a copy that an earlier record
    of the file listed (read lazily: a large file streams through)."""
    barcodes: dict[str, str] = {}
    for record in records:
        _merge_duplicate_credits(record, warnings)
        _check_storable(record)
        _check_size(record, limit)
        _check_barcodes(record, barcodes)
        yield record


def _check_barcodes(record: GameRecord, seen: dict[str, str]) -> None:
    """A barcode names one copy: twice in a file (one record or two) is an error."""
    for copy in record.copies or []:
        other = seen.get(copy.barcode)
        if other is not None:
            where = (
                "plus haut dans cette notice" if other == record.title else f"notice « {other} »"
            )
            raise RecordError(
                f"code-barres {copy.barcode} en double (déjà donné : {where})",
                source_name=record.source_name,
                record=record.title,
                field="exemplaires",
            )
        seen[copy.barcode] = record.title


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


def shown(value: Any) -> Any:
    """``value`` (a report entry) with every string safe to store and to send as UTF-8: a NUL
    shown as « ␀ », a lone surrogate as « ? » (a file's bad text is quoted in its error)."""
    if isinstance(value, str):
        if "\x00" in value:
            value = value.replace("\x00", "\u2400")
        return value.encode("utf-8", "replace").decode("utf-8") if not value.isascii() else value
    if isinstance(value, dict):
        return {key: shown(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shown(item) for item in value]
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


def _save_all(records, writer, entry, position, tracker, index) -> None:
    """Save the records in batches of distinct titles (a title seen again starts a new batch)."""
    pending: list[GameRecord] = []
    keys: set[str] = set()

    def flush() -> None:
        results, written = writer.save(pending)
        if index:
            index.add(written)
        for result in results:
            entry["counts"][result["action"]] += 1
            entry["counts"]["flagged"] += bool(result["review_fields"])
            if len(entry["records"]) < REPORT_RECORDS_MAX:
                entry["records"].append(result)
        if tracker:
            tracker.advanced(len(pending), position())
        pending.clear()
        keys.clear()
        # With DEBUG on (development), Django keeps every statement's SQL, values included: a
        # large import's batches would pile up hundreds of megabytes of it.
        reset_queries()

    for record in records:
        key = import_key(record.title)
        if key in keys or len(pending) >= BATCH_SIZE:
            flush()
        pending.append(record)
        keys.add(key)
    if pending:
        flush()
    entry["omitted"] = max(
        0, sum(entry["counts"][a] for a in (CREATED, UPDATED, UNCHANGED)) - len(entry["records"])
    )


def store_report(batch: ImportBatch, report: ImportReport) -> None:
    """Put a run's totals and report on its batch (not saved)."""
    totals = report.totals()
    for name in (CREATED, UPDATED, UNCHANGED, "flagged", "rejected"):
        setattr(batch, name, totals[name])
    batch.report = report.to_dict()


def import_run(
    *,
    files: Iterable[tuple[str, Source]],
    user=None,
    origin: str,
    dry_run: bool = False,
    progress: Progress | None = None,
    tracker: ImportProgress | None = None,
    max_bytes: int | None = -1,
    index=None,
) -> tuple[ImportReport, ImportBatch | None]:
    """Import in one step (the command line, tests): a dry run leaves no trace; a real run is
    recorded. Uploads go through a background job instead (:mod:`importers.batches`)."""
    options = {"progress": progress, "tracker": tracker, "max_bytes": max_bytes, "index": index}
    if dry_run:
        return records_import(files=files, dry_run=True, **options), None
    batch = ImportBatch.objects.create(
        created_by=user, origin=origin, status=ImportBatch.Status.APPLIED,
        phase=ImportBatch.Phase.APPLY,
    )  # fmt: skip
    report = records_import(files=files, batch=batch, **options)
    store_report(batch, report)
    batch.save()
    return report, batch
