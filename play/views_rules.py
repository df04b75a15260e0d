"""A playable game's rules at the table (issue 50): « Mise en place » for each player count, and
the rules sheet to print for a box whose rules were lost.

Both pages draw opening positions with the game's own board script (``GamePackage.scripts``), as
the examples' page does, from the engine's public view of a new game (:mod:`play.setup_glance`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from catalogue.labels import qr_svg

from .rules import rule_topics
from .setup_glance import box_items, seat_counts, seat_lines, setup_data, usual_count
from .texts import play_texts
from .views import _playable


def setup_glance(request: HttpRequest, slug: str) -> HttpResponse:
    """What to take out of the box, and the opening position for each player count."""
    game, package = _playable(slug)
    counts = seat_counts(game, package)
    data = setup_data(package, counts)
    topics = rule_topics(package.slug) or []
    context = {
        "game": game,
        "package": package,
        "items": box_items(game.components),
        "counts": [
            {"count": count, "seats": seat_lines(data["roles"][str(count.seats)])}
            for count in counts
        ],
        "usual": usual_count(counts),
        "preparation": next((t for t in topics if t["slug"] == "preparation"), None),
        "data": data,
        "texts": play_texts(package),
    }
    return render(request, "play/setup_glance.html", context)


def rules_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    """The rules on an A4 sheet: record facts, the small rules, the usual set-up, a QR code."""
    game, package = _playable(slug)
    usual = usual_count(seat_counts(game, package))
    data = setup_data(package, [usual])
    url = request.build_absolute_uri(game.get_absolute_url())
    context = {
        "game": game,
        "package": package,
        "topics": rule_topics(package.slug) or [],
        "items": box_items(game.components),
        "usual": usual,
        "seats": seat_lines(data["roles"][str(usual.seats)]),
        "page_url": url,
        "qr": qr_svg(url=url, title=_("Code QR : fiche de %(title)s") % {"title": game.title}),
        "data": data,
        "texts": play_texts(package),
    }
    return render(request, "play/rules_sheet.html", context)
