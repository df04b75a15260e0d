"""« Le bureau des bibliothécaires »: the admin page of the counts, and each of its tables as CSV.

Mounted by the admin site (``/admin/bureau/``, :mod:`ludotheque.admin`), which lets only
staff in. ``?weeks=`` chooses the period (:data:`desk.selectors.PERIODS`), ``?format=csv&table=``
downloads one table.
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass
from datetime import date

from django.contrib import admin
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from importers.columns import neutralise_formula

from . import selectors
from .charts import share_width, weekly_chart
from .counting import keep_weeks
from .models import WeeklyCount
from .selectors import ImportWeek, period_weeks, week_label

Kind = WeeklyCount.Kind


@dataclass(frozen=True)
class Section:
    slug: str  # the table's name in ?table= and in the CSV file's name (ASCII)
    kind: str | None  # None: the imports, read from the import history
    title: Promise
    help: Promise
    per_week: Promise  # what the chart's bars count
    per_week_kind: str | None
    key_heading: Promise


SECTIONS = [
    Section(
        "sans-resultat",
        Kind.SEARCH_EMPTY,
        gettext_lazy("Recherches sans résultat"),
        gettext_lazy(
            "Ce que les visiteurs ont cherché sans rien trouver : des idées pour les "
            "prochains achats (les mots sans accents ni majuscules)."
        ),
        gettext_lazy("Recherches sans résultat"),
        Kind.SEARCH_EMPTY,
        gettext_lazy("Mots cherchés"),
    ),
    Section(
        "mots",
        Kind.SEARCH_WORD,
        gettext_lazy("Mots les plus cherchés"),
        gettext_lazy("Chaque mot d'une recherche compte une fois (sans « le », « de »…)."),
        gettext_lazy("Recherches"),
        Kind.SEARCH,
        gettext_lazy("Mot"),
    ),
    Section(
        "filtres",
        Kind.FILTER,
        gettext_lazy("Filtres utilisés"),
        gettext_lazy("Les filtres choisis dans les recherches, avec leur valeur."),
        gettext_lazy("Filtres utilisés"),
        Kind.FILTER,
        gettext_lazy("Filtre"),
    ),
    Section(
        "consultes",
        Kind.GAME_VIEW,
        gettext_lazy("Jeux les plus consultés"),
        gettext_lazy("Les fiches de jeux ouvertes par les visiteurs."),
        gettext_lazy("Fiches consultées"),
        Kind.GAME_VIEW,
        gettext_lazy("Jeu"),
    ),
    Section(
        "joues",
        Kind.GAME_PLAY,
        gettext_lazy("Jeux les plus joués"),
        gettext_lazy("Les parties commencées en ligne (une série de manches compte une fois)."),
        gettext_lazy("Parties commencées"),
        Kind.GAME_PLAY,
        gettext_lazy("Jeu"),
    ),
    Section(
        "imports",
        None,
        gettext_lazy("Imports"),
        gettext_lazy("Les imports confirmés, d'après l'historique des imports."),
        gettext_lazy("Jeux importés (créés ou mis à jour)"),
        None,
        gettext_lazy("Semaine"),
    ),
]
SECTIONS_BY_SLUG = {section.slug: section for section in SECTIONS}


def period_from(value: str | None) -> int:
    """The period asked (``?weeks=``), or the default one for anything else."""
    try:
        weeks = int(value or "")
    except ValueError:
        return selectors.PERIODS[0]
    return weeks if weeks in selectors.PERIODS else selectors.PERIODS[0]


def desk(request: HttpRequest) -> HttpResponse:
    period = period_from(request.GET.get("weeks"))
    weeks = period_weeks(period)
    if request.GET.get("format") == "csv":
        section = SECTIONS_BY_SLUG.get(request.GET.get("table", ""))
        if section is None:
            raise Http404(_("Ce tableau n'existe pas."))
        return csv_response(section, weeks, period)
    imports = selectors.imports_by_week(weeks)
    context = {
        **admin.site.each_context(request),
        "title": _("Le bureau des bibliothécaires"),
        "period": period,
        "periods": [
            {"weeks": n, "label": _("%(n)d dernières semaines") % {"n": n}, "current": n == period}
            for n in sorted(selectors.PERIODS)
        ],
        "keep_text": keep_text(),
        "sections": [section_context(section, weeks, period, imports) for section in SECTIONS],
    }
    return TemplateResponse(request, "admin/desk/desk.html", context)


def keep_text() -> str:
    weeks = keep_weeks()
    return ngettext(
        "Les comptes sont gardés %(weeks)d semaine, puis effacés.",
        "Les comptes sont gardés %(weeks)d semaines, puis effacés.",
        weeks,
    ) % {"weeks": weeks}


def section_context(section: Section, weeks, period: int, imports: list[ImportWeek]) -> dict:
    if section.kind is None:
        points = [(row.week, row.games) for row in imports]
    else:
        points = selectors.weekly_totals(section.per_week_kind, weeks)
    context = {
        "section": section,
        "chart": weekly_chart(points, what=str(section.per_week)),
        "points": [{"week": week, "label": week_label(week), "value": v} for week, v in points],
        "csv_query": f"?weeks={period}&format=csv&table={section.slug}",
    }
    if section.kind is None:
        context["imports"] = [row for row in imports if row.batches]
        return context
    ranked = selectors.ranking(section.kind, weeks)
    labels = selectors.LABELLERS[section.kind]([key for key, _total in ranked])
    largest = ranked[0][1] if ranked else 0
    context["rows"] = [
        {"label": labels[key], "count": total, "bar": share_width(total, largest)}
        for key, total in ranked
    ]
    return context


# --------------------------------------------------------------------------- CSV


def csv_response(section: Section, weeks: list[date], period: int) -> HttpResponse:
    header, rows = csv_table(section, weeks)
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([str(cell) for cell in header])
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    response = HttpResponse(
        codecs.BOM_UTF8 + out.getvalue().encode("utf-8"), content_type="text/csv; charset=utf-8"
    )
    name = f"bureau-{section.slug}-{period}-semaines-{week_label(weeks[-1])}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def safe_cell(value) -> str:
    """A cell a spreadsheet shows as text: a formula (``=``, ``+``, ``-``, ``@``…) is quoted."""
    return value if isinstance(value, int) else neutralise_formula(str(value))


def csv_table(section: Section, weeks: list[date]) -> tuple[list, list[list]]:
    week_columns = [_("semaine"), _("lundi")]
    if section.kind is None:
        header = [
            *week_columns,
            _("imports"),
            _("jeux créés"),
            _("jeux mis à jour"),
            _("jeux à vérifier"),
            _("fichiers rejetés"),
        ]
        rows = [
            [week_label(r.week), r.week.isoformat(), r.batches, r.created, r.updated, r.flagged,
             r.rejected]
            for r in selectors.imports_by_week(weeks)
        ]  # fmt: skip
        return header, rows
    found = selectors.weekly_rows(section.kind, weeks)
    labels = selectors.LABELLERS[section.kind](sorted({key for _week, key, _n in found}))
    games = section.kind in (Kind.GAME_VIEW, Kind.GAME_PLAY)
    header = [*week_columns, section.key_heading, *([_("n° du jeu")] if games else []), _("nombre")]
    rows = [
        [week_label(week), week.isoformat(), labels[key].text, *([key] if games else []), count]
        for week, key, count in found
    ]
    return header, rows
