"""The « Jouer » setup form: how many players, who plays each seat, variant options."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from play.engines.base import InvalidOptions
from play.games.base import GamePackage
from play.games.registry import get_game

from .services.matches import SeatSpec, level_not_offered_message, seat_range
from .texts import seat_label


def seat_choices(game: GamePackage, counts: Iterable[int] | None = None) -> list[tuple[str, str]]:
    """Who may hold a seat: a person here, the computer at each level offered at one of the
    table sizes ``counts`` at least (named; the page lists what each level measured), or a
    friend invited by a link."""
    counts = list(counts) if counts is not None else None
    bots = [
        (f"bot:{level}", _("Ordinateur — %(level)s") % {"level": game.level_label(level)})
        for level in game.bot_levels
        if counts is None or any(level in game.levels_for(n) for n in counts)
    ]
    return [("local", _("Moi, sur cet écran")), *bots, ("invite", _("Un ami, invité par un lien"))]


class SeatSelect(forms.Select):
    """A seat's select whose computer options carry the table sizes they are offered at
    (``data-players``), so that the page's script lists only those of the chosen size."""

    def __init__(self, *args, offered: dict[str, list[int]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.offered = offered or {}

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if str(value) in self.offered:
            option["attrs"]["data-players"] = " ".join(map(str, self.offered[str(value)]))
        return option


class MatchSetupForm(forms.Form):
    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.package = get_game(game.engine)
        self.engine = self.package.engine
        info = self.engine.info
        self.low, self.high = seat_range(game)
        self.sizes = range(self.low, self.high + 1)  # the table sizes offered
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Nombre de joueurs"),
            choices=[(n, str(n)) for n in self.sizes],
            coerce=int,
            initial=self.low,
        )
        roles = self.roles({})
        choices = seat_choices(self.package, self.sizes)
        offered = self.offered_counts()
        default = f"bot:{self.package.default_level_for(self.low)}"
        for index in range(self.high):
            self.fields[f"seat_{index}"] = forms.ChoiceField(
                label=seat_label(index, roles[index] if index < len(roles) else ""),
                choices=choices,
                initial="local" if index == 0 else default,
                required=index < self.low,
                widget=SeatSelect(offered=offered),
            )
        for option in info.options:
            if option.choices is None or not _is_simple(option.default):
                continue  # structured options (layouts, handicaps) are set through the API
            name = f"option_{option.name}"
            label = self.package.option_labels.get(option.name, option.help or option.name)
            if isinstance(option.default, bool):
                self.fields[name] = forms.BooleanField(
                    label=label, required=False, initial=option.default
                )
            else:
                names = self.package.option_choice_labels.get(option.name, {})
                self.fields[name] = forms.ChoiceField(
                    label=label,
                    choices=[(str(c), names.get(c, str(c))) for c in option.choices],
                    initial=str(option.default),
                )

    def offered_counts(self) -> dict[str, list[int]]:
        """Each computer seat choice (``bot:<level>``) and the table sizes it is offered at."""
        return {
            f"bot:{level}": [n for n in self.sizes if level in self.package.levels_for(n)]
            for level in self.package.bot_levels
        }

    def default_levels(self) -> dict[int, str]:
        """For the page's script: the seat choice a computer seat takes at each table size when
        its level is not offered there."""
        return {n: f"bot:{self.package.default_level_for(n)}" for n in self.sizes}

    def level_notes(self) -> list[tuple[str, str, str]]:
        """Each offered bot level's name, description (what it measured) and the table sizes it
        is offered at (space-separated, for the page's script), for the page's list; a level
        offered at some sizes only says which."""
        descriptions = self.package.level_descriptions
        notes = []
        for choice, counts in self.offered_counts().items():
            level = choice.partition(":")[2]
            if level not in descriptions or not counts:
                continue
            text = str(descriptions[level])
            if len(counts) < len(self.sizes):
                text += " " + str(_("Proposé à %(counts)s joueurs.") % {"counts": _and(counts)})
            notes.append((self.package.level_label(level), text, " ".join(map(str, counts))))
        return notes

    def clean(self):
        cleaned = super().clean()
        players = cleaned.get("players")
        if players is None:
            return cleaned
        for index in range(players):
            kind, _sep, level = (cleaned.get(f"seat_{index}") or "").partition(":")
            if kind == "bot" and level not in self.package.levels_for(players):
                self.add_error(
                    f"seat_{index}", level_not_offered_message(self.package, level, players)
                )
        return cleaned

    def roles(self, options: dict[str, Any]) -> list[str]:
        """What each seat plays at a full table with ``options`` (the engine decides)."""
        for seats in range(self.high, self.low - 1, -1):
            try:
                state = self.engine.new_game(seats=seats, options=options, rng=random.Random(0))
            except InvalidOptions:
                continue
            return self.package.seat_role_labels(state)
        return []

    def role_labels_by_option(self) -> dict[str, dict[str, list[str]]]:
        """For the setup page's script: the seat labels that each choice of an option gives,
        for the options that change who plays what (which side a seat takes…)."""
        out: dict[str, dict[str, list[str]]] = {}
        for option in self.engine.info.options:
            if not option.choices or isinstance(option.default, bool):
                continue
            if not _is_simple(option.default):
                continue
            by_choice = {
                str(choice): [
                    seat_label(index, role)
                    for index, role in enumerate(self.roles({option.name: choice}))
                ]
                for choice in option.choices
            }
            if len({tuple(labels) for labels in by_choice.values()}) > 1:
                out[f"option_{option.name}"] = by_choice
        return out

    def seat_fields(self):
        return [self[f"seat_{index}"] for index in range(self.high)]

    def option_fields(self):
        return [self[name] for name in self.fields if name.startswith("option_")]

    def seats(self) -> list[SeatSpec]:
        specs = []
        for index in range(self.cleaned_data["players"]):
            choice = self.cleaned_data.get(f"seat_{index}") or "local"
            kind, _sep, level = choice.partition(":")
            specs.append(SeatSpec(kind=kind, bot_level=level))
        return specs

    def options(self) -> dict:
        chosen = {}
        for option in self.engine.info.options:
            name = f"option_{option.name}"
            if name not in self.cleaned_data:
                continue
            value = self.cleaned_data[name]
            if not isinstance(option.default, bool):
                value = next((c for c in option.choices if str(c) == value), option.default)
            chosen[option.name] = value
        return chosen


def _and(numbers: list[int]) -> str:
    """« 2, 3 et 5 »: numbers listed in words."""
    if len(numbers) == 1:
        return str(numbers[0])
    return _("%(first)s et %(last)s") % {
        "first": ", ".join(map(str, numbers[:-1])),
        "last": numbers[-1],
    }


def _is_simple(value) -> bool:
    return isinstance(value, (bool, int, str))
