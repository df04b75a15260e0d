"""Hostile requests for every operation of the API's OpenAPI schema: the input classes that
reached a server error before (issues 9 and 42) — deep nesting as JSON and as a form field,
NUL, lone surrogates, Unicode digits, long text, huge bodies — in every path and query
parameter, every body field and every header the API reads. Shared by the test suite
(``tests/api/test_fuzz.py``, through Django's test client) and ``bench/api_fuzz.py`` (a live
server), so that both send the same shapes."""

from __future__ import annotations

import json
from urllib.parse import quote, urlencode

# The multipart boundary Django's test client uses; any fixed one serves a live server too.
BOUNDARY = "BoUnDaRyStRiNg"
MULTIPART_CONTENT = f"multipart/form-data; boundary={BOUNDARY}"

NESTED = "[" * 50_000 + "]" * 50_000
HOSTILE_TEXT = {
    "nul": "a\x00b",
    "surrogate": "\ud800",
    "superscript-two": "\u00b2",
    "arabic-three": "\u0663",
    "long": "9" * 400,
}


def body_fields(api_schema: dict, operation: dict) -> list[str]:
    content = operation.get("requestBody", {}).get("content", {})
    body = next(iter(content.values()), {}).get("schema", {})
    if "$ref" in body:
        body = api_schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    return list(body.get("properties", {})) or ["value"]


def raw(text: str) -> bytes:
    """``text`` as a client would send it, a lone surrogate included (its 3 bytes)."""
    return text.encode("utf-8", "surrogatepass")


def multipart(fields: dict) -> bytes:
    """A multipart body: bytes as uploaded files, lists as repeated fields, the rest as text."""
    parts = []
    for name, values in fields.items():
        for value in values if isinstance(values, list) else [values]:
            disposition = f'form-data; name="{name}"'
            if isinstance(value, bytes):
                disposition += '; filename="fuzz.bin"'
            elif not isinstance(value, str):
                value = json.dumps(value)
            head = f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode()
            parts.append(head + (value if isinstance(value, bytes) else raw(value)) + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


#: Request headers the API reads (or that Django and DRF parse on its behalf).
HOSTILE_HEADERS = {
    "X-Seat-Token": "{}",
    "Authorization": "Token {}",
    "If-None-Match": '"{}"',
    "Accept-Language": "{}",
    "Content-Language": "{}",
    "Cookie": "sessionid={}; csrftoken={}",
}


def header_text(text: str) -> str:
    """``text`` as a WSGI server hands a header to Django: its UTF-8 bytes read as Latin-1."""
    return raw(text).decode("latin-1")


def hostile_requests(api_schema: dict, world):
    """(method, path, query, raw body, media type, label, headers) for every operation,
    parameter, body field and header."""
    for request in _hostile_inputs(api_schema, world):
        yield (*request, {})
    for template, methods in api_schema["paths"].items():
        for method in methods:
            real = _with_values(template, world)
            for label, text in {**HOSTILE_TEXT, "non-ascii": "é" * 8}.items():
                for name, shape in HOSTILE_HEADERS.items():
                    headers = {name: shape.replace("{}", header_text(text))}
                    yield method, real, None, None, None, f"{label} in {name}", headers
            deep = "[" * 3_000 + "]" * 3_000
            form = urlencode({"move": deep, "seat": 0, "expected_version": 0, "options": deep})
            yield method, real, None, form, "application/x-www-form-urlencoded", "nested form", {}


def _with_values(template: str, world) -> str:
    for name, value in {"code": world["code"], "slug": world["game"], "id": "1"}.items():
        template = template.replace("{" + name + "}", value)
    return template


def _hostile_inputs(api_schema: dict, world):
    for template, methods in api_schema["paths"].items():
        for method, operation in methods.items():
            parameters = operation.get("parameters", [])
            real = _with_values(template, world)
            for label, text in HOSTILE_TEXT.items():
                for parameter in parameters:
                    if parameter["in"] == "path":
                        path = template.replace("{" + parameter["name"] + "}", quote(raw(text)))
                        yield method, path, None, None, None, f"{label} in {parameter['name']}"
                    elif parameter["in"] == "query":
                        query = {parameter["name"]: raw(text)}
                        yield method, real, query, None, None, f"{label} in ?{parameter['name']}"
            if "requestBody" not in operation:
                continue
            fields = body_fields(api_schema, operation)
            yield method, real, None, NESTED, "application/json", "nested body"
            deep = "[" * 40 + "]" * 40
            yield (
                method,
                real,
                None,
                json.dumps({f: "_" for f in fields}).replace('"_"', deep),
                "application/json",
                "nested fields",
            )
            for label, text in HOSTILE_TEXT.items():
                body = json.dumps({f: text for f in fields})  # ensure_ascii: \\u0000, \\ud800
                yield method, real, None, body, "application/json", f"{label} in every field"
                form = multipart({f: text for f in fields})
                yield method, real, None, form, MULTIPART_CONTENT, f"{label} multipart"
            yield (
                method,
                real,
                None,
                '{"x": "' + "x" * 2_000_000 + '"}',
                "application/json",
                ("huge JSON body"),
            )
            yield method, real, None, b"-" * 1_500_000, MULTIPART_CONTENT, "huge multipart body"
