"""A record's text as the game page shows it: the library's text is kept as recorded, but what
the typing or the scanning left behind is tidied on display.

* a missing space after the end of a sentence is restored (« cellule.Le gardien » → « cellule.
  Le gardien »);
* a reference to a drawing that the record does not have (« (voir schéma ci-contre) ») is
  dropped, and the page says, once, that the original rules' drawings are not reproduced;
  a sentence that speaks of the drawings (« Les schémas suivants montrent… ») stays, with the
  same note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence's end (after a lower-case letter, a digit or a closing bracket) glued to the next
# sentence's capital. Capitals before the stop (« U.S.A. ») are initials: left alone.
_GLUED_SENTENCE = re.compile(r"(?<=[a-zà-ÿœ0-9)»])([.!?])(?=[A-ZÀ-ÖØ-ÝŒ«])")

_DRAWING = r"(?:sch[ée]mas?|dessins?|figures?|illustrations?|croquis|photos?)"
_WHERE = r"(?:ci-contre|ci-dessous|ci-dessus|ci-joints?|suivants?|en\s+annexe)"
# « (voir schéma ci-contre) », « (cf. figure 2) », « voir le schéma ci-dessous »: dropped, with
# the stop around it kept once.
_DRAWING_REFERENCE = re.compile(
    rf"(?P<before>\.)?\s*(?:\(\s*(?:voir|cf\.?)\s+[^()]*?{_DRAWING}[^()]*\)"
    rf"|,?\s*(?:voir|cf\.?)\s+(?:les?\s+|la\s+)?{_DRAWING}(?:\s+{_WHERE}|\s+n?°?\s*\d+)?)"
    rf"(?P<after>\s*\.)?",
    re.IGNORECASE,
)
# A sentence that speaks of the record's absent drawings: kept, but the page says they are absent.
_DRAWING_MENTION = re.compile(rf"\b{_DRAWING}\s+{_WHERE}", re.IGNORECASE)


@dataclass(frozen=True)
class Readable:
    text: str
    # The text referred to drawings the record does not have.
    drawings_missing: bool = False


def spaced(text: str) -> str:
    """``text`` with a space restored after each sentence that runs into the next."""
    return _GLUED_SENTENCE.sub(r"\1 ", text)


def readable(text: str) -> Readable:
    """``text`` as the page shows it (see the module's docstring)."""
    missing = bool(_DRAWING_MENTION.search(text))

    def drop(match: re.Match) -> str:
        nonlocal missing
        missing = True
        return "." if match["before"] or match["after"] else ""

    text = _DRAWING_REFERENCE.sub(drop, text)
    return Readable(text=spaced(text), drawings_missing=missing)
