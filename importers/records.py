"""Plain records produced by the parsers: no database, no Django models."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from catalogue.copy_values import CopyValues
from catalogue.rules import RulesSection

__all__ = ["AuthorCredit", "GameRecord", "RecordError", "RulesSection"]


@dataclass(frozen=True)
class AuthorCredit:
    name: str
    role: str = "Auteur"


@dataclass
class GameRecord:
    """One game as a library export describes it, before it touches the catalogue.

    ``missing_fields`` names the catalogue fields the parser could not fill (the librarian's
    review list). ``max_age`` is ``None`` when the record says there is no upper limit (PMB's 99).
    """

    title: str
    source_name: str
    source_format: str
    record_index: int = 0
    document_type: str = ""
    authors: list[AuthorCredit] = field(default_factory=list)
    publisher: str = ""
    category_code: str = ""
    category_label: str = ""
    category_family: str = ""
    min_players: int | None = None
    max_players: int | None = None
    min_age: int | None = None
    max_age: int | None = None
    duration_minutes: int | None = None
    principle: str = ""
    pedagogical_analysis: str = ""
    components: str = ""
    rules_text: str = ""
    rules_sections: list[RulesSection] = field(default_factory=list)
    missing_fields: list[str] = field(default_factory=list)
    #: The copies the record lists (UNIMARC 995, a table's copy columns); None: the record
    #: says nothing of copies, and an import leaves the game's copies as they are.
    copies: list[CopyValues] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The catalogue fields as plain JSON data (the ``catalogue-json`` export's games)."""
        category = None
        if self.category_code or self.category_label:
            category = {
                "code": self.category_code,
                "label": self.category_label,
                "family": self.category_family,
            }
        return {
            "title": self.title,
            "document_type": self.document_type,
            "authors": [{"name": a.name, "role": a.role} for a in self.authors],
            "publisher": self.publisher,
            "category": category,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "min_age": self.min_age,
            "max_age": self.max_age,
            "duration_minutes": self.duration_minutes,
            "principle": self.principle,
            "pedagogical_analysis": self.pedagogical_analysis,
            "components": self.components,
            "rules_text": self.rules_text,
            "rules_sections": [{"heading": s.heading, "body": s.body} for s in self.rules_sections],
            "review_fields": list(self.missing_fields),
        }


class RecordError(Exception):
    """A file or record that cannot be imported; says which file, record and field, and why."""

    def __init__(self, message: str, *, source_name: str, record: str = "", field: str = ""):
        self.message = message
        self.source_name = source_name
        self.record = record
        self.field = field
        super().__init__(self.describe())

    def describe(self) -> str:
        where = [self.source_name]
        if self.record:
            where.append(f"notice « {self.record} »")
        if self.field:
            where.append(f"champ « {self.field} »")
        return f"{', '.join(where)} : {self.message}"

    @classmethod
    def from_dict(cls, data: dict[str, str]) -> RecordError:
        return cls(
            data["message"], source_name=data["file"], record=data["record"], field=data["field"]
        )

    def to_dict(self) -> dict[str, str]:
        return {
            "file": self.source_name,
            "record": self.record,
            "field": self.field,
            "message": self.message,
        }
