"""The catalogue's own JSON export, ``catalogue-json``: lossless, and importable (no Django).

::

    {"format": "catalogue-json", "version": 1, "games": [
      {"title": "Ta Yü", "document_type": "…", "authors": [{"name": "Niek Neuwahl",
       "role": "Auteur"}], "publisher": "Kosmos", "category": {"code": "A 406", "label":
       "jeu de stratégie", "family": "jeu de règles"}, "min_players": 2, "max_players": 4,
       "min_age": 10, "max_age": null, "duration_minutes": 45, "principle": "…",
       "pedagogical_analysis": "…", "components": "…", "rules_text": "…",
       "rules_sections": [{"heading": "But du jeu", "body": "…"}],
       "review_fields": ["max_age"]}, …]}

``max_age`` null means "no upper limit" unless ``review_fields`` lists ``max_age`` (then it was
not catalogued). ``rules_sections``, ``components`` and ``review_fields`` are taken as written
(so that re-importing an export changes nothing); when a key is absent they are derived as for a
PMB record. Only ``title`` is required. Other keys (``slug``…) are ignored. A value of the wrong
type, a bad number or a minimum above its maximum rejects the file (:class:`RecordError` naming
the game and the key), as does a document the decoder refuses: malformed, nested thousands deep,
or with an integer of thousands of digits.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from typing import Any

from importers.fields import RawRecord, build_record, review_fields_from
from importers.records import AuthorCredit, GameRecord, RecordError, RulesSection

__all__ = [
    "FORMAT_JSON",
    "looks_like_catalogue_json",
    "parse_catalogue_json",
    "write_catalogue_json",
]

FORMAT_JSON = "catalogue-json"
VERSION = 1
_MARKER = re.compile(r'"format"\s*:\s*"catalogue-json"')
_TEXT_KEYS = (
    "title", "document_type", "publisher", "principle", "pedagogical_analysis", "components",
    "rules_text",
)  # fmt: skip
_NUMBER_KEYS = ("min_players", "max_players", "min_age", "max_age", "duration_minutes")


def looks_like_catalogue_json(text: str) -> bool:
    stripped = text.lstrip("\ufeff \t\r\n")
    return stripped.startswith("{") and bool(_MARKER.search(stripped[:2000]))


def parse_catalogue_json(
    data: bytes, source_name: str, warnings: list[str] | None = None
) -> list[GameRecord]:
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise RecordError(
            f"encodage inconnu : octet 0x{data[error.start]:02X} (le JSON doit être en UTF-8)",
            source_name=source_name,
        ) from None
    except json.JSONDecodeError as error:
        raise RecordError(
            f"JSON mal formé ligne {error.lineno}, colonne {error.colno} ({error.msg})",
            source_name=source_name,
        ) from None
    except RecursionError:  # « [[[[… » thousands deep: the decoder gives up, cleanly
        raise RecordError(
            "JSON mal formé : listes ou objets imbriqués trop profondément",
            source_name=source_name,
        ) from None
    except ValueError:  # an integer of thousands of digits (sys.get_int_max_str_digits)
        raise RecordError(
            f"JSON mal formé : nombre de plus de {sys.get_int_max_str_digits()} chiffres",
            source_name=source_name,
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_JSON:
        raise RecordError(
            "document JSON sans « format »: « catalogue-json »", source_name=source_name
        )
    if document.get("version") != VERSION:
        raise RecordError(
            f"version {document.get('version')!r} non prise en charge (attendue : {VERSION})",
            source_name=source_name,
            field="version",
        )
    games = document.get("games")
    if not isinstance(games, list) or not games:
        raise RecordError("aucun jeu dans « games »", source_name=source_name, field="games")
    return [_record(game, index, source_name, warnings) for index, game in enumerate(games)]


def _record(game: Any, index: int, source_name: str, warnings) -> GameRecord:
    raw = RawRecord(index=index)
    if not isinstance(game, dict):
        raise _error("un objet est attendu pour chaque jeu", raw, source_name, "games")
    for key in _TEXT_KEYS:
        value = game.get(key, "")
        if value is not None and not isinstance(value, str):
            raise _error("du texte est attendu", raw, source_name, key)
        raw.values[key] = value
    for key in _NUMBER_KEYS:
        value = game.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise _error(f"nombre entier ou null attendu, pas « {value!r} »", raw, source_name, key)
        raw.values[key] = value
    raw.authors = _authors(game.get("authors", []), raw, source_name)
    raw.category = _category(game.get("category"), raw, source_name)
    if "rules_sections" in game:
        raw.rules_sections = _sections(game["rules_sections"], raw, source_name)
    if "review_fields" in game:
        names = game["review_fields"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _error("liste de noms de champs attendue", raw, source_name, "review_fields")
        raw.review_fields, unknown = review_fields_from(" ".join(names))
        if unknown and warnings is not None:
            warnings.append(
                f"notice « {raw.name()} » : champs à vérifier inconnus ignorés : "
                + ", ".join(unknown)
            )
    return build_record(raw, source_name, FORMAT_JSON)


def _error(message: str, raw: RawRecord, source_name: str, key: str) -> RecordError:
    return RecordError(message, source_name=source_name, record=raw.name(), field=key)


def _authors(value: Any, raw: RawRecord, source_name: str) -> list[AuthorCredit]:
    if not isinstance(value, list):
        raise _error("liste de {name, role} attendue", raw, source_name, "authors")
    authors = []
    for item in value:
        name = item.get("name") if isinstance(item, dict) else None
        role = item.get("role", "Auteur") if isinstance(item, dict) else None
        if not isinstance(name, str) or not name.strip() or not isinstance(role, str):
            raise _error("chaque auteur est un objet {name, role}", raw, source_name, "authors")
        authors.append(AuthorCredit(name=" ".join(name.split()), role=role.strip() or "Auteur"))
    return authors


def _category(value: Any, raw: RawRecord, source_name: str) -> tuple[str, str, str]:
    if value is None:
        return "", "", ""
    parts = [
        value.get(key, "") if isinstance(value, dict) else None
        for key in ("code", "label", "family")
    ]
    if not all(isinstance(part, str) for part in parts):
        raise _error("objet {code, label, family} ou null attendu", raw, source_name, "category")
    return parts[0], parts[1], parts[2]


def _sections(value: Any, raw: RawRecord, source_name: str) -> list[RulesSection]:
    ok = isinstance(value, list) and all(
        isinstance(s, dict) and isinstance(s.get("heading"), str) and isinstance(s.get("body"), str)
        for s in value
    )
    if not ok:
        raise _error("liste de {heading, body} attendue", raw, source_name, "rules_sections")
    return [RulesSection(heading=s["heading"], body=s["body"]) for s in value]


def write_catalogue_json(records: Iterable[GameRecord], **extra: Any) -> bytes:
    """The records as a ``catalogue-json`` document (``extra`` keys go to the top level)."""
    document = {"format": FORMAT_JSON, "version": VERSION, **extra}
    document["games"] = [record.to_dict() for record in records]
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
