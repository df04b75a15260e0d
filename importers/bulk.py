"""Records → catalogue rows in batches: a few queries per batch of games instead of a dozen a game.

One :class:`CatalogueWriter` serves one import run. It keeps the names and slugs of the authors,
publishers and categories it has seen (so a new author is created once and a slug is chosen in
memory), looks up a batch's existing games by import key in one query, compares each with its
record ("unchanged" means no write at all), then creates the new games and updates the changed
ones with bulk statements, replaces their credits, and queues them for the search index. It
runs inside the file's transaction: any error rejects the whole file.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import slugify

from catalogue import services as catalogue_services
from catalogue import text
from catalogue.models import Author, Category, Credit, Game, Publisher
from ludotheque.bulk_insert import bulk_insert

from .records import GameRecord, RecordError

CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"
logger = logging.getLogger(__name__)
BATCH_SIZE = 500
# Fields a record sets on its game (the rest: relations, provenance, derived fields).
RECORD_FIELDS = (
    "title document_type min_players max_players min_age max_age duration_minutes principle "
    "pedagogical_analysis components rules_text rules_sections review_fields"
).split()
UPDATE_FIELDS = [
    *RECORD_FIELDS, "publisher", "category", "engine", "needs_review", "source_file",
    "source_format", "import_batch", "imported_at", "sort_title", "search_text", "updated_at",
]  # fmt: skip
# Checked by the parsers or derived here (relations: rows this writer holds); clean_fields would
# only repeat the work, with a query per relation.
UNCHECKED = [
    "slug", "rules_sections", "review_fields", "search_text", "import_batch", "publisher",
    "category",
]  # fmt: skip


def game_values(game: Game) -> dict[str, Any]:
    """A catalogue game in the shape of :meth:`GameRecord.to_dict`, to tell "unchanged"
    (credits and their authors prefetched)."""
    category = game.category
    return {
        "title": game.title,
        "document_type": game.document_type,
        "authors": [{"name": c.author.name, "role": c.role} for c in game.credits.all()],
        "publisher": game.publisher.name if game.publisher_id else "",
        "category": {"code": category.code, "label": category.label, "family": category.family}
        if category
        else None,
        **{
            name: getattr(game, name)
            for name in RECORD_FIELDS
            if name not in ("title", "document_type")
        },
    }


class _Names:
    """Rows of a model found by a case-insensitive name, created with a unique slug if new."""

    def __init__(self, model, *, key: Callable[[Any], str], max_length: int = 200):
        self.model, self.key, self.max_length = model, key, max_length
        self.rows: dict[str, Any] = {key(row): row for row in model.objects.all()}
        self.slugs = {row.slug for row in self.rows.values()}
        self.new: list[Any] = []

    def get(self, name: str, make: Callable[[str], Any]):
        """The row named ``name``; a new one is saved by the next :meth:`save_new`."""
        folded = name.casefold()
        row = self.rows.get(folded)
        if row is None:
            row = make(self.unique_slug(name))
            self.rows[folded] = row
            self.slugs.add(row.slug)
            self.new.append(row)
        return row

    def save_new(self) -> None:
        if self.new:
            self.model.objects.bulk_create(self.new, batch_size=BATCH_SIZE)
            self.new = []

    def unique_slug(self, value: str) -> str:
        base = slugify(text.unaccent(value))[: self.max_length - 4] or "sans-titre"
        slug, n = base, 2
        while slug in self.slugs:
            slug, n = f"{base}-{n}", n + 1
        return slug


class CatalogueWriter:
    def __init__(self, *, batch, engine_for_title: Callable[[str], str]):
        self.batch = batch
        self.engine_for_title = engine_for_title
        self.forget()

    def forget(self) -> None:
        """Reload the names and slugs (after a rolled-back file)."""
        self.authors = _Names(Author, key=lambda a: a.name.casefold())
        self.publishers = _Names(Publisher, key=lambda p: p.name.casefold())
        self.categories = _Names(Category, key=lambda c: c.code.casefold(), max_length=220)
        self.game_slugs = set(Game.objects.values_list("slug", flat=True))

    # ------------------------------------------------------------------ one batch

    def save(
        self, records: list[GameRecord]
    ) -> tuple[list[dict[str, Any]], list[tuple[Game, list[str]]]]:
        """Write a batch of records whose titles are distinct: their report entries, in order,
        and the games written with their authors' slugs."""
        keys = [text.fold(record.title) for record in records]
        existing = {
            game.import_key: game
            for game in Game.objects.filter(import_key__in=keys)
            .select_related("publisher", "category")
            .prefetch_related(Prefetch("credits", queryset=Credit.objects.select_related("author")))
        }
        entries, new, changed, credits = [], [], [], []
        now = timezone.now()
        for record, key in zip(records, keys, strict=True):
            values = record.to_dict()
            game = existing.get(key)
            if game is not None and game_values(game) == values:
                action = UNCHANGED
            else:
                action = CREATED if game is None else UPDATED
                game = game or Game(import_key=key)
                credits.append((game, self._fill(game, record, values, now)))
                (new if action == CREATED else changed).append(game)
            entries.append(
                {
                    "title": record.title,
                    "slug": game.slug,
                    "action": action,
                    "review_fields": values["review_fields"],
                }
            )
        try:
            for names in (self.authors, self.publishers, self.categories):
                names.save_new()
            bulk_insert(Game, new)
            if changed:
                Game.objects.bulk_update(changed, UPDATE_FIELDS, batch_size=100)
                Credit.objects.filter(game__in=changed).delete()
            bulk_insert(
                Credit,
                [
                    Credit(game=game, author=author, role=role, position=position)
                    for game, game_credits in credits
                    for position, (author, role) in enumerate(game_credits)
                ],
                pks=False,
            )
        except DatabaseError:
            # Every value is checked beforehand (the importer's storable check, Game.full_clean):
            # reaching this is a bug, logged for developers; the librarian gets a rejected file
            # and a plain message, never the database's.
            logger.exception("import batch from %s refused by the database", records[0].source_name)
            raise RecordError(
                "notices impossibles à enregistrer telles quelles ; signalez-les aux développeurs",
                source_name=records[0].source_name,
            ) from None
        catalogue_services.search_changes_record(game_ids=[game.pk for game in new + changed])
        written = [
            (game, list(dict.fromkeys(author.slug for author, _role in game_credits)))
            for game, game_credits in credits
        ]
        return entries, written

    def _fill(self, game: Game, record: GameRecord, values: dict[str, Any], now):
        """Set the game's fields from the record; its credits as ``(author, role)`` pairs."""
        for name in RECORD_FIELDS:
            setattr(game, name, values[name])
        publisher = record.publisher.strip()
        game.publisher = (
            self.publishers.get(publisher, lambda slug: Publisher(name=publisher, slug=slug))
            if publisher
            else None
        )
        game.category = (
            self.categories.get(
                record.category_code,
                lambda slug: Category(
                    code=record.category_code,
                    label=record.category_label,
                    family=record.category_family,
                    slug=self.categories.unique_slug(
                        f"{record.category_code} {record.category_label}"
                    ),
                ),
            )
            if record.category_code
            else None
        )
        if not game.engine:
            game.engine = self.engine_for_title(text.fold(record.title))
        game.needs_review = bool(record.missing_fields)
        game.source_file = record.source_name
        game.source_format = record.source_format
        game.import_batch = self.batch
        game.imported_at = now
        game.updated_at = now
        game.sort_title = text.sort_title(game.title)
        if not game.slug:
            game.slug = self._game_slug(game.title)
        pairs, seen = [], set()
        for author in values["authors"]:
            name, role = author["name"].strip(), author["role"]
            person = self.authors.get(name, lambda slug, name=name: Author(name=name, slug=slug))
            if (id(person), role) not in seen:
                seen.add((id(person), role))
                pairs.append((person, role))
        game.search_text = catalogue_services.game_search_text(
            game, [person.name for person, _role in pairs]
        )
        try:
            game.clean_fields(exclude=UNCHECKED)
        except ValidationError as error:
            field_name, messages = next(iter(error.message_dict.items()))
            raise RecordError(
                " ".join(messages),
                source_name=record.source_name,
                record=record.title,
                field=field_name,
            ) from None
        return pairs

    def _game_slug(self, title: str) -> str:
        base = slugify(text.unaccent(title))[:296] or "sans-titre"
        slug, n = base, 2
        while slug in self.game_slugs:
            slug, n = f"{base}-{n}", n + 1
        self.game_slugs.add(slug)
        return slug
