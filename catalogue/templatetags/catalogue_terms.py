"""``{{ credit.role|term }}``: a record's French term in the visitor's language."""

from django import template

from catalogue.terms import term_display

register = template.Library()


@register.filter
def term(value: str) -> str:
    return term_display(value)
