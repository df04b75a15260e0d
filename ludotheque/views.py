"""Project-level views."""

from django.http import HttpRequest, HttpResponse


def health(request: HttpRequest) -> HttpResponse:
    """For load balancers and monitoring: the process answers (no database, no template)."""
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")
