"""The API reference (/api/v1/docs/): a light, server-rendered page built from the OpenAPI schema
drf-spectacular generates, the same schema /api/v1/schema/ serves. Every path and method, its
summary, parameters, request body fields, responses and error codes; then every data schema.
The interactive console (Swagger UI, a large script) is a page of its own, linked from it.

The schema's texts are English (the API's documentation language); the page around them is
French with English translations, and marks the schema's texts ``lang="en"`` on a French page.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe
from drf_spectacular.generators import SchemaGenerator

#: The schema's language: its texts are marked with it on a page in another language.
SCHEMA_LANGUAGE = "en"

METHODS = ("get", "post", "put", "patch", "delete")

#: The schema's tags, as the page names them (in the schema's order of first use).
TAG_TITLES = {
    "auth": _("Jetons d’accès"),
    "games": _("Jeux"),
    "authors": _("Auteurs"),
    "publishers": _("Éditeurs"),
    "categories": _("Catégories"),
    "export": _("Export du catalogue"),
    "imports": _("Imports"),
    "play": _("Parties en ligne"),
}
TAG_ORDER = list(TAG_TITLES)

LOCATIONS = {
    "path": _("chemin"),
    "query": _("requête"),
    "header": _("en-tête"),
    "cookie": _("cookie"),
}


@dataclass
class Field:
    """A parameter, a body field or a schema's property."""

    name: str
    type: SafeString
    required: bool = False
    description: SafeString = mark_safe("")
    location: str = ""  # parameters only: path, query, header…
    read_only: bool = False
    write_only: bool = False


@dataclass
class Body:
    media_types: list[str]
    type: SafeString
    required: bool = False
    description: SafeString = mark_safe("")
    fields: list[Field] = field(default_factory=list)


@dataclass
class Response:
    status: str
    description: SafeString
    body: Body | None
    headers: list[Field]


@dataclass
class Operation:
    method: str
    path: str
    anchor: str
    summary: SafeString
    description: SafeString
    auth: str  # "none", "optional" or "required"
    deprecated: bool
    parameters: list[Field]
    request: Body | None
    responses: list[Response]


@dataclass
class Section:
    tag: str
    title: str
    operations: list[Operation]


@dataclass
class Schema:
    name: str
    anchor: str
    type: SafeString
    description: SafeString
    fields: list[Field]


_INLINE_CODE = re.compile(r"``(.+?)``|`([^`]+)`")


def _inline(text: str) -> SafeString:
    escaped = escape(text)
    return mark_safe(
        _INLINE_CODE.sub(lambda m: f"<code>{m.group(1) or m.group(2)}</code>", escaped)
    )


def text_html(text: str | None) -> SafeString:
    """The schema's descriptions, written in a little Markdown: paragraphs (a blank line),
    ``* `` lists and inline code; line breaks inside a paragraph are spaces."""
    if not text or not text.strip():
        return mark_safe("")
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if all(line.startswith(("* ", "- ")) for line in lines):
            items = format_html_join("", "<li>{}</li>", ((_inline(line[2:]),) for line in lines))
            blocks.append(format_html("<ul>{}</ul>", items))
        else:
            blocks.append(format_html("<p>{}</p>", _inline(" ".join(lines))))
    return mark_safe("".join(blocks))


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def schema_anchor(name: str) -> str:
    return f"schema-{name}"


def _constraints(schema: dict[str, Any]) -> list[str]:
    parts = []
    if "format" in schema:
        parts.append(schema["format"])
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        parts.append(f"{low}–{high}")
    elif low is not None:
        parts.append(f"≥ {low}")
    elif high is not None:
        parts.append(f"≤ {high}")
    if "maxLength" in schema:
        parts.append(f"≤ {schema['maxLength']} car.")
    if "pattern" in schema:
        parts.append(schema["pattern"])
    return parts


def type_html(schema: dict[str, Any] | None) -> SafeString:
    """A schema's type in a few words: a link to a named schema, ``array of …``, an enum's values,
    a format and bounds; ``null`` when it may be null."""
    schema = schema or {}
    nullable = schema.get("nullable", False)
    if "$ref" in schema:
        name = _ref_name(schema["$ref"])
        label = format_html('<a href="#{}">{}</a>', schema_anchor(name), name)
    elif "allOf" in schema and len(schema["allOf"]) == 1:
        label = type_html(schema["allOf"][0])
    elif "oneOf" in schema or "anyOf" in schema:
        options = schema.get("oneOf") or schema.get("anyOf")
        label = mark_safe(" | ".join(type_html(option) for option in options))
    elif schema.get("type") == "array":
        label = format_html("array [{}]", type_html(schema.get("items")))
    elif "enum" in schema:
        values = [value for value in schema["enum"] if value is not None]
        label = format_html_join(" | ", "<code>{}</code>", ((value,) for value in values))
        nullable = nullable or None in schema["enum"]
    elif schema.get("type") == "object" and "additionalProperties" in schema:
        extra = schema["additionalProperties"]
        label = format_html(
            "object {{string: {}}}", type_html(extra if isinstance(extra, dict) else {})
        )
    elif "type" in schema:
        details = _constraints(schema)
        label = format_html("{}{}", schema["type"], f" ({', '.join(details)})" if details else "")
    else:
        label = mark_safe("any")
    return format_html("{} | null", label) if nullable else label


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components.get(_ref_name(schema["$ref"]), {})
    return schema


def object_fields(schema: dict[str, Any], components: dict[str, Any]) -> list[Field]:
    """An object schema's properties (its ``$ref`` followed), required ones first."""
    schema = _resolve(schema or {}, components)
    if "allOf" in schema and len(schema["allOf"]) == 1:
        schema = _resolve(schema["allOf"][0], components)
    required = set(schema.get("required", ()))
    fields = [
        Field(
            name=name,
            type=type_html(prop),
            required=name in required,
            description=text_html(prop.get("description")),
            read_only=prop.get("readOnly", False),
            write_only=prop.get("writeOnly", False),
        )
        for name, prop in schema.get("properties", {}).items()
    ]
    return sorted(fields, key=lambda f: not f.required)


def _body(content: dict[str, Any], components: dict[str, Any], **extra) -> Body | None:
    if not content:
        return None
    media_types = list(content)
    schema = content[media_types[0]].get("schema", {})
    return Body(
        media_types=media_types,
        type=type_html(schema),
        fields=object_fields(schema, components),
        **extra,
    )


def _parameter(parameter: dict[str, Any]) -> Field:
    return Field(
        name=parameter["name"],
        type=type_html(parameter.get("schema")),
        required=parameter.get("required", False),
        description=text_html(parameter.get("description")),
        location=str(LOCATIONS.get(parameter["in"], parameter["in"])),
    )


def _auth(security: list[dict] | None) -> str:
    if not security or security == [{}]:
        return "none"
    return "optional" if {} in security else "required"


def _operation(path: str, method: str, spec: dict, components: dict) -> Operation:
    parameters = sorted(
        (_parameter(p) for p in spec.get("parameters", ())),
        key=lambda p: (not p.required, p.name.lower()),
    )
    request = spec.get("requestBody")
    responses = []
    for status, answer in spec.get("responses", {}).items():
        headers = [
            Field(
                name=name,
                type=type_html(header.get("schema")),
                description=text_html(header.get("description")),
            )
            for name, header in answer.get("headers", {}).items()
        ]
        responses.append(
            Response(
                status=status,
                description=text_html(answer.get("description")),
                body=_body(answer.get("content", {}), components),
                headers=headers,
            )
        )
    return Operation(
        method=method.upper(),
        path=path,
        anchor=spec.get("operationId") or f"{method}-{path}",
        summary=text_html(spec.get("summary")),
        description=text_html(spec.get("description")),
        auth=_auth(spec.get("security")),
        deprecated=spec.get("deprecated", False),
        parameters=parameters,
        request=_body(
            (request or {}).get("content", {}),
            components,
            required=(request or {}).get("required", False),
            description=text_html((request or {}).get("description")),
        ),
        responses=responses,
    )


def reference(schema: dict[str, Any]) -> dict[str, Any]:
    """The page's content from an OpenAPI document: its sections (by tag) of operations, and
    its data schemas."""
    components = schema.get("components", {}).get("schemas", {})
    by_tag: dict[str, list[Operation]] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                spec = item[method]
                tag = (spec.get("tags") or ["api"])[0]
                by_tag.setdefault(tag, []).append(_operation(path, method, spec, components))
    tags = sorted(by_tag, key=lambda t: (TAG_ORDER.index(t) if t in TAG_ORDER else 99, t))
    sections = [Section(tag, str(TAG_TITLES.get(tag, tag)), by_tag[tag]) for tag in tags]
    schemas = [
        Schema(
            name=name,
            anchor=schema_anchor(name),
            type=type_html({k: v for k, v in spec.items() if k != "properties"})
            if "properties" not in spec
            else mark_safe("object"),
            description=text_html(spec.get("description")),
            fields=object_fields(spec, components),
        )
        for name, spec in sorted(components.items())
    ]
    security = [
        {
            "name": name,
            "location": str(LOCATIONS.get(scheme.get("in", ""), scheme.get("in", ""))),
            "parameter": scheme.get("name", ""),
            "description": text_html(scheme.get("description")),
        }
        for name, scheme in schema.get("components", {}).get("securitySchemes", {}).items()
    ]
    info = schema.get("info", {})
    return {
        "title": info.get("title", ""),
        "version": info.get("version", ""),
        "description": text_html(info.get("description")),
        "sections": sections,
        "schemas": schemas,
        "security": security,
        "operations_count": sum(len(s.operations) for s in sections),
    }


@functools.lru_cache(maxsize=4)
def _reference_in(language: str) -> dict[str, Any]:
    # The schema depends on the code only (the routes, serializers and settings): built once per
    # process and language (drf-spectacular translates lazy texts), not on every visit.
    return reference(SchemaGenerator().get_schema(request=None, public=True))


@require_safe  # a page to read: any other method is a 405 (in the API's error shape)
def api_reference(request: HttpRequest) -> HttpResponse:
    language = translation.get_language() or SCHEMA_LANGUAGE
    context = {
        **_reference_in(language),
        # ``lang="en"`` on the schema's texts when the page is in another language.
        "schema_lang": mark_safe(
            "" if language.startswith(SCHEMA_LANGUAGE) else f' lang="{SCHEMA_LANGUAGE}"'
        ),
    }
    return render(request, "api/reference.html", context)
