"""API tokens for librarians: a username and password for a token, strictly throttled."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import AuthenticationFailed, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.parsers import JSONParser

from .schema import RETRY_AFTER, errors
from .throttling import PASSWORD_THROTTLES, AnonThrottle
from .views import BaseAPIView


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.RegexField(r"\S", help_text="Not blank (surrounding spaces dropped).")
    password = serializers.CharField(
        min_length=1, trim_whitespace=False, style={"input_type": "password"}
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as « Authorization: Token <token> ».")


class TokenView(BaseAPIView):
    """Exchange a username and password for an API token; DELETE revokes it."""

    parser_classes = [JSONParser, FormParser, MultiPartParser]
    # Its own strict limits (per address, per address and username) on top of the anonymous one.
    throttle_classes = [AnonThrottle, *PASSWORD_THROTTLES]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else [AllowAny()]

    @extend_schema(
        operation_id="auth_token_create",
        summary="Get an API token",
        description="The same token until revoked. Send it as « Authorization: Token <token> ». "
        "Wrong username or password (or an inactive account): 401; a missing field: 400.",
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **errors(400, 401, 429)},
        parameters=[RETRY_AFTER],
        auth=[],
        tags=["auth"],
    )
    def post(self, request):
        if not isinstance(request.data, dict):
            raise ValidationError({"detail": "Un objet {username, password} est attendu."})
        serializer = AuthTokenSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            if set(serializer.errors) == {api_settings.NON_FIELD_ERRORS_KEY}:
                raise AuthenticationFailed(serializer.errors[api_settings.NON_FIELD_ERRORS_KEY][0])
            raise ValidationError(serializer.errors)
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})

    @extend_schema(
        operation_id="auth_token_delete",
        summary="Revoke my API token",
        responses={204: None, **errors(401, 403, 429)},
        parameters=[RETRY_AFTER],
        tags=["auth"],
    )
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
