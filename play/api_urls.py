from django.urls import path

from . import api, rules_api, tutorial_api

urlpatterns = [
    path("matches/", api.MatchCreateView.as_view(), name="api-match-create"),
    path("matches/<str:code>/", api.MatchDetailView.as_view(), name="api-match"),
    path("matches/<str:code>/moves/", api.MatchMoveView.as_view(), name="api-match-moves"),
    path(
        "matches/<str:code>/legal-moves/", api.MatchLegalMovesView.as_view(), name="api-match-legal"
    ),
    path(
        "matches/<str:code>/challenge/",
        api.MatchChallengeView.as_view(),
        name="api-match-challenge",
    ),
    path("matches/<str:code>/undo/", api.MatchUndoView.as_view(), name="api-match-undo"),
    path("matches/<str:code>/join/", api.MatchJoinView.as_view(), name="api-match-join"),
    path("matches/<str:code>/next-round/", api.MatchNextRoundView.as_view(), name="api-match-next"),
    path("matches/<str:code>/rematch/", api.MatchRematchView.as_view(), name="api-match-rematch"),
    path("matches/<str:code>/log/", api.MatchLogView.as_view(), name="api-match-log"),
    path("matches/<str:code>/replay/", api.MatchReplayView.as_view(), name="api-match-replay"),
    path("games/<str:slug>/rules/", rules_api.GameRulesView.as_view(), name="api-game-rules"),
    path(
        "games/<str:slug>/tutorial/", tutorial_api.TutorialView.as_view(), name="api-game-tutorial"
    ),
]
