"""A toy game package (the guessing game of ``tests.play.toy_engine``): it plugs into the play
machinery through ``PLAY_GAMES`` alone, which proves that adding a game needs no generic change."""

from __future__ import annotations

import random

from django.utils.translation import gettext_lazy as _

from play.games.base import GamePackage, Scenario, ScenarioStep


class GuessGame(GamePackage):
    slug = "guess"
    engine_path = "tests.play.toy_engine:GuessEngine"
    titles = ("devine",)
    rule_messages = {"bad_bet": _("Pariez sur une carte de 1 à 6.")}
    outcome_reasons = {"guessed": _("une carte a été devinée"), "tie": _("égalité")}
    house_rules = ((_("Égalité"), _("Si les deux devinent, ou aucun, la partie est nulle.")),)
    scripts = ("games/guess/board.js",)
    bot_levels = ("beginner",)
    default_level = "beginner"

    @property
    def scenarios(self):
        return (
            Scenario(
                key="deux-paris",
                title=_("Deux paris"),
                text=_("Chacun parie, puis la place 1 annonce le résultat."),
                seats=2,
                seed="toy",
                steps=(
                    ScenarioStep(0, {"bet": 3}, _("La place 1 parie sur 3.")),
                    ScenarioStep(1, {"bet": 5}, _("La place 2 parie sur 5.")),
                    ScenarioStep(0, {"claim": True}, _("Les cartes sont révélées.")),
                ),
            ),
        )

    def describe_move(self, before, after, seat, move):
        return "annonce" if "claim" in move else "un pari"

    def bot_move(self, state, seat, *, level, rng: random.Random, seconds):
        moves = self.engine.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


GAME = GuessGame()
