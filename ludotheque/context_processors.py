"""Template context every page gets."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.safestring import mark_safe

from catalogue.accessibility import conformance_label
from core.middleware import LANGUAGE_PARAM

#: The records' language: their text is marked ``lang="fr"`` on pages in another language.
RECORD_LANGUAGE = "fr"


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


def accessibility(request: HttpRequest) -> dict:
    """The footer's mention of the RGAA conformance level, and the attribute that marks a
    record's French text on a page in another language (``<h1{{ record_lang }}>``)."""
    record_lang = (
        "" if translation.get_language() == RECORD_LANGUAGE else f' lang="{RECORD_LANGUAGE}"'
    )
    return {"accessibility_label": conformance_label, "record_lang": mark_safe(record_lang)}
