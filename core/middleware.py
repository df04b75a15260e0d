"""Project-wide request guards and response headers (see settings.MIDDLEWARE for the order)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.utils import translation
from django.utils.translation import gettext as _
from rest_framework.response import Response

from .errors import api_error, api_not_found_message, is_api


def _refusal(request: HttpRequest, status: int, code: str, message: str, **extra) -> HttpResponse:
    """The API's error shape under /api/, plain text elsewhere."""
    if is_api(request):
        return api_error(status, code, message, **extra)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


#: Headers that describe the body: all the others (Allow, Retry-After, Vary…) are kept when an
#: error answer becomes JSON.
_BODY_HEADERS = {"content-type", "content-length", "content-encoding", "content-disposition"}


class ApiErrorMiddleware:
    """Under /api/, an error that a view or a middleware answers itself rather than raises (a
    405 from ``require_http_methods``, a CSRF refusal) in the API's error shape, as the error
    handlers (``ludotheque.views``) answer the raised ones. The API's own views answer in JSON
    already (or in what the client negotiated with DRF): they are left alone."""

    CODES = {
        400: "bad_request",
        403: "forbidden",
        404: "not_found",
        405: "method_not_allowed",
        413: "request_too_large",
    }

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not is_api(request)
            or isinstance(response, Response)
            or response.streaming
            or response.get("Content-Type", "").startswith("application/json")
        ):
            return response
        return self.as_json(request, response)

    def as_json(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        status = response.status_code
        if status == 405:
            message = _("Méthode %(method)s non permise à cette adresse (permises : %(allowed)s).")
            message %= {"method": request.method[:20], "allowed": response.get("Allow", "")}
        elif status == 403:
            message = _("Accès refusé.")
        elif status == 404:
            message = api_not_found_message()
        else:
            message = _("La requête n'a pas abouti (erreur %(status)d).") % {"status": status}
        answer = api_error(status, self.CODES.get(status, "error"), message)
        for name, value in response.items():
            if name.lower() not in _BODY_HEADERS:
                answer[name] = value
        answer.cookies = response.cookies
        return answer


class RequestGuardMiddleware:
    """Refuse, before any view runs, what no view could handle:

    * a body larger than ``REQUEST_BODY_MAX_BYTES`` (``IMPORT_MAX_REQUEST_BYTES`` for a
      multipart upload) → 413, from its ``Content-Length``, without reading it;
    * a NUL character in the path (no slug or code holds one: 404) or in the query string
      (400) — PostgreSQL refuses NUL in text, so it must never reach a query.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        refused = self.refusal(request)
        return refused if refused is not None else self.get_response(request)

    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        multipart = request.META.get("CONTENT_TYPE", "").startswith("multipart/")
        limit = settings.IMPORT_MAX_REQUEST_BYTES if multipart else settings.REQUEST_BODY_MAX_BYTES
        if length > limit:
            message = _("Requête trop volumineuse (au plus %(limit)d octets).") % {"limit": limit}
            return _refusal(request, 413, "request_too_large", message, limit=limit)
        if "\x00" in request.path_info:
            return _refusal(request, 404, "not_found", _("Aucune page à cette adresse."))
        if any("\x00" in key or "\x00" in value for key, value in _query_items(request)):
            message = _("Caractère NUL interdit dans les paramètres de l'adresse.")
            return _refusal(request, 400, "invalid_query", message)
        return None


def _query_items(request: HttpRequest):
    for key, values in request.GET.lists():
        for value in values:
            yield key, value


class ContentSecurityPolicyMiddleware:
    """``Content-Security-Policy`` (settings.CONTENT_SECURITY_POLICY) on every response: scripts,
    styles and everything else from this site only, no inline script, no eval."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = "; ".join(
            f"{directive} {' '.join(sources)}"
            for directive, sources in settings.CONTENT_SECURITY_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


#: The API's documentation pages are pages of the site (a language, compressed HTML); the rest
#: of /api/ is the API.
API_DOCS_PREFIX = "/api/v1/docs/"


def _api_not_docs(path: str) -> bool:
    return path.startswith("/api/") and not path.startswith(API_DOCS_PREFIX)


#: The query parameter that gives a page's language (``?lang=en``): each language of a page has
#: an address of its own, which the hreflang alternates and the sitemap list.
LANGUAGE_PARAM = "lang"


class QueryLanguageMiddleware:
    """A page asked with ``?lang=en`` (or ``fr``) is in that language, whatever the visitor's
    cookie or browser says, and the choice is kept (the language cookie) for the next pages.
    After ``LocaleMiddleware``, which set the language from the cookie or the browser."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.languages = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = request.GET.get(LANGUAGE_PARAM, "")
        if code not in self.languages or _api_not_docs(request.path):
            return self.get_response(request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        response = self.get_response(request)
        if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


class HtmlGZipMiddleware(GZipMiddleware):
    """Compress the site's HTML pages (static files come compressed from whitenoise).

    BREACH: a compressed page that echoes a visitor's input beside a secret leaks the secret
    through its length. The pages' only secret is the CSRF token, which Django masks afresh in
    every response, and Django's GZipMiddleware pads every response by a random length (since
    4.2). The API's JSON (seat tokens) and the admin are left uncompressed all the same (not
    the API's documentation pages)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if _api_not_docs(request.path) or request.path.startswith("/admin/"):
            return response
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        return super().process_response(request, response)
