"""The API's JSON parser: a bounded body, a bounded depth, and only text a database can store.

DRF's own parser reads a body of any size, lets a deeply nested document overflow the stack
(``RecursionError``, a server error) and accepts strings that PostgreSQL cannot store (NUL) or
that cannot be written back as UTF-8 (lone surrogates, ``"\\ud800"``). Every JSON body of the
API goes through this one instead, and each of those is a 400 (or a 413 for the size).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser as DRFJSONParser
from rest_framework.settings import api_settings

__all__ = ["JSONParser", "RequestTooLarge", "check_json_value"]


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"


def _bad_text(value: str) -> bool:
    """NUL, or a UTF-16 surrogate that is not part of a pair (json.loads lets both through)."""
    if "\x00" in value:
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_json_value(value: Any, *, max_depth: int) -> str | None:
    """Why ``value`` (parsed JSON) is refused, or None: too deep, or text with NUL/surrogates."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _bad_text(item):
                return _("Le texte envoyé contient un caractère interdit (NUL ou UTF-16 isolé).")
            continue
        if not isinstance(item, (dict, list)):
            continue
        if depth > max_depth:
            return _("Document JSON trop imbriqué (au plus %(depth)d niveaux).") % {
                "depth": max_depth
            }
        if isinstance(item, dict):
            stack.extend((key, depth) for key in item)
            stack.extend((child, depth + 1) for child in item.values())
        else:
            stack.extend((child, depth + 1) for child in item)
    return None


class JSONParser(DRFJSONParser):
    """DRF's JSON parser with a size limit (``REQUEST_BODY_MAX_BYTES``), a depth limit
    (``API_JSON_MAX_DEPTH``) and text checks; every refusal is a client error."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        limit = settings.REQUEST_BODY_MAX_BYTES
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise RequestTooLarge(
                _("Requête trop volumineuse (au plus %(limit)d octets).") % {"limit": limit}
            )
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError(_("Le corps de la requête n'est pas du texte UTF-8.")) from None
        try:
            strict = api_settings.STRICT_JSON
            data = json.loads(text, parse_constant=_refuse_constant if strict else None)
        except RecursionError:
            raise ParseError(_("Document JSON trop imbriqué.")) from None
        except ValueError as error:
            raise ParseError(_("JSON mal formé : %(error)s") % {"error": error}) from None
        reason = check_json_value(data, max_depth=settings.API_JSON_MAX_DEPTH)
        if reason:
            raise ParseError(reason)
        return data


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")
