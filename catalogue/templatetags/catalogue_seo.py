"""``{{ data|json_ld }}``: schema.org data as a ``<script type="application/ld+json">`` block."""

import json

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

# Inside a script element, « </script> » or « <!-- » in a value would end or change it.
_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


@register.filter
def json_ld(data) -> str:
    """A data block, not a script: browsers do not run it, so the policy's ban on inline
    scripts does not apply to it."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).translate(_ESCAPES)
    return format_html('<script type="application/ld+json">{}</script>', mark_safe(text))
