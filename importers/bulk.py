"""Records → catalogue, in batches: each record as the catalogue's plain game values, written by
the catalogue's one bulk writer (:mod:`catalogue.bulk`, which holds every rule of a game's
write), then each game written linked to the import batch that wrote it
(:class:`importers.models.ImportedGame`). Runs inside the file's transaction: any error rejects
the whole file.
"""

from __future__ import annotations

from typing import Any

from catalogue.bulk import (
    BATCH_SIZE,
    CREATED,
    UNCHANGED,
    UPDATED,
    BatchRefused,
    CategoryValues,
    GameBatchWriter,
    GameInvalid,
    GameValues,
)
from catalogue.copies import copies_sync, games_with_copy_in
from catalogue.models import Game
from core.bulk_insert import bulk_insert

from .models import ImportBatch, ImportedGame
from .records import GameRecord, RecordError

COPIES_ZERO = {"created": 0, "updated": 0, "unchanged": 0, "removed": 0}
__all__ = ["BATCH_SIZE", "CREATED", "UNCHANGED", "UPDATED", "CatalogueWriter", "game_values"]


def game_values(record: GameRecord) -> GameValues:
    """The record in the catalogue's terms (what :meth:`GameRecord.to_dict` holds)."""
    has_category = bool(record.category_code or record.category_label)
    return GameValues(
        title=record.title,
        document_type=record.document_type,
        credits=[(credit.name, credit.role) for credit in record.authors],
        publisher=record.publisher,
        category=CategoryValues(record.category_code, record.category_label, record.category_family)
        if has_category
        else None,
        min_players=record.min_players,
        max_players=record.max_players,
        min_age=record.min_age,
        max_age=record.max_age,
        duration_minutes=record.duration_minutes,
        principle=record.principle,
        pedagogical_analysis=record.pedagogical_analysis,
        components=record.components,
        rules_text=record.rules_text,
        rules_sections=[{"heading": s.heading, "body": s.body} for s in record.rules_sections],
        review_fields=list(record.missing_fields),
        source_file=record.source_name,
        source_format=record.source_format,
    )


class CatalogueWriter:
    """One import run's writer: ``batch`` (None: a dry run's) is linked to the games written."""

    def __init__(self, *, batch: ImportBatch | None):
        self.batch = batch
        self.games = GameBatchWriter()
        #: The copies written since the last :meth:`copies_reset` (a file's).
        self.copies = COPIES_ZERO.copy()

    def copies_reset(self) -> dict[str, int]:
        """The copy counts so far (a file's), and start again from zero."""
        counts, self.copies = self.copies, COPIES_ZERO.copy()
        return counts

    def forget(self) -> None:
        """Reload the names and slugs (after a rolled-back file)."""
        self.games.forget()

    def save(
        self, records: list[GameRecord]
    ) -> tuple[list[dict[str, Any]], list[tuple[Game, list[str]]]]:
        """Write a batch of records whose titles are distinct: their report entries, in order,
        and the games written with their authors' slugs."""
        try:
            results = self.games.write([game_values(record) for record in records])
        except GameInvalid as error:
            raise RecordError(
                error.message,
                source_name=records[error.index].source_name,
                record=error.title,
                field=error.field,
            ) from None
        except BatchRefused:
            # Logged by the writer, for developers; the librarian gets a rejected file and a
            # plain message, never the database's.
            raise RecordError(
                "notices impossibles à enregistrer telles quelles ; signalez-les aux développeurs",
                source_name=records[0].source_name,
            ) from None
        self._copies(records, results)
        written = [result for result in results if result.action != UNCHANGED]
        self._link(written)
        entries = [
            {
                "title": record.title,
                "slug": result.game.slug,
                "action": result.action,
                "review_fields": list(record.missing_fields),
            }
            for record, result in zip(records, results, strict=True)
        ]
        return entries, [(result.game, result.author_slugs) for result in written]

    def _copies(self, records: list[GameRecord], results) -> None:
        """Write the copies the records list (a record that lists none leaves its game's), and
        mark the games written with whether a copy is in, for the search index
        (:func:`catalogue.index.schema.model_document`)."""
        counts = copies_sync(
            games=[
                (result.game, record.copies)
                for record, result in zip(records, results, strict=True)
                if record.copies
            ]
        )
        for name, value in counts.to_dict().items():
            self.copies[name] += value
        written = [result.game for result in results if result.action != UNCHANGED]
        available = games_with_copy_in(game.pk for game in written)
        for game in written:
            game.has_copy_in = game.pk in available

    def _link(self, written) -> None:
        """Each game written now names this batch as the one that last wrote it."""
        updated = [result.game for result in written if result.action == UPDATED]
        if updated:
            ImportedGame.objects.filter(game__in=updated).delete()
        if self.batch is not None:
            links = [ImportedGame(game=result.game, batch=self.batch) for result in written]
            bulk_insert(ImportedGame, links, pks=False)
