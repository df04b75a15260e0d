"""The site's error answers (``ludotheque.urls``' ``handler400``… name them): under /api/ every
error that Django itself answers (an unknown address, a refused host, a body too large, a server
error…) is JSON in the API's error shape, since clients parse JSON there; the site's pages keep
their HTML error pages."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import (
    DisallowedHost,
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults

API_PREFIX = "/api/"


def is_api(request: HttpRequest) -> bool:
    """Whether ``request`` is addressed to the API (its documentation pages included)."""
    return request.path_info.startswith(API_PREFIX)


def api_error(status: int, code: str, message: str, **extra) -> JsonResponse:
    """The API's error shape: ``detail`` (DRF's key), and the play API's ``code`` and
    ``message``; ``extra`` adds what a client may act on (a limit…)."""
    body = {"detail": message, "code": code, "message": message, **extra}
    return JsonResponse(body, status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """What Django refuses before any view (a host not allowed, a body or a query with too much
    in it). Nothing here may read the host: it may be the very thing refused."""
    if not is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        # The request guard refuses large bodies from their Content-Length; what Django still
        # refuses while reading is a multipart request's fields (files apart) past their limit.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = _("Requête trop volumineuse (au plus %(limit)d octets hors fichiers).")
        return api_error(413, "request_too_large", message % {"limit": limit}, limit=limit)
    if isinstance(exception, TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        message = _("Trop de paramètres dans la requête (au plus %(limit)d).")
        return api_error(400, "too_many_fields", message % {"limit": limit}, limit=limit)
    if isinstance(exception, TooManyFilesSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FILES
        message = _("Trop de fichiers dans la requête (au plus %(limit)d).")
        return api_error(400, "too_many_files", message % {"limit": limit}, limit=limit)
    if isinstance(exception, DisallowedHost):
        return api_error(400, "invalid_host", _("Ce nom d'hôte n'est pas celui du site."))
    return api_error(400, "bad_request", _("Requête invalide."))


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not is_api(request):
        return defaults.permission_denied(request, exception)
    return api_error(403, "forbidden", _("Accès refusé."))


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """An address that no route matches (the API's own 404s come from its views)."""
    if not is_api(request):
        return defaults.page_not_found(request, exception)
    return api_error(404, "not_found", api_not_found_message())


def api_not_found_message() -> str:
    return _("Aucune ressource à cette adresse de l'API (sa documentation : %(docs)s).") % {
        "docs": reverse("api:docs")
    }


def server_error(request: HttpRequest) -> HttpResponse:
    """A server error: no trace of it in the answer. The error itself is logged by Django
    before this runs."""
    if not is_api(request):
        return defaults.server_error(request)
    message = _("Erreur du serveur : la requête n'a pas abouti. L'erreur est enregistrée.")
    return api_error(500, "server_error", message)
