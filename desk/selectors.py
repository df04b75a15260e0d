"""Reading the desk's counts for its page and its CSV files: weeks, totals, rankings, imports."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Sum
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from catalogue.models import Author, Game, Publisher
from catalogue.views import FILTER_LABELS
from importers.models import ImportBatch

from .counting import this_week, week_of
from .models import WeeklyCount

Kind = WeeklyCount.Kind
#: The periods offered (weeks), the first one shown by default.
PERIODS = (12, 4, 52)
#: Rows of a ranking shown on the page (the CSV file has them all).
RANKING_ROWS = 20


def period_weeks(weeks: int, *, today: date | None = None) -> list[date]:
    """The Mondays of the last ``weeks`` ISO weeks, oldest first, this week last."""
    last = week_of(today) if today else this_week()
    return [last - timedelta(weeks=n) for n in range(weeks - 1, -1, -1)]


def week_label(week: date) -> str:
    """``2025-W10``: the ISO week, as spreadsheets and diaries name it."""
    year, number, _day = week.isocalendar()
    return f"{year}-W{number:02d}"


def weekly_totals(kind: str, weeks: list[date]) -> list[tuple[date, int]]:
    """Each week's total of ``kind`` (every key added up), zero for a week without any."""
    rows = (
        WeeklyCount.objects.filter(kind=kind, week__gte=weeks[0], week__lte=weeks[-1])
        .values("week")
        .annotate(total=Sum("count"))
        .order_by()
    )
    totals = {row["week"]: row["total"] for row in rows}
    return [(week, totals.get(week, 0)) for week in weeks]


def ranking(kind: str, weeks: list[date], *, limit: int | None = RANKING_ROWS):
    """``(key, total)`` over the period, the most counted first (then by key)."""
    rows = (
        WeeklyCount.objects.filter(kind=kind, week__gte=weeks[0], week__lte=weeks[-1])
        .values("key")
        .annotate(total=Sum("count"))
        .order_by("-total", "key")
    )
    if limit is not None:
        rows = rows[:limit]
    return [(row["key"], row["total"]) for row in rows]


def weekly_rows(kind: str, weeks: list[date]) -> list[tuple[date, str, int]]:
    """Every ``(week, key, count)`` of the period: the CSV file's rows."""
    rows = WeeklyCount.objects.filter(kind=kind, week__gte=weeks[0], week__lte=weeks[-1])
    return list(rows.order_by("week", "-count", "key").values_list("week", "key", "count"))


# --------------------------------------------------------------------------- what keys name


@dataclass(frozen=True)
class Label:
    text: str
    url: str = ""


def game_labels(keys: list[str]) -> dict[str, Label]:
    """A game's title and its admin page for each key (a game id); a deleted game says so."""
    ids = [int(key) for key in keys if key.isdigit()]
    rows = Game.objects.filter(pk__in=ids).values_list("pk", "title")
    games = {str(pk): title for pk, title in rows}
    return {
        key: Label(games[key], reverse("admin:catalogue_game_change", args=[key]))
        if key in games
        else Label(_("jeu supprimé (n° %(id)s)") % {"id": key})
        for key in keys
    }


def filter_labels(keys: list[str]) -> dict[str, Label]:
    """« nombre de joueurs : 4 », « éditeur : Gigamic » for ``players=4``, ``publisher=gigamic``."""
    slugs = defaultdict(set)
    for key in keys:
        name, _sep, value = key.partition("=")
        if name in ("publisher", "author"):
            slugs[name].add(value)
    names = {
        "publisher": dict(
            Publisher.objects.filter(slug__in=slugs["publisher"]).values_list("slug", "name")
        ),
        "author": dict(Author.objects.filter(slug__in=slugs["author"]).values_list("slug", "name")),
    }
    labels = {}
    for key in keys:
        name, _sep, value = key.partition("=")
        label = str(FILTER_LABELS.get(name, name))
        shown = names.get(name, {}).get(value, value)
        labels[key] = Label(f"{label} : {shown}" if value else label)
    return labels


def search_labels(keys: list[str]) -> dict[str, Label]:
    return {key: Label(key or _("(aucun mot : des filtres seulement)")) for key in keys}


LABELLERS = {
    Kind.SEARCH_EMPTY: search_labels,
    Kind.SEARCH_WORD: search_labels,
    Kind.FILTER: filter_labels,
    Kind.GAME_VIEW: game_labels,
    Kind.GAME_PLAY: game_labels,
}


# --------------------------------------------------------------------------- imports


@dataclass
class ImportWeek:
    week: date
    batches: int = 0
    created: int = 0
    updated: int = 0
    flagged: int = 0
    rejected: int = 0

    @property
    def games(self) -> int:
        return self.created + self.updated


def imports_by_week(weeks: list[date]) -> list[ImportWeek]:
    """The imports applied each week (read from the import history, which keeps them)."""
    start = timezone.make_aware(timezone.datetime.combine(weeks[0], timezone.datetime.min.time()))
    by_week = {week: ImportWeek(week) for week in weeks}
    batches = (
        ImportBatch.objects.filter(status=ImportBatch.Status.APPLIED)
        .annotate(done=Coalesce("finished_at", "created_at"))
        .filter(done__gte=start)
        .values_list("done", "created", "updated", "flagged", "rejected")
    )
    kinds = getattr(ImportBatch, "Kind", None)
    if kinds is not None:  # a ZIP of box photos is an import too, but not of records
        batches = batches.filter(kind=kinds.RECORDS)
    for done, created, updated, flagged, rejected in batches:
        row = by_week.get(week_of(timezone.localtime(done).date()))
        if row is None:
            continue
        row.batches += 1
        row.created += created
        row.updated += updated
        row.flagged += flagged
        row.rejected += rejected
    return [by_week[week] for week in weeks]
