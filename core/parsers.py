"""The API's JSON parser: a bounded body, a bounded depth, and only text a database can store.

DRF's own parser reads a body of any size, lets a deeply nested document overflow the stack
(``RecursionError``, a server error) and accepts strings that PostgreSQL cannot store (NUL) or
that cannot be written back as UTF-8 (lone surrogates, ``"\\ud800"``). Every JSON body of the
API goes through this one instead, and each of those is a 400 (or a 413 for the size).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser as DRFJSONParser
from rest_framework.settings import api_settings

__all__ = [
    "BoundedJSONField",
    "JSONParser",
    "JSONRefused",
    "RequestTooLarge",
    "check_json_value",
    "json_depth",
    "loads_bounded",
]

# A JSON string (escapes included; unterminated: to the end, so the scan stays linear), and
# anything that is not a bracket: what the depth scan drops.
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"


def bad_text(value: str) -> bool:
    """NUL, or a UTF-16 surrogate that is not part of a pair (json.loads lets both through)."""
    if "\x00" in value:
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def json_depth(text: str, *, stop_past: int | None = None) -> int:
    """How deeply ``text`` (JSON, well-formed or not) nests, read without parsing it: brackets
    inside strings do not count. Linear in the text, no recursion (about 0.1 s a megabyte);
    with ``stop_past``, the scan ends at the first level deeper than that."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    deepest = 0
    for depth in accumulate(_STEP[c] for c in brackets):
        if depth > deepest:
            deepest = depth
            if stop_past is not None and deepest > stop_past:
                break
    return deepest


def _too_deep(max_depth: int) -> str:
    return _("Document JSON trop imbriqué (au plus %(depth)d niveaux).") % {"depth": max_depth}


class JSONRefused(ValueError):
    """A JSON document refused for its shape (too deep) or its text (NUL, lone surrogates)."""


def loads_bounded(text: str, *, max_depth: int) -> Any:
    """``json.loads`` for text from a client: a document nested past ``max_depth`` is refused
    (JSONRefused) before it is parsed, text a database cannot store after; malformed JSON, and
    NaN/Infinity when ``STRICT_JSON``, raise ``json.JSONDecodeError``/ValueError."""
    if json_depth(text, stop_past=max_depth) > max_depth:
        raise JSONRefused(_too_deep(max_depth))
    strict = api_settings.STRICT_JSON
    data = json.loads(text, parse_constant=_refuse_constant if strict else None)
    reason = check_json_value(data, max_depth=max_depth)
    if reason:
        raise JSONRefused(reason)
    return data


def check_json_value(value: Any, *, max_depth: int) -> str | None:
    """Why ``value`` (parsed JSON) is refused, or None: too deep, or text with NUL/surrogates."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if bad_text(item):
                return _("Le texte envoyé contient un caractère interdit (NUL ou UTF-16 isolé).")
            continue
        if not isinstance(item, (dict, list)):
            continue
        if depth > max_depth:
            return _too_deep(max_depth)
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
            return loads_bounded(text, max_depth=settings.API_JSON_MAX_DEPTH)
        except JSONRefused as error:
            raise ParseError(str(error)) from None
        except ValueError as error:
            raise ParseError(_("JSON mal formé : %(error)s") % {"error": error}) from None


class BoundedJSONField(serializers.JSONField):
    """DRF's JSONField, whose form-encoded value (a JSON string) is held to the parser's limits:
    DRF parses it with plain ``json.loads``, which a deeply nested value overflows."""

    default_error_messages = {"refused": gettext_lazy("Valeur JSON refusée : {reason}")}

    def to_internal_value(self, data):
        if getattr(data, "is_json_string", False) or isinstance(data, (str, bytes)) and self.binary:
            text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
            try:
                return loads_bounded(text, max_depth=settings.API_JSON_MAX_DEPTH)
            except ValueError as error:
                self.fail("refused", reason=error)
        reason = check_json_value(data, max_depth=settings.API_JSON_MAX_DEPTH)
        if reason:
            self.fail("refused", reason=reason)
        return super().to_internal_value(data)


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")
