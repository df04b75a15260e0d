"""Template context every page gets."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from .middleware import LANGUAGE_PARAM


def language_alternates(request: HttpRequest) -> dict:
    """The page's address in each language (``?lang=``) and without one (``x-default``: the
    visitor's language), for the ``hreflang`` links; and the page's own address without a
    language, for the language switcher to come back to."""
    query = request.GET.copy()
    query.pop(LANGUAGE_PARAM, None)
    neutral = request.path + (f"?{query.urlencode()}" if query else "")

    def address(code: str | None) -> str:
        chosen = query.copy()
        if code:
            chosen[LANGUAGE_PARAM] = code
        return request.build_absolute_uri(
            request.path + (f"?{chosen.urlencode()}" if chosen else "")
        )

    alternates = [{"code": code, "url": address(code)} for code, _name in settings.LANGUAGES]
    alternates.append({"code": "x-default", "url": address(None)})
    return {"language_alternates": alternates, "language_neutral_path": neutral}
