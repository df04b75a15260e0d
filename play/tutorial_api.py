"""``POST /api/v1/games/<slug>/tutorial/``: a game's guided first game, one step at a time.

Stateless: the client sends the learner's answers so far (and, optionally, the move it ``try``s
on the current step); the server replays them (:mod:`play.tutorials`) and answers the step to
show. Nothing is written, so the learner may go back a step (one answer fewer), leave and come back.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from catalogue.models import Game
from core.parsers import BoundedJSONField
from play.games.tutorial import MAX_STEPS

from .api import PlayAPIView
from .api_schema import play_errors
from .api_serializers import PlayBodySerializer
from .errors import PlayError
from .games.registry import games
from .tutorials import tutorial_step


class NoTutorial(PlayError):
    status = 404
    code = "no_tutorial"


class TutorialSerializer(PlayBodySerializer):
    answers = serializers.ListField(
        child=BoundedJSONField(allow_null=True), max_length=MAX_STEPS, required=False, default=list
    )
    # « try » is a Python keyword: the field is declared under its JSON name below.


TutorialSerializer._declared_fields["try"] = BoundedJSONField(required=False, allow_null=True)


RuleShown = inline_serializer(
    "TutorialRule",
    fields={
        "anchor": serializers.CharField(),
        "number": serializers.CharField(),
        "title": serializers.CharField(),
        "url": serializers.URLField(help_text="The game's page at the rule's anchor."),
        "text": serializers.CharField(required=False, help_text="With a refusal: its words."),
    },
)
TutorialStepSerializer = inline_serializer(
    "TutorialStep",
    fields={
        "step": serializers.IntegerField(help_text="The step shown, from 0."),
        "steps": serializers.IntegerField(),
        "kind": serializers.ChoiceField(
            ["read", "move", "end"],
            help_text="`read`: « Continuer »; `move`: a move is awaited; `end`: the last step.",
        ),
        "text": serializers.CharField(help_text="The step's words (the page's language)."),
        "chance_note": serializers.CharField(help_text="Said once: chance is scripted."),
        "rule": RuleShown,
        "seat": serializers.IntegerField(help_text="The seat that moves (its view is shown)."),
        "view": serializers.DictField(help_text="The engine's view for that seat."),
        "roles": serializers.ListField(child=serializers.CharField()),
        "legal_moves": serializers.ListField(
            child=serializers.JSONField(),
            help_text="What the board offers: the step's moves and the mistakes it lets try.",
        ),
        "answers": serializers.ListField(
            child=serializers.JSONField(allow_null=True), help_text="The answers to keep."
        ),
        "challenge": serializers.DictField(
            allow_null=True, help_text="A timed gesture's challenge to animate (not measured)."
        ),
        "play_url": serializers.CharField(help_text="On the last step: a real game's setup."),
        "verdict": inline_serializer(
            "TutorialVerdict",
            fields={
                "accepted": serializers.BooleanField(),
                "code": serializers.ChoiceField(["illegal_move", "not_this_move"]),
                "rule_code": serializers.CharField(),
                "message": serializers.CharField(),
                "rule": RuleShown,
            },
            allow_null=True,
        ),
        "moves": serializers.ListField(
            child=serializers.CharField(), help_text="The moves just played, in words."
        ),
    },
)


class TutorialView(PlayAPIView):
    @extend_schema(
        operation_id="games_tutorial_step",
        summary="A step of a game's guided first game",
        description="Replays the learner's `answers` (one per step passed: the move made, or "
        "null for a step that is only read) and answers the step to show: its words, the "
        "learner's view of the board, the moves the board offers (the step's own and the "
        "mistakes it lets the learner try), the rule it teaches, the answers to keep. With "
        "`try` (a move on the current step): `verdict.accepted`, and the next step; or why "
        "not (`illegal_move` with the rule it breaks, or `not_this_move`) and the same step. "
        "Answers that are not the tutorial's: 400 `tutorial_mismatch` with `index`, the first "
        "step at fault. Nothing is written.",
        parameters=[OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The game.")],
        request=inline_serializer(
            "TutorialRequest",
            fields={
                "answers": serializers.ListField(child=serializers.JSONField(allow_null=True)),
                "try": serializers.JSONField(required=False),
            },
        ),
        responses={200: TutorialStepSerializer, **play_errors(400, 404, 429)},
        tags=["play"],
    )
    def post(self, request, slug: str):
        game = Game.objects.filter(slug=slug[:300]).only("slug", "engine").first()
        package = games().get(game.engine) if game is not None and game.engine else None
        if package is None or package.tutorial is None:
            raise NoTutorial("Ce jeu n'a pas de tutoriel.")
        data = self.valid(TutorialSerializer, request)
        step = tutorial_step(
            package,
            game,
            data["answers"],
            data.get("try"),
            absolute=request.build_absolute_uri,
        )
        return Response(step)
