"""Project-level views: health and robots.txt (the error handlers are ``core.errors``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import reverse


def health(request: HttpRequest) -> HttpResponse:
    """For load balancers and monitoring: the process answers (no database, no template)."""
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


def robots_txt(request: HttpRequest) -> HttpResponse:
    """For crawlers: the sitemap; not the admin, the API (but its documentation, reference and
    console) or the language switch (a form's target, no page). Match pages may be fetched: a
    visitor without a seat's token sees nothing hidden there, and each names its game's
    catalogue page as its canonical address, so it never competes with it (the sitemap lists
    no match)."""
    lines = [
        "User-agent: *",
        "Allow: /api/v1/docs/",
        "Disallow: /admin/",
        "Disallow: /api/",
        "Disallow: /i18n/",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
