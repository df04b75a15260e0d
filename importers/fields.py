"""Field values shared by the UNIMARC, CSV and catalogue-JSON readers (pure Python, no Django).

Each reader collects a record's values as :class:`RawRecord` — strings (or numbers) under the
:class:`GameRecord` field names, and the name the *file* gives each field, for error messages —
and :func:`build_record` validates them the way the PMB reader does (:mod:`importers.pmb`):

* players, ages and duration are whole numbers written with ASCII digits; an ``Age maximum`` of
  99 or more means "no upper limit" (``max_age`` None, not missing), an absent one is missing;
* a minimum above its maximum rejects the record, on the maximum's field;
* rules sections come from :func:`catalogue.rules.split_sections`, and the components, when the
  file gives none, from :func:`catalogue.rules.extract_components`;
* ``missing_fields`` is the PMB review list (authors, publisher, category, the numbers,
  components, rules text), plus ``document_type`` where the format always carries one (UNIMARC's
  leader) — unless the file states the review list itself (the catalogue's own exports do).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from catalogue.review import REVIEWABLE_FIELDS
from catalogue.rules import extract_components, split_sections
from importers.records import AuthorCredit, GameRecord, RecordError, RulesSection

__all__ = [
    "NO_AGE_LIMIT",
    "REVIEWABLE_FIELDS",
    "RawRecord",
    "age_max_for_export",
    "build_record",
    "one_line",
    "review_fields_from",
]

NO_AGE_LIMIT = 99  # PMB's "Age maximum" for "no upper limit"
NUMBER_FIELDS = ("min_players", "max_players", "min_age", "max_age", "duration_minutes")
_DIGITS = re.compile(r"[0-9]+")
#: Longer numbers are refused at once (the database's limit, checked later, is 32,767).
_NUMBER_DIGITS_MAX = 9


def one_line(value: str) -> str:
    return " ".join(value.split())


@dataclass
class RawRecord:
    """One record as a file states it, before validation."""

    index: int
    values: dict[str, str | int | None] = field(default_factory=dict)
    authors: list[AuthorCredit] = field(default_factory=list)
    category: tuple[str, str, str] = ("", "", "")
    #: field key -> the name the file uses (column header, MARC tag and label…), for errors.
    field_names: dict[str, str] = field(default_factory=dict)
    rules_sections: list[RulesSection] | None = None  # None: split from the rules text
    review_fields: list[str] | None = None  # None: computed (see the module docstring)
    document_type_expected: bool = False

    def name(self) -> str:
        title = one_line(str(self.values.get("title") or ""))
        return title or f"n° {self.index + 1}"

    def field_name(self, key: str) -> str:
        return self.field_names.get(key, key)


def _text(raw: RawRecord, key: str) -> str:
    value = raw.values.get(key)
    return "" if value is None else str(value).strip()


def _number(raw: RawRecord, key: str, source_name: str) -> int | None:
    value = raw.values.get(key)
    if value is None or isinstance(value, int) and not isinstance(value, bool):
        if value is not None and value < 0:
            raise RecordError(
                f"valeur négative « {value} » (un nombre entier positif est attendu)",
                source_name=source_name,
                record=raw.name(),
                field=raw.field_name(key),
            )
        return value
    text = one_line(str(value))
    if not text:
        return None
    if not _DIGITS.fullmatch(text):
        raise RecordError(
            f"valeur non numérique « {text[:40]} » (un nombre entier est attendu)",
            source_name=source_name,
            record=raw.name(),
            field=raw.field_name(key),
        )
    if len(text.lstrip("0")) > _NUMBER_DIGITS_MAX:  # int() of thousands of digits would fail
        raise RecordError(
            f"nombre hors limites « {text[:40]} » ({len(text)} chiffres)",
            source_name=source_name,
            record=raw.name(),
            field=raw.field_name(key),
        )
    return int(text)


def _check_range(low, high, what: str, raw: RawRecord, key: str, source_name: str) -> None:
    if low is not None and high is not None and low > high:
        raise RecordError(
            f"le minimum ({low}) dépasse le maximum ({high}) pour {what}",
            source_name=source_name,
            record=raw.name(),
            field=raw.field_name(key),
        )


def build_record(raw: RawRecord, source_name: str, source_format: str) -> GameRecord:
    """Validate ``raw`` into a :class:`GameRecord`; raises :class:`RecordError` naming the field."""
    title = one_line(_text(raw, "title"))
    if not title:
        raise RecordError(
            f"notice sans titre : le champ « {raw.field_name('title')} » est absent ou vide",
            source_name=source_name,
            record=raw.name(),
            field=raw.field_name("title"),
        )
    numbers = {key: _number(raw, key, source_name) for key in NUMBER_FIELDS}
    _check_range(
        numbers["min_players"], numbers["max_players"], "le nombre de joueurs", raw,
        "max_players", source_name,
    )  # fmt: skip
    max_age_given = numbers["max_age"]
    max_age = None if max_age_given is not None and max_age_given >= NO_AGE_LIMIT else max_age_given
    _check_range(numbers["min_age"], max_age, "l'âge", raw, "max_age", source_name)

    rules_text = _text(raw, "rules_text")
    sections = split_sections(rules_text) if raw.rules_sections is None else raw.rules_sections
    components = _text(raw, "components") or extract_components(sections)
    code, label, family = (one_line(part) for part in raw.category)
    record = GameRecord(
        title=title,
        source_name=source_name,
        source_format=source_format,
        record_index=raw.index,
        document_type=one_line(_text(raw, "document_type")),
        authors=list(raw.authors),
        publisher=one_line(_text(raw, "publisher")),
        category_code=code,
        category_label=label,
        category_family=family,
        min_players=numbers["min_players"],
        max_players=numbers["max_players"],
        min_age=numbers["min_age"],
        max_age=max_age,
        duration_minutes=numbers["duration_minutes"],
        principle=_text(raw, "principle"),
        pedagogical_analysis=_text(raw, "pedagogical_analysis"),
        components=components,
        rules_text=rules_text,
        rules_sections=list(sections),
    )
    if raw.review_fields is not None:
        record.missing_fields = list(raw.review_fields)
    else:
        missing = {
            "document_type": raw.document_type_expected and not record.document_type,
            "authors": not record.authors,
            "publisher": not record.publisher,
            "category": not (code or label),
            "min_players": record.min_players is None,
            "max_players": record.max_players is None,
            "min_age": record.min_age is None,
            "max_age": max_age_given is None,
            "duration_minutes": record.duration_minutes is None,
            "components": not record.components,
            "rules_text": not rules_text,
        }
        record.missing_fields = [name for name, absent in missing.items() if absent]
    return record


def review_fields_from(value: str) -> tuple[list[str], list[str]]:
    """``"authors, max_age"`` → (known names in the given order, unknown names)."""
    names = [name for name in re.split(r"[\s,;]+", value.strip()) if name]
    known = [name for name in dict.fromkeys(names) if name in REVIEWABLE_FIELDS]
    unknown = [name for name in names if name not in REVIEWABLE_FIELDS]
    return known, unknown


def age_max_for_export(record: GameRecord) -> int | None:
    """What a file should say for ``max_age``: 99 for "no limit", nothing when not catalogued."""
    if record.max_age is not None:
        return record.max_age
    return None if "max_age" in record.missing_fields else NO_AGE_LIMIT
