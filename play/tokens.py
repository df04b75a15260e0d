"""Seat tokens: secrets in links, recomputed from the server's key, never stored.

A token is an HMAC of the match's secret salt and a *controller* name: ``host``
for the seats played in the creator's browser (one token for all of them: hot-seat), ``seat<N>``
for a seat given to a friend by an invite link. Checking a token recomputes the candidates and
compares them in constant time, so a forged or another match's token controls nothing. The rounds
of a series share their table's salt, so the same links keep working from one round to the next.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

HOST = "host"


def new_salt() -> str:
    return secrets.token_urlsafe(32)


def new_code() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def token_for(match, controller: str) -> str:
    message = f"{match.token_salt}:{controller}".encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()
    return digest[:18].hex()


def controller_for(seat) -> str:
    return HOST if seat.kind == "local" else f"seat{seat.index}"


def seats_for_token(match, token: str | None, seats) -> set[int]:
    """Indexes of the seats ``token`` controls (empty for no, a forged or another match's token)."""
    if not token:
        return set()
    controlled = set()
    for seat in seats:
        if seat.kind == "bot":
            continue
        if hmac.compare_digest(token_for(match, controller_for(seat)), token):
            controlled.add(seat.index)
    return controlled


def is_host(match, token: str | None) -> bool:
    """Whether ``token`` is the creator's (who may see the invite links)."""
    return bool(token) and hmac.compare_digest(token_for(match, HOST), token)
