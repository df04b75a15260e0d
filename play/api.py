"""The play API (/api/v1/matches/…): everything the play page does, for any client.

Authorisation is by seat token (header ``X-Seat-Token``), not by account: a token only ever
controls the seats it was made for. Errors carry a stable ``code`` (and the broken ``rule`` for
illegal moves) beside a message in the request's language.
"""

from __future__ import annotations

import io
import json

from django.conf import settings
from django.http import QueryDict
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogue.models import Game
from core.clients import client_address
from core.parsers import JSONParser, json_depth

from .api_schema import SEAT_QUERY, SEAT_TOKEN, MatchStateSerializer, play_errors
from .api_serializers import (
    INTEGER_BOUNDS,
    ChallengeSerializer,
    JoinSerializer,
    MatchCreateSerializer,
    MoveSerializer,
    NextRoundSerializer,
    UndoSerializer,
)
from .errors import IllegalMoveError, InvalidNumber, PlayError, unrepresentable_path
from .rules import refusal_path
from .selectors import (
    match_get,
    match_legal_moves,
    match_poll_get,
    match_replay,
    match_state,
    match_with_game,
)
from .services.bot_turns import match_bot_queue, match_bot_turn_poll
from .services.gestures import match_gesture_challenge
from .services.matches import (
    SeatSpec,
    match_next_round,
    match_rematch,
    match_start,
    option_number_refused,
    seat_join,
)
from .services.moves import match_play_move, match_undo
from .throttles import (
    TOKEN_HEADER,
    PlayCreateThrottle,
    PlayMoveAddressThrottle,
    PlayMoveTokenThrottle,
    PlayViewThrottle,
)
from .tokens import token_digest

#: What a move (undo, join, next round) counts against: its seat token and its address.
MOVE_THROTTLES = [PlayMoveTokenThrottle, PlayMoveAddressThrottle]


class PlayJSONParser(JSONParser):
    """The site's JSON parser, whose refusal of a ``NaN`` or ``Infinity`` literal names the
    field that held it (400 ``invalid_number``), like a number too large for the server."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read(settings.REQUEST_BODY_MAX_BYTES + 1)
        try:
            return super().parse(io.BytesIO(raw), media_type, parser_context)
        except ParseError:
            field = _constant_field(raw)
            if field is None:
                raise
            if field.startswith("options."):  # a table option: the options' own answer
                raise option_number_refused(field.split(".")[1]) from None
            raise InvalidNumber(field) from None


def _constant_field(raw: bytes) -> str | None:
    """Where the first NaN or ±Infinity literal of a body the site's parser refused is."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if json_depth(text, stop_past=settings.API_JSON_MAX_DEPTH) > settings.API_JSON_MAX_DEPTH:
        return None
    try:
        data = json.loads(text, parse_constant=float)
    except ValueError:
        return None
    return unrepresentable_path(data, "")


class PlayAPIView(APIView):
    # Seat tokens authorise play; no session, hence no CSRF token needed from scripts.
    authentication_classes: list = []
    parser_classes = [PlayJSONParser, FormParser, MultiPartParser]
    permission_classes = [AllowAny]
    # Reads that build a match's view count per address; writes say what they count against.
    throttle_classes = [PlayViewThrottle]

    def handle_exception(self, exc):
        if isinstance(exc, PlayError):
            body = exc.to_dict()
            if isinstance(exc, IllegalMoveError) and "rule" in body:
                body["rule_url"] = self.rule_url(body["rule"])
            return Response(body, status=exc.status)
        return super().handle_exception(exc)

    def rule_url(self, rule: str) -> str | None:
        """Where the rule a refusal breaks is written: the game's page at the rule's anchor."""
        match = match_with_game(code=str(self.kwargs.get("code", "")))
        path = refusal_path(match, rule) if match is not None else None
        return self.request.build_absolute_uri(path) if path else None

    def client(self, request) -> str:
        """The client's address, as the throttles see it (bot jobs are shared out per client)."""
        return client_address(request)

    def token(self, request) -> str | None:
        return request.META.get(TOKEN_HEADER)

    def seat_param(self, request) -> int | None:
        """``?seat=N``: whose view, among the seats the token controls (hot-seat)."""
        seat = request.query_params.get("seat", "")
        if not seat:
            return None
        # ASCII digits only: « ² » or « ٣ » pass str.isdigit() (and int() takes « ٣ »).
        if seat.isascii() and seat.isdigit() and len(seat) <= 5:
            if int(seat) <= INTEGER_BOUNDS["seat"]:
                return int(seat)
        raise InvalidNumber("seat")

    def valid(self, serializer_class, request):
        data = request.data
        serializer_class.check_numbers(data)
        serializer = serializer_class(data=data)
        serializer.is_valid(raise_exception=True)
        validated = serializer.validated_data
        if isinstance(data, QueryDict):  # a form's JSON fields are parsed by the serializer
            serializer_class.check_numbers(
                {k: v for k, v in validated.items() if k not in serializer_class.integer_fields}
            )
        return validated

    def state_response(self, request, match, code=status.HTTP_200_OK, seat=None):
        body = match_state(match=match, token=self.token(request), seat=seat)
        body["bot_queue"] = match_bot_queue(match=match)
        response = Response(body, status=code)
        patch_cache_control(response, no_store=True)
        return response


class MatchCreateView(PlayAPIView):
    throttle_classes = [PlayCreateThrottle]

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
        body["bot_queue"] = match_bot_queue(match=match)
        body["token"] = token
        body["url"] = request.build_absolute_uri(match.get_absolute_url()) + f"#jeton={token}"
        return Response(body, status=status.HTTP_201_CREATED)


class MatchDetailView(PlayAPIView):
    """The match as the token holder sees it; ``If-None-Match`` with the last ETag → 304.

    A poll is not counted against any limit, and one whose ETag still matches is answered from
    one small query (the match's version), without building the view; only a full answer (200)
    counts, per address."""

    throttle_classes: list = []

    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN, SEAT_QUERY],
        responses={200: MatchStateSerializer, 304: None, **play_errors(403, 404, 429)},
        summary="The match as the token's seat (or a spectator) sees it; ETag / If-None-Match.",
    )
    def get(self, request, code):
        row = match_poll_get(code=code)
        # A bot's turn whose worker was lost is queued again; a long queue is news for the page.
        busy = match_bot_turn_poll(
            match_id=row["pk"], version=row["version"], status=row["status"],
            bot_to_move=row["bot_to_move"], updated_at=row["updated_at"],
            client=self.client(request),
        )  # fmt: skip
        etag = self.etag(request, code, row["version"], busy)
        if request.META.get("HTTP_IF_NONE_MATCH") == etag:
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
        else:
            throttle = PlayViewThrottle()
            if not throttle.allow_request(request, self):
                self.throttled(request, throttle.wait())
            match = match_get(code=code)
            response = self.state_response(request, match, seat=self.seat_param(request))
            queue = response.data["bot_queue"]
            etag = self.etag(request, code, match.version, bool(queue and queue["busy"]))
        response["ETag"] = etag
        return response

    def etag(self, request, code: str, version: int, busy: bool) -> str:
        """The answer's ETag: the version, whose view (token, seat), the language, and whether
        the page must say that the computer is busy — all known without reading the match."""
        token = token_digest(self.token(request), 12)
        seat = self.seat_param(request)
        return f'W/"{code}-{version}-{token}-{seat}-{request.LANGUAGE_CODE}-{int(busy)}"'


class MatchMoveView(PlayAPIView):
    throttle_classes = MOVE_THROTTLES

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


class MatchChallengeView(PlayAPIView):
    """A timed gesture's challenge (a steadiness marker), for the seat to act only.

    Counted per address only: each gesture move takes a challenge and a move. A seat has one
    challenge per position: asking again answers the same one (a new one in its place once half
    its time has gone), so a flood of requests adds no row."""

    throttle_classes = [PlayMoveAddressThrottle]

    @extend_schema(
        tags=["play"],
        parameters=[SEAT_TOKEN],
        request=ChallengeSerializer,
        responses={
            201: inline_serializer(
                "GestureChallenge",
                fields={
                    "id": serializers.CharField(),
                    "period_ms": serializers.IntegerField(),
                    "phase": serializers.FloatField(),
                    "issued_at": serializers.DateTimeField(),
                    "version": serializers.IntegerField(),
                },
            ),
            **play_errors(400, 403, 404, 409, 429),
        },
        summary=(
            "The gesture challenge for the seat's next timed move (the same one if asked again "
            "while it has time left): animate it, then post the move with its id (challenge) "
            "and press_ms, the ms from showing it to the press."
        ),
    )
    def post(self, request, code):
        data = self.valid(ChallengeSerializer, request)
        match = match_get(code=code)
        body = match_gesture_challenge(
            match=match,
            token=self.token(request),
            seat=data["seat"],
            expected_version=data["expected_version"],
        )
        response = Response(body, status=status.HTTP_201_CREATED)
        patch_cache_control(response, no_store=True)
        return response


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
    throttle_classes = MOVE_THROTTLES

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
    throttle_classes = MOVE_THROTTLES

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


class MatchNextRoundView(PlayAPIView):
    throttle_classes = MOVE_THROTTLES

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

    throttle_classes = [PlayCreateThrottle]

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
