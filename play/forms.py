"""The « Jouer » setup form: how many players, who plays each seat, variant options."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.bots.registry import LEVEL_LABELS, LEVELS
from play.engines.registry import get_engine

from .services import SeatSpec, seat_range
from .texts import OPTION_CHOICE_LABELS, OPTION_LABELS, SEAT_NAMES

SEAT_CHOICES = [
    ("local", _("Moi, sur cet écran")),
    *[
        (f"bot:{level}", _("Ordinateur — %(level)s") % {"level": LEVEL_LABELS[level]})
        for level in LEVELS
    ],
    ("invite", _("Un ami, invité par un lien")),
]


class MatchSetupForm(forms.Form):
    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.engine = get_engine(game.engine)
        info = self.engine.info
        self.low, self.high = seat_range(game)
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Nombre de joueurs"),
            choices=[(n, str(n)) for n in range(self.low, self.high + 1)],
            coerce=int,
            initial=self.low,
        )
        for index in range(self.high):
            self.fields[f"seat_{index}"] = forms.ChoiceField(
                label=self.seat_label(index),
                choices=SEAT_CHOICES,
                initial="local" if index == 0 else "bot:intermediate",
                required=index < self.low,
            )
        for option in info.options:
            if option.choices is None or not _is_simple(option.default):
                continue  # structured options (layouts, handicaps) are set through the API
            name = f"option_{option.name}"
            label = OPTION_LABELS.get((game.engine, option.name), option.help or option.name)
            if isinstance(option.default, bool):
                self.fields[name] = forms.BooleanField(
                    label=label, required=False, initial=option.default
                )
            else:
                names = OPTION_CHOICE_LABELS.get((game.engine, option.name), {})
                self.fields[name] = forms.ChoiceField(
                    label=label,
                    choices=[(str(c), names.get(c, str(c))) for c in option.choices],
                    initial=str(option.default),
                )

    def seat_label(self, index: int) -> str:
        names = SEAT_NAMES.get(self.game.engine)
        if names and index < len(names):
            return _("Place %(n)d (%(side)s)") % {"n": index + 1, "side": names[index]}
        return _("Place %(n)d") % {"n": index + 1}

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
