"""The « Jouer » setup form: how many players, who plays each seat, variant options."""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from play.engines.base import InvalidOptions
from play.games.base import GamePackage
from play.games.registry import get_game

from .services import SeatSpec, seat_range
from .texts import seat_label


def seat_choices(game: GamePackage) -> list[tuple[str, str]]:
    """Who may hold a seat: a person here, the computer at each level (named; the page lists what
    each level measured), or a friend invited by a link."""
    bots = [
        (f"bot:{level}", _("Ordinateur — %(level)s") % {"level": game.level_label(level)})
        for level in game.bot_levels
    ]
    return [("local", _("Moi, sur cet écran")), *bots, ("invite", _("Un ami, invité par un lien"))]


class MatchSetupForm(forms.Form):
    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.package = get_game(game.engine)
        self.engine = self.package.engine
        info = self.engine.info
        self.low, self.high = seat_range(game)
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Nombre de joueurs"),
            choices=[(n, str(n)) for n in range(self.low, self.high + 1)],
            coerce=int,
            initial=self.low,
        )
        roles = self.roles({})
        choices = seat_choices(self.package)
        for index in range(self.high):
            self.fields[f"seat_{index}"] = forms.ChoiceField(
                label=seat_label(index, roles[index] if index < len(roles) else ""),
                choices=choices,
                initial="local" if index == 0 else f"bot:{self.package.default_level}",
                required=index < self.low,
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

    def level_notes(self) -> list[tuple[str, str]]:
        """Each bot level's name and description (what it measured), for the page's list."""
        descriptions = self.package.level_descriptions
        return [
            (self.package.level_label(level), str(descriptions[level]))
            for level in self.package.bot_levels
            if level in descriptions
        ]

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


def _is_simple(value) -> bool:
    return isinstance(value, (bool, int, str))
