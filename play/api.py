"""The play API (/api/v1/matches/…): everything the play page does, for any client.

Authorisation is by seat token (header ``X-Seat-Token``), not by account: a token only ever
controls the seats it was made for. Errors carry a stable ``code`` (and the broken ``rule`` for
illegal moves) beside a message in the request's language.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from catalogue.models import Game
from ludotheque.clients import client_address

from .api_schema import SEAT_QUERY, SEAT_TOKEN, MatchStateSerializer, play_errors
from .errors import PlayError
from .models import Seat
from .selectors import match_get, match_legal_moves, match_replay, match_state
from .services import (
    SeatSpec,
    controlled_seats,
    match_advance_bots,
    match_next_round,
    match_play_move,
    match_rematch,
    match_start,
    match_undo,
    seat_join,
)

TOKEN_HEADER = "HTTP_X_SEAT_TOKEN"


class PlayThrottle(ScopedRateThrottle):
    """Per-client rate of the play API, read from ``settings.PLAY_API_RATE`` at each request."""

    def get_rate(self) -> str:
        return settings.PLAY_API_RATE


class SeatSpecSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Seat.Kind.values)
    level = serializers.CharField(required=False, allow_blank=True, default="")
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=60)


class MatchCreateSerializer(serializers.Serializer):
    game = serializers.SlugField()
    seats = SeatSpecSerializer(many=True, min_length=1, max_length=12)
    options = serializers.DictField(required=False, default=dict)


class MoveSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    move = serializers.JSONField()
    expected_version = serializers.IntegerField(min_value=0)


class UndoSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    expected_version = serializers.IntegerField(min_value=0)


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    name = serializers.CharField(max_length=60, allow_blank=True, default="")


class PlayAPIView(APIView):
    # Seat tokens authorise play; no session, hence no CSRF token needed from scripts.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    # Pages poll about once a second: a scope of its own, more generous than the catalogue's.
    throttle_classes = [PlayThrottle]
    throttle_scope = "play"

    def handle_exception(self, exc):
        if isinstance(exc, PlayError):
            return Response(exc.to_dict(), status=exc.status)
        return super().handle_exception(exc)

    def client(self, request) -> str:
        """The client's address, as the throttles see it (bot time is counted per client)."""
        return client_address(request)

    def token(self, request) -> str | None:
        return request.META.get(TOKEN_HEADER)

    def seat_param(self, request) -> int | None:
        """``?seat=N``: whose view, among the seats the token controls (hot-seat)."""
        seat = request.query_params.get("seat", "")
        # ASCII digits only: « ² » or « ٣ » pass str.isdigit() but int() refuses them.
        return int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 6 else None

    def valid(self, serializer_class, request):
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def state_response(self, request, match, code=status.HTTP_200_OK, seat=None):
        response = Response(
            match_state(match=match, token=self.token(request), seat=seat), status=code
        )
        patch_cache_control(response, no_store=True)
        return response


class MatchCreateView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        request=MatchCreateSerializer,
        responses={201: MatchStateSerializer, **play_errors(400, 404, 429)},
        summary="Start a match of a catalogue game (the answer carries the creator's token).",
    )
    def post(self, request):
        data = self.valid(MatchCreateSerializer, request)
        game = get_object_or_404(Game, slug=data["game"])
        seats = [
            SeatSpec(kind=s["kind"], name=s["name"], bot_level=s["level"]) for s in data["seats"]
        ]
        match, token = match_start(
            game=game, seats=seats, options=data["options"], client=self.client(request)
        )
        body = match_state(match=match, token=token)
        body["token"] = token
        body["url"] = request.build_absolute_uri(match.get_absolute_url()) + f"#jeton={token}"
        return Response(body, status=status.HTTP_201_CREATED)


class MatchDetailView(PlayAPIView):
    """The match as the token holder sees it; ``If-None-Match`` with the last ETag → 304."""

    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN, SEAT_QUERY],
        responses={200: MatchStateSerializer, 304: None, **play_errors(403, 404, 429)},
        summary="The match as the token's seat (or a spectator) sees it; ETag / If-None-Match.",
    )
    def get(self, request, code):
        match = match_get(code=code)
        # Bots also move on polls, so a long bot sequence never blocks one request for long.
        match_advance_bots(match=match, client=self.client(request))
        seat = self.seat_param(request)
        scope = ",".join(str(s) for s in sorted(controlled_seats(match, self.token(request))))
        etag = f'W/"{match.code}-{match.version}-{scope}-{seat}-{request.LANGUAGE_CODE}"'
        if request.META.get("HTTP_IF_NONE_MATCH") == etag:
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = self.state_response(request, match, seat=seat)
        response["ETag"] = etag
        return response


class MatchMoveView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=MoveSerializer,
        responses={200: MatchStateSerializer, **play_errors(400, 403, 404, 409, 429)},
        summary="Play a move at the version the client saw.",
    )
    def post(self, request, code):
        data = self.valid(MoveSerializer, request)
        match = match_get(code=code)
        match_play_move(
            match=match,
            token=self.token(request),
            seat=data["seat"],
            move=data["move"],
            expected_version=data["expected_version"],
            client=self.client(request),
        )
        return self.state_response(request, match)


class MatchLegalMovesView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN, SEAT_QUERY],
        responses={
            200: inline_serializer(
                "LegalMoves",
                fields={
                    "seat": serializers.IntegerField(allow_null=True),
                    "version": serializers.IntegerField(),
                    "legal_moves": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **play_errors(403, 404, 429),
        },
        summary="The moves the token's seat may make now.",
    )
    def get(self, request, code):
        match = match_get(code=code)
        return Response(
            match_legal_moves(match=match, token=self.token(request), seat=self.seat_param(request))
        )


class MatchUndoView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=UndoSerializer,
        responses={200: MatchStateSerializer, **play_errors(400, 403, 404, 409, 429)},
        summary="Take back your last move (before anyone else moved, never across chance).",
    )
    def post(self, request, code):
        data = self.valid(UndoSerializer, request)
        match = match_get(code=code)
        match_undo(
            match=match,
            token=self.token(request),
            seat=data["seat"],
            expected_version=data["expected_version"],
        )
        return self.state_response(request, match)


class MatchJoinView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=JoinSerializer,
        responses={200: MatchStateSerializer, **play_errors(400, 403, 404, 429)},
        summary="Take the seat of an invite link, with a name.",
    )
    def post(self, request, code):
        data = self.valid(JoinSerializer, request)
        match = match_get(code=code)
        seat_join(match=match, token=self.token(request), seat=data["seat"], name=data["name"])
        return self.state_response(request, match)


class NextRoundSerializer(serializers.Serializer):
    choice = serializers.CharField(required=False, allow_blank=True, default="", max_length=20)


class MatchNextRoundView(PlayAPIView):
    """Start (or find) the next round of a series; the same seat token plays it."""

    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=NextRoundSerializer,
        responses={201: MatchStateSerializer, **play_errors(400, 403, 404, 429)},
        summary="Start (or find) the next round of a series.",
    )
    def post(self, request, code):
        data = self.valid(NextRoundSerializer, request)
        match = match_get(code=code)
        new = match_next_round(
            match=match, token=self.token(request), choice=data["choice"],
            client=self.client(request),
        )  # fmt: skip
        return self.state_response(request, new, code=status.HTTP_201_CREATED)


class MatchRematchView(PlayAPIView):
    """« Rejouer »: a new match with the same game, options and seats (created once)."""

    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=None,
        responses={201: MatchStateSerializer, **play_errors(400, 403, 404, 429)},
        summary="Start (or find) a new match of the same table once this one is over; every "
        "seat's token carries over.",
    )
    def post(self, request, code):
        match = match_get(code=code)
        new = match_rematch(match=match, token=self.token(request), client=self.client(request))
        return self.state_response(request, new, code=status.HTTP_201_CREATED)


class MatchLogView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        responses={
            200: inline_serializer(
                "MatchLog",
                fields={
                    "version": serializers.IntegerField(),
                    "log": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **play_errors(404, 429),
        },
        summary="The public move log, in the request's language.",
    )
    def get(self, request, code):
        state = match_state(match=match_get(code=code), token=self.token(request))
        return Response({"version": state["version"], "log": state["log"]})


class MatchReplayView(PlayAPIView):
    @extend_schema(
        tags=["play"],
        responses={
            200: inline_serializer(
                "MatchReplay",
                fields={
                    "code": serializers.CharField(),
                    "engine": serializers.CharField(),
                    "seed": serializers.CharField(),
                    "log": serializers.ListField(child=serializers.DictField()),
                    "positions": serializers.ListField(child=serializers.DictField()),
                    "outcome": serializers.DictField(),
                },
            ),
            **play_errors(400, 404, 429),
        },
        summary="Every public position of a finished match, for replay.",
    )
    def get(self, request, code):
        return Response(match_replay(match=match_get(code=code)))
