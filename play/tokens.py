"""Seat tokens: secrets in links, recomputed from the server's key, never stored.

A token is an HMAC of the match's secret salt and a *controller* name: ``host``
for the seats played in the creator's browser (one token for all of them: hot-seat), ``seat<N>``
for a seat given to a friend by an invite link. Checking a token recomputes the candidates and
compares them in constant time, so a forged or another match's token controls nothing — nor does
anything that cannot be a token (not ASCII, too long: a header may carry any bytes). The rounds
of a series share their table's salt, so the same links keep working from one round to the next.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

HOST = "host"
# Tokens are 36 hex digits; anything much longer is refused before any HMAC is computed.
MAX_TOKEN_LENGTH = 64


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


def _well_formed(token: object) -> bool:
    """Whether ``token`` may be compared at all: ``hmac.compare_digest`` refuses non-ASCII text."""
    return isinstance(token, str) and 0 < len(token) <= MAX_TOKEN_LENGTH and token.isascii()


def seats_for_token(match, token: str | None, seats) -> set[int]:
    """Indexes of the seats ``token`` controls (empty for no, a forged or another match's token)."""
    if not _well_formed(token):
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
    return _well_formed(token) and hmac.compare_digest(token_for(match, HOST), token)


def token_digest(token: str | None, length: int = 32) -> str:
    """A short digest of whatever a client sent as its token (throttle keys, ETags): any header
    value, a lone surrogate included, without ever storing or echoing the token itself."""
    raw = (token or "").encode("utf-8", "surrogatepass")
    return hashlib.sha256(raw).hexdigest()[:length]
