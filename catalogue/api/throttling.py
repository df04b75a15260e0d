"""Throttling of anonymous API clients."""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle


class AnonThrottle(AnonRateThrottle):
    """DRF's anonymous throttle, with its rate read from ``settings.API_ANON_RATE`` at each
    request (env ``API_ANON_RATE``, default "120/min"), so that settings overrides apply."""

    def get_rate(self) -> str:
        return settings.API_ANON_RATE
