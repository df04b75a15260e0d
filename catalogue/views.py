"""Visitor pages: search, game page, browse by author, publisher and category."""

from __future__ import annotations

from dataclasses import asdict
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import accessibility
from .copies import availability as copies_availability
from .copies import copy_rows
from .engines import has_tutorial, opening_picture
from .forms import GameSearchForm
from .models import Author, Category, Game, Publisher
from .photos.selectors import card_thumbnails, game_photos
from .readable import readable
from .rulebooks import rules_answering, rules_for_engine
from .selectors import (
    ORDERING_LABELS,
    SearchParams,
    SearchUnavailable,
    browse_list,
    field_default,
    game_get,
    game_search,
    games_related,
)
from .seo import game_description, game_structured_data
from .signals import game_viewed, search_announce, send_quietly
from .terms import category_display
from .text import fold

FILTER_LABELS = {
    "q": _("texte"),
    "players": _("nombre de joueurs"),
    "age": _("âge"),
    "max_duration": _("durée"),
    "category": _("catégorie"),
    "publisher": _("éditeur"),
    "author": _("auteur"),
    "playable": _("jouable en ligne"),
    "available": _("disponible maintenant"),
}


def search_url(params: SearchParams, **changes) -> str:
    """The search page's URL for ``params`` with ``changes``; a change of filter resets the page."""
    data = {**asdict(params), "page": 1, **changes}
    query = {
        k: 1 if v is True else v
        for k, v in data.items()
        if v not in ("", None, False) and not (k == "page" and v == 1)
    }
    base = reverse("catalogue:search")
    return f"{base}?{urlencode(query)}" if query else base


def search(request: HttpRequest) -> HttpResponse:
    if any(value == "" for value in request.GET.values()):
        # A form sent without its script (or a hand-made URL): empty fields leave the URL, so that
        # a search has one address.
        kept = [(key, v) for key, values in request.GET.lists() for v in values if v != ""]
        base = reverse("catalogue:search")
        return redirect(f"{base}?{urlencode(kept)}" if kept else base)
    form = GameSearchForm(request.GET or None)
    form.is_valid()
    params = form.params()
    try:
        result = game_search(params=params)
    except SearchUnavailable:
        return render(request, "catalogue/search_unavailable.html", status=503)
    search_announce(request, params, result.count, sender="page")

    # Only the values that would keep a game (or undo a choice) are offered.
    facets = {
        name: [item for item in items if item["count"] or item["selected"]]
        for name, items in result.facets.items()
    }
    for item in facets.get("category", []):
        code, label = item["value"], item["label"]
        item["label"] = category_display(code, label.removeprefix(f"{code} "))
    for name, items in facets.items():
        for item in items:
            item["url"] = search_url(
                params, **{name: field_default(name) if item["selected"] else item["value"]}
            )
    names = _facet_names(facets)
    active = [
        {
            "label": FILTER_LABELS[name],
            "value": names.get(
                name, "" if name in ("playable", "available") else getattr(params, name)
            ),
            "remove_url": search_url(params, **{name: field_default(name)}),
        }
        for name in params.active_filters()
    ]
    for hint in result.relax:
        hint["label"] = FILTER_LABELS[hint["param"]]
        hint["url"] = search_url(hint.pop("params"))
    page = result.page
    thumbnails = card_thumbnails(game.pk for game in page.object_list)
    for game in page.object_list:
        game.box_photo = thumbnails.get(game.pk)  # the card's small picture, if any
    more_urls = {
        name: search_url(params, facet_size=settings.CATALOGUE_FACET_SIZE_MAX)
        for name in result.facets_truncated
    }
    context = {
        "more_urls": more_urls,
        "form": form,
        "result": result,
        "facets": facets,
        "has_facets": any(facets.values()),
        "params": params,
        "active": active,
        # The form's first choice sends no ordering at all: relevance when words are typed, the
        # title otherwise (the selector decides), so typing words on any page gets a ranking.
        "orderings": [
            {
                "value": "",
                "label": _("pertinence, ou titre sans texte"),
                "selected": params.ordering in ("", "relevance"),
            }
        ]
        + [
            {"value": key, "label": label, "selected": key == params.ordering}
            for key, label in ORDERING_LABELS.items()
            if key != "relevance"
        ],
        "previous_url": search_url(params, page=page.previous_page_number())
        if page.has_previous()
        else "",
        "next_url": search_url(params, page=page.next_page_number()) if page.has_next() else "",
    }
    return render(request, "catalogue/search.html", context)


def _facet_names(facets) -> dict[str, str]:
    """Readable value of the selected category/publisher/author, for the active-filter chips."""
    return {
        name: item["label"]
        for name in ("category", "publisher", "author")
        for item in facets.get(name, [])
        if item["selected"]
    }


#: A rules question longer than this is cut (nobody asks a rule in a page of text).
QUESTION_CHARS = 300


def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        game = game_get(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("Aucun jeu ne porte cet identifiant.")) from None
    send_quietly(game_viewed, sender="page", request=request, game=game)
    question = " ".join(request.GET.get("question", "").split())[:QUESTION_CHARS]
    copies = list(game.copies.all())
    photos = game_photos(game)
    context = {
        "game": game,
        "photos": photos,
        # No photo of the box: a playable game shows its board at the start of a game.
        "opening": None if photos else opening_picture(game),
        "copies": copy_rows(copies),
        "availability": copies_availability(copies),
        "rule_topics": rules_for_engine(game.engine),
        "learnable": has_tutorial(game.engine),
        "rule_question": question,
        "rule_answers": rules_answering(game.engine, question) if question else None,
        "rules_sections": _rules_sections(game),
        "rules_text": readable(game.rules_text),
        "related": games_related(game=game),
        "description": game_description(game),
        # The records are in French, whatever the page's language.
        "structured_data": game_structured_data(
            game, url=request.build_absolute_uri(game.get_absolute_url()), language="fr"
        ),
    }
    return render(request, "catalogue/game_detail.html", context)


def _rules_sections(game: Game) -> list[dict]:
    """The rules by section, as the page shows them (:func:`catalogue.readable.readable`),
    without a section that only repeats the box contents shown above."""
    components = fold(game.components)
    sections = []
    for section in game.rules_sections or []:
        body = section.get("body", "")
        if components and fold(body) == components:
            continue
        shown = readable(body)
        sections.append({**section, "body": shown.text, "drawings_missing": shown.drawings_missing})
    return sections


def _browse(request: HttpRequest, model, title: str, param: str, description: str) -> HttpResponse:
    rows = [
        {
            "item": item,
            "label": category_display(item.code, item.label) if model is Category else str(item),
            "url": search_url(SearchParams(), **{param: _param_value(item, param)}),
        }
        for item in browse_list(model)
    ]
    context = {"title": title, "rows": rows, "description": description}
    return render(request, "catalogue/browse_list.html", context)


def _param_value(item, param: str) -> str:
    return item.code if param == "category" else item.slug


def author_list(request: HttpRequest) -> HttpResponse:
    description = _("Les auteurs des jeux de la ludothèque, chacun avec le nombre de ses jeux.")
    return _browse(request, Author, _("Auteurs"), "author", description)


def publisher_list(request: HttpRequest) -> HttpResponse:
    description = _("Les éditeurs des jeux de la ludothèque, chacun avec le nombre de ses jeux.")
    return _browse(request, Publisher, _("Éditeurs"), "publisher", description)


def category_list(request: HttpRequest) -> HttpResponse:
    description = _(
        "Les jeux de la ludothèque rangés selon la classification ESAR : jeux d’exercice, "
        "symboliques, d’assemblage et de règles."
    )
    return _browse(request, Category, _("Catégories ESAR"), "category", description)


def author_detail(request: HttpRequest, slug: str) -> HttpResponse:
    author = get_object_or_404(Author, slug=slug)
    return redirect(search_url(SearchParams(), author=author.slug))


def publisher_detail(request: HttpRequest, slug: str) -> HttpResponse:
    publisher = get_object_or_404(Publisher, slug=slug)
    return redirect(search_url(SearchParams(), publisher=publisher.slug))


def category_detail(request: HttpRequest, slug: str) -> HttpResponse:
    category = get_object_or_404(Category, slug=slug)
    return redirect(search_url(SearchParams(), category=category.code))


def accessibility_statement(request: HttpRequest) -> HttpResponse:
    """The RGAA's « déclaration d'accessibilité »: French, or its English translation."""
    language = "en" if get_language() == "en" else "fr"
    context = {
        "conformance": accessibility.conformance(),
        "conformance_label": accessibility.conformance_label(),
        "rgaa_version": accessibility.RGAA_VERSION,
        "audit_date": accessibility.AUDIT_DATE,
        "audit_tool": accessibility.AUDIT_TOOL,
        "audited_pages": accessibility.AUDITED_PAGES,
        "contact_email": settings.ACCESSIBILITY_CONTACT_EMAIL,
        "site_url": request.build_absolute_uri(reverse("catalogue:search")),
    }
    return render(request, f"catalogue/accessibility/{language}.html", context)
