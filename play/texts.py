"""The play pages' generic French texts (translatable); each game's own live in its package.

Engines speak in codes and squares; the site speaks French by default and English on request.
A rule code the game package does not translate falls back to the shared ones, then to the
engine's own (English) wording.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.games.base import GamePackage

RULE_MESSAGES = {
    "not_your_turn": gettext_lazy("Ce n'est pas à vous de jouer."),
    "malformed_move": gettext_lazy("Ce coup est mal formé."),
    "illegal_move": gettext_lazy("Ce coup n'est pas permis."),
    "game_over": gettext_lazy("La partie est terminée."),
}


def rule_message(game: GamePackage, rule: str, fallback: str) -> str:
    message = game.rule_messages.get(rule) or RULE_MESSAGES.get(rule)
    return str(message) if message is not None else fallback


def seat_label(index: int, role: str = "") -> str:
    """« Joueur 2 — prisonniers bleus »: the seat and the role it really plays."""
    player = player_label(index)
    return f"{player} — {role}" if role else player


def player_label(index: int, name: str = "") -> str:
    """How a seat is named everywhere on the play page: the player's name, else « Joueur 2 »."""
    return name or _("Joueur %(n)d") % {"n": index + 1}


def play_texts(game: GamePackage) -> dict[str, Any]:
    """The play page's strings, in the active language, for its script (%s = a value)."""
    return {
        "seat": _("Joueur %s"),
        "you": _("vous"),
        "local": _("sur cet écran"),
        "hostScreen": _("sur l'écran de l'hôte"),
        "pair": _("%s : %s"),
        "thinking": _("%s réfléchit…"),
        # The bots' workers are behind (the match's state says bot_queue.busy).
        "busy": _("L'ordinateur est occupé… il jouera dès que possible."),
        "computer": _("L'ordinateur"),
        "sending": _("Coup envoyé…"),
        "step": _("Coup %s sur %s — %s"),
        "invite": _("invité"),
        "notJoined": _("pas encore arrivé"),
        "bot": _("ordinateur, niveau %s"),
        "levels": {level: game.level_label(level) for level in game.bot_levels},
        "yourTurn": _("À vous de jouer."),
        "yourTurnNamed": _("À vous de jouer, %s."),
        "waiting": _("En attente de : %s."),
        "winner": _("Victoire : %s !"),
        "draw": _("Partie nulle."),
        "noWinner": _("Personne ne gagne."),
        "reason": _("Fin de partie : %s."),
        "youWon": _("Vous avez gagné !"),
        "youLost": _("Vous avez perdu."),
        "youDrew": _("Partie nulle."),
        "hasWon": _("%s a gagné."),
        "haveWon": _("%s ont gagné."),
        "rematchJoin": _("Rejoindre la nouvelle partie"),
        "rematchWatch": _("Regarder la nouvelle partie"),
        "rematchReady": _("Une nouvelle partie avec les mêmes joueurs a commencé."),
        "turnTitle": _("À vous ! — %s"),
        "skipHint": _("Touchez l’écran pour passer"),
        "passDevice": _("Au tour de : %s"),
        "replayPosition": _("Position %s sur %s"),
        "start": _("Position de départ"),
        "copy": _("Copier le lien"),
        "copied": _("Lien copié."),
        "joined": _("a rejoint"),
        "network": _("Connexion perdue, nouvel essai…"),
        "why": _("Pourquoi ?"),
        "spectator": _("Vous regardez la partie."),
        "boardLabel": _("Plateau de jeu"),
        "empty": _("vide"),
        "selected": _("sélectionné"),
        "target": _("destination possible"),
        "square": _("case %s"),
        "round": _("manche %s"),
        "seriesRound": _("Manche %s terminée. Vainqueurs des manches : %s."),
        "nobody": _("personne"),
        "game": game.play_texts(),
    }
