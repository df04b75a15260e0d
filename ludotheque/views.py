"""Project-level views."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults


def health(request: HttpRequest) -> HttpResponse:
    """For load balancers and monitoring: the process answers (no database, no template)."""
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


def server_error(request: HttpRequest) -> HttpResponse:
    """A server error in the API's error shape under /api/ (clients parse JSON there), the
    site's error page elsewhere. The error itself is logged by Django before this runs."""
    if request.path.startswith("/api/"):
        message = _("Erreur du serveur : la requête n'a pas abouti. L'erreur est enregistrée.")
        body = {"detail": message, "code": "server_error", "message": message}
        return JsonResponse(body, status=500)
    return defaults.server_error(request)


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
