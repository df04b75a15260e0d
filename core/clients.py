"""Who is asking: the client address every limit counts by (throttles, bot budgets, login
attempts), the same for the API and the HTML pages."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    """``REMOTE_ADDR``, or with ``DJANGO_TRUSTED_PROXIES`` = N (``REST_FRAMEWORK["NUM_PROXIES"]``)
    the address the N-th proxy from ours saw in ``X-Forwarded-For`` — never a value the client
    chose. Works on a Django request as on a DRF one (only ``META`` is read)."""
    return BaseThrottle().get_ident(request)
