"""Throttling of API clients: counted in the shared cache (settings.CACHES, the database), so
every server process sees the same counts, and keyed by the client address that
``REST_FRAMEWORK["NUM_PROXIES"]`` (env ``DJANGO_TRUSTED_PROXIES``) says to believe: with 0, the
default, ``X-Forwarded-For`` is ignored; with N, the address the N-th proxy from ours saw."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle


class AnonThrottle(AnonRateThrottle):
    """DRF's anonymous throttle, with its rate read from ``settings.API_ANON_RATE`` at each
    request (env ``API_ANON_RATE``, default "120/min"), so that settings overrides apply."""

    def get_rate(self) -> str:
        return settings.API_ANON_RATE


class TokenClientThrottle(SimpleRateThrottle):
    """Password guessing at ``/auth/token/`` and at the admin login (one shared count):
    ``API_TOKEN_RATE`` attempts per client address, signed in or not (env ``API_TOKEN_RATE``,
    default "10/min")."""

    scope = "token"

    def get_rate(self) -> str:
        return settings.API_TOKEN_RATE

    def get_cache_key(self, request, view) -> str | None:
        if request.method != "POST":
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TokenAccountThrottle(TokenClientThrottle):
    """…and ``API_TOKEN_ACCOUNT_RATE`` attempts per address on one username (env, default
    "30/hour"). Never per username alone, nor in all: a guesser elsewhere must not lock an
    account's owner out (each password hash runs at the lowest CPU priority, so many guessers
    slow each other, not the site's visitors)."""

    scope = "token-account"

    def get_rate(self) -> str:
        return settings.API_TOKEN_ACCOUNT_RATE

    def get_cache_key(self, request, view) -> str | None:
        if request.method != "POST":
            return None
        # A DRF request's parsed body (an unparsable one: its 400 comes from here), or the
        # admin login's form.
        data = request.data if hasattr(request, "data") else request.POST
        username = data.get("username") if hasattr(data, "get") else None
        if not isinstance(username, str) or not username.strip():
            return None
        account = username.strip().casefold().encode("utf-8", "replace").hex()[:200]
        ident = f"{self.get_ident(request)}:{account}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


#: The password-attempt limits of the token endpoint and the admin login (one shared count).
PASSWORD_THROTTLES = (TokenClientThrottle, TokenAccountThrottle)
