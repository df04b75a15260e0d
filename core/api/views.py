"""The API's base view: how every endpoint authenticates and throttles, and its pages."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.pagination import PageNumberPagination
from rest_framework.views import APIView

from .throttling import AnonThrottle


class KeyTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, which refuses a key that no token can have (DRF's keys are 40
    hexadecimal characters) before asking the database: PostgreSQL refuses a NUL in a query, and
    a header is the client's to fill."""

    def authenticate_credentials(self, key):
        if len(key) != 40 or not all(c in "0123456789abcdef" for c in key):
            raise AuthenticationFailed(_("Jeton invalide."))
        return super().authenticate_credentials(key)


class BaseAPIView(APIView):
    """Token first, so that an anonymous write gets 401 with ``WWW-Authenticate: Token``."""

    authentication_classes = [KeyTokenAuthentication, SessionAuthentication]
    throttle_classes = [AnonThrottle]


class PageNumbers(PageNumberPagination):
    """Fixed page size (settings.CATALOGUE_PAGE_SIZE); a page past the end is a 404."""

    def get_page_size(self, request) -> int:
        return settings.CATALOGUE_PAGE_SIZE
