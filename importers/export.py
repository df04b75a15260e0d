"""The catalogue as files — CSV for spreadsheets, catalogue-json for a lossless copy.

Both are import formats too (:mod:`importers.csv_format`, :mod:`importers.json_format`):
re-importing an export of the catalogue changes nothing. Games are turned back into the
:class:`GameRecord` an import would have produced (:func:`game_record`), then written by the
format's own writer, so export and import share one mapping. CSV derives the rules sections from
the rules text on import; a section list edited by hand survives only in JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from catalogue.models import Credit, Game
from importers.csv_format import write_csv
from importers.json_format import write_catalogue_json
from importers.records import AuthorCredit, GameRecord, RulesSection

__all__ = ["EXPORT_FORMATS", "Export", "catalogue_export", "game_record"]

#: format name → (content type, file extension)
EXPORT_FORMATS = {
    "csv": ("text/csv; charset=utf-8", "csv"),
    "json": ("application/json", "json"),
}


@dataclass(frozen=True)
class Export:
    filename: str
    content_type: str
    data: bytes


def game_record(game: Game) -> GameRecord:
    """The record an import of ``game`` would have produced (credits should be prefetched)."""
    category = game.category
    return GameRecord(
        title=game.title,
        source_name=game.source_file or game.slug,
        source_format=game.source_format,
        document_type=game.document_type,
        authors=[AuthorCredit(name=c.author.name, role=c.role) for c in game.credits.all()],
        publisher=game.publisher.name if game.publisher_id else "",
        category_code=category.code if category else "",
        category_label=category.label if category else "",
        category_family=category.family if category else "",
        min_players=game.min_players,
        max_players=game.max_players,
        min_age=game.min_age,
        max_age=game.max_age,
        duration_minutes=game.duration_minutes,
        principle=game.principle,
        pedagogical_analysis=game.pedagogical_analysis,
        components=game.components,
        rules_text=game.rules_text,
        rules_sections=[
            RulesSection(heading=s.get("heading", ""), body=s.get("body", ""))
            for s in game.rules_sections or []
        ],
        missing_fields=list(game.review_fields or []),
    )


def _games(games: QuerySet | None) -> QuerySet:
    games = Game.objects.all() if games is None else games
    return (
        games.select_related("publisher", "category")
        .prefetch_related(Prefetch("credits", queryset=Credit.objects.select_related("author")))
        .order_by("sort_title", "id")
    )


def catalogue_export(*, fmt: str, games: QuerySet | None = None) -> Export:
    """The games (all of them by default) as a ``csv`` or ``json`` file."""
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    records = [game_record(game) for game in _games(games).iterator(chunk_size=500)]
    data = write_csv(records) if fmt == "csv" else write_catalogue_json(records)
    content_type, extension = EXPORT_FORMATS[fmt]
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return Export(filename=f"catalogue-{stamp}.{extension}", content_type=content_type, data=data)
