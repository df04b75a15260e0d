"""Play pages: the « Jouer » setup form and the match page (the board is drawn by static JS)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from catalogue.models import Game

from .errors import PlayError
from .forms import MatchSetupForm
from .models import Match
from .services import match_start
from .texts import play_texts


def match_setup(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    if not game.engine:
        # Not a dead end: the visitor learns why and goes back to the game's page.
        return render(request, "play/unavailable.html", {"game": game}, status=404)
    form = MatchSetupForm(request.POST or None, game=game)
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            match, token = match_start(game=game, seats=form.seats(), options=form.options())
        except PlayError as exc:
            error = exc.message
        else:
            # The token travels in the fragment: it never reaches a server log or a Referer.
            return redirect(match.get_absolute_url() + f"#jeton={token}")
    return render(request, "play/setup.html", {"game": game, "form": form, "error": error})


def match_page(request: HttpRequest, code: str) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("game"), code=code)
    context = {
        "match": match,
        "game": match.game,
        "poll_ms": settings.PLAY_POLL_INTERVAL_MS,
        "texts": play_texts(match.engine),
    }
    return render(request, "play/match.html", context)
