"""How much of the play API one client may use (rates in settings, read at each request).

Polls are not counted: a poll whose ETag still matches costs one small query, and a room of
30 tablets behind one school address polls a lot. What is counted is what writes: moves (undos,
joins, next rounds) per seat token and per address, and match creations per address — from the
API and from the HTML setup form alike. Full answers of a poll (200) are counted per address,
generously, so that a client cannot make the server build the whole view of a match in a loop.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from .tokens import token_digest

TOKEN_HEADER = "HTTP_X_SEAT_TOKEN"


class _AddressThrottle(SimpleRateThrottle):
    """Counted per client address (``core.clients.client_address``)."""

    setting = ""

    def get_rate(self) -> str:
        return getattr(settings, self.setting)

    def get_cache_key(self, request, view) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PlayMoveAddressThrottle(_AddressThrottle):
    scope, setting = "play-move-address", "PLAY_MOVE_ADDRESS_RATE"


class PlayCreateThrottle(_AddressThrottle):
    scope, setting = "play-create", "PLAY_CREATE_RATE"


class PlayViewThrottle(_AddressThrottle):
    scope, setting = "play-view", "PLAY_VIEW_RATE"


class PlayMoveTokenThrottle(_AddressThrottle):
    """Counted per seat token (a person, or one hot-seat screen); without one, per address."""

    scope, setting = "play-move-token", "PLAY_MOVE_RATE"

    def get_cache_key(self, request, view) -> str | None:
        token = request.META.get(TOKEN_HEADER, "")
        if not token:
            return super().get_cache_key(request, view)
        ident = token_digest(token)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def creation_allowed(request) -> tuple[bool, float | None]:
    """Whether this client may create a match now (the HTML form's check; the API's view uses
    the same throttle class), and if not, in how many seconds it may."""
    throttle = PlayCreateThrottle()
    if throttle.allow_request(request, None):
        return True, None
    return False, throttle.wait()
