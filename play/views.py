"""Play pages: the « Jouer » setup form, the match page, a game's house rules and its examples.

The board is drawn by static JavaScript: the generic ``play.js`` and the game package's own board
script (``GamePackage.scripts``).
"""

from __future__ import annotations

import math

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from catalogue.models import Game
from catalogue.seo import game_description
from core.clients import client_address

from .errors import PlayError
from .forms import MatchSetupForm
from .games.base import GamePackage
from .games.registry import games
from .models import Match
from .selectors import scenario_data
from .services.matches import match_start
from .texts import play_texts, player_label
from .throttles import creation_allowed
from .tutorials import tutorial_step, tutorial_texts


class GameNotPlayable(Http404):
    """A catalogue game without a rules engine: its play pages do not exist (yet)."""

    def __init__(self, game: Game):
        super().__init__(_("Ce jeu ne peut pas encore être joué en ligne."))
        self.game = game


def _playable(slug: str) -> tuple[Game, GamePackage]:
    game = get_object_or_404(Game, slug=slug)
    package = games().get(game.engine) if game.engine else None
    if package is None:
        raise GameNotPlayable(game)
    return game, package


def match_setup(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        game, package = _playable(slug)
    except GameNotPlayable as exc:
        # Not a dead end: the visitor learns why and goes back to the game's page.
        return render(request, "play/unavailable.html", {"game": exc.game}, status=404)
    # A link may fill the form in (« Jouer une vraie partie » at a tutorial's end): ?players=2…
    flags = {"True": True, "False": False}
    initial = {k: flags.get(v, v[:40]) for k, v in request.GET.items() if len(k) <= 60}
    form = MatchSetupForm(request.POST or None, game=game, initial=initial)
    error = ""
    status = 200
    retry_after = None
    if request.method == "POST" and not (allowed := creation_allowed(request))[0]:
        # The same limit as the API's creations (PLAY_CREATE_RATE per address): nothing made.
        # Whole seconds rounded up, as DRF's throttles count them for the API's Retry-After.
        retry_after = max(1, math.ceil(allowed[1] or 1))
        error = _(
            "Trop de parties créées depuis cette adresse : réessayez dans %(n)d secondes."
        ) % {"n": retry_after}
        status = 429
    elif request.method == "POST" and form.is_valid():
        try:
            match, token = match_start(
                game=game,
                seats=form.seats(),
                options=form.options(),
                client=client_address(request),
            )
        except PlayError as exc:
            error = exc.message
        else:
            # The token travels in the fragment: it never reaches a server log or a Referer.
            return redirect(match.get_absolute_url() + f"#jeton={token}")
    context = {
        "game": game,
        "package": package,
        "form": form,
        "error": error,
        "seat_roles": form.role_labels_by_option(),
    }
    response = render(request, "play/setup.html", context, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def match_page(request: HttpRequest, code: str) -> HttpResponse:
    match = get_object_or_404(Match.objects.select_related("game"), code=code)
    package = games().get(match.engine)
    if package is None:
        raise Http404(_("Ce jeu ne peut plus être joué en ligne."))
    texts = play_texts(package)
    seats = list(match.seats.all())
    context = {
        "match": match,
        "game": match.game,
        "package": package,
        "poll_ms": settings.PLAY_POLL_INTERVAL_MS,
        "step_ms": settings.PLAY_STEP_MS,
        "texts": texts,
        # « manche 2 » in the title from the start, as the page's script writes it: no jump.
        "round": texts["round"] % match.series["round"] if match.series else "",
        # The table's seats from the server, so that the list and each game's board (by their
        # number) keep their room before the script draws them: no jump (issue 39).
        "seat_labels": [player_label(seat.index, seat.name) for seat in seats],
        # Crawlers may fetch a match (robots.txt), but it stands for its game: the catalogue
        # page is its canonical address, and it is described as the game is.
        "canonical_url": request.build_absolute_uri(match.game.get_absolute_url()),
        "description": game_description(match.game),
    }
    return render(request, "play/match.html", context)


def tutorial(request: HttpRequest, slug: str) -> HttpResponse:
    """« Apprendre à jouer »: the game's guided first game on its real board (the steps come from
    the tutorial API; the first is in the page, so that the learner can move at once)."""
    try:
        game, package = _playable(slug)
    except GameNotPlayable as exc:
        return render(request, "play/unavailable.html", {"game": exc.game}, status=404)
    if package.tutorial is None:
        raise Http404(_("Ce jeu n'a pas encore de tutoriel."))
    context = {
        "game": game,
        "package": package,
        "texts": play_texts(package),
        "first": tutorial_step(package, game, []),
        "tutorial_texts": tutorial_texts(),
        "description": game_description(game),
    }
    return render(request, "play/tutorial.html", context)


def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The decisions the engine takes where the record is silent, and the record's examples."""
    game, package = _playable(slug)
    context = {"game": game, "package": package, "scenarios": package.scenarios}
    return render(request, "play/house_rules.html", context)


def scenario(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """« Voir l'exemple »: a record's example stepped through on the real board."""
    game, package = _playable(slug)
    example = next((s for s in package.scenarios if s.key == key), None)
    if example is None:
        raise Http404(_("Cet exemple n'existe pas."))
    context = {
        "game": game,
        "package": package,
        "scenario": example,
        "data": scenario_data(package, example),
        "texts": play_texts(package),
    }
    return render(request, "play/scenario.html", context)
