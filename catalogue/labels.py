"""Printable box labels: the game's essentials and a QR code that opens its public page."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.utils.translation import gettext as _

from .models import Game
from .terms import term_display


@dataclass(frozen=True)
class BoxLabel:
    game: Game
    url: str
    qr_svg: str  # inline SVG markup, sized by the stylesheet

    @property
    def category_label(self) -> str:
        """The ESAR category's label, in the librarian's language."""
        return term_display(self.game.category.label) if self.game.category else ""


def qr_svg(*, url: str, title: str) -> str:
    """``url`` as a QR code in inline SVG (medium error correction survives a worn box)."""
    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, omitsize=True, svgclass="label-qr", title=title)


def box_labels(*, games, absolute_url) -> list[BoxLabel]:
    """One label per game; ``absolute_url`` turns a path into the address the QR code holds."""
    labels = []
    for game in games:
        url = absolute_url(game.get_absolute_url())
        title = _("Code QR : fiche de %(title)s") % {"title": game.title}
        labels.append(BoxLabel(game=game, url=url, qr_svg=qr_svg(url=url, title=title)))
    return labels
