"""``GET /api/v1/games/<slug>/rules/?q=…``: a question about a game's rules, in the players' own
words, answered with the rules that answer it best (:func:`play.rules.rule_lookup`)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from catalogue.models import Game
from core.api.schema import RETRY_AFTER
from core.api.throttling import AnonThrottle
from core.api.views import BaseAPIView

from .api_schema import play_errors
from .rules import QUESTION_MAX_CHARS, rule_book_for, rule_lookup, rules_found

RuleFoundSerializer = inline_serializer(
    "RuleFound",
    fields={
        "anchor": serializers.CharField(help_text="The rule's anchor on the game's page."),
        "title": serializers.CharField(),
        "text": serializers.CharField(help_text="The rule, in the record's words (French)."),
        "url": serializers.URLField(help_text="The game's page at the rule's anchor."),
    },
)
RulesAnswerSerializer = inline_serializer(
    "RulesAnswer", fields={"results": serializers.ListField(child=RuleFoundSerializer)}
)


class GameRulesView(BaseAPIView):
    permission_classes = [AllowAny]  # a read of the rules, for anyone
    throttle_classes = [AnonThrottle]

    @extend_schema(
        operation_id="games_rules_lookup",
        summary="Ask a question about a game's rules",
        description="The rules that answer `q` best, best first (at most 5): accent-, case- "
        "and word-form-insensitive like the catalogue's search, question words and filler "
        "ignored, players' synonyms understood (dé and dés, pile and tour, and the game's "
        "own). A question of words the rules never use gets an empty list; an empty or "
        f"too long one (over {QUESTION_MAX_CHARS} characters) a 400 `invalid_question`. A "
        "game without a rule book, or not playable, is a 404.",
        parameters=[
            OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The game."),
            OpenApiParameter("q", str, description="The question, as a player asks it."),
            RETRY_AFTER,
        ],
        responses={200: RulesAnswerSerializer, **play_errors(400, 404)},
        tags=["play"],
    )
    def get(self, request, slug: str):
        game = Game.objects.filter(slug=slug[:300]).only("slug", "engine").first()
        book = rule_book_for(game.engine) if game is not None and game.engine else None
        if book is None:
            return _refusal(404, "no_rules", "Ce jeu n'a pas de règle en petits morceaux.")
        question = request.query_params.get("q", "")
        if not question.strip():
            return _refusal(400, "invalid_question", "Posez une question (paramètre q).")
        if len(question) > QUESTION_MAX_CHARS:
            return _refusal(
                400, "invalid_question",
                f"Question trop longue : au plus {QUESTION_MAX_CHARS} caractères.",
            )  # fmt: skip
        page = request.build_absolute_uri(game.get_absolute_url())
        return Response({"results": rules_found(rule_lookup(book, question), page)})


def _refusal(status: int, code: str, message: str) -> Response:
    return Response({"detail": message, "code": code, "message": message}, status=status)
