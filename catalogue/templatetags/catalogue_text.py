"""``{{ game.principle|spaced }}``: a record's text with its run-together sentences apart."""

from django import template

from catalogue.readable import spaced as spaced_text

register = template.Library()


@register.filter
def spaced(value: str) -> str:
    return spaced_text(value or "")
