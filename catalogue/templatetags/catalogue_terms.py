"""``{{ credit.role|term }}``: a record's French term in the visitor's language."""

from django import template

from catalogue.admin_forms import game_field_label
from catalogue.terms import term_display

register = template.Library()


@register.filter
def term(value: str) -> str:
    return term_display(value)


@register.filter
def field_labels(names) -> str:
    """``["min_age", "authors"]`` → « âge minimum, auteurs »: a review list, readable."""
    return ", ".join(game_field_label(name) for name in names or [])


@register.filter
def field_label(name: str) -> str:
    return game_field_label(name)
