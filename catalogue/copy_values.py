"""A copy's values as files and clients state them: barcodes, status words (pure Python, no
Django), shared by the importers' parsers, the copies API and :mod:`catalogue.copies`."""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass

from . import text

AVAILABLE, ON_LOAN, REPAIR, EXCLUDED = "available", "on_loan", "repair", "excluded"
#: The statuses, as stored and as the API names them (catalogue.models.Copy.Status).
STATUSES = (AVAILABLE, ON_LOAN, REPAIR, EXCLUDED)
BARCODE_MAX = 64
TEXT_MAX = {"call_number": 100, "location": 200, "section": 200, "loan_type": 100}

#: The words a file may use for a status (folded: case and accents aside).
STATUS_WORDS: dict[str, str] = {
    **{value: value for value in STATUSES},
    "disponible": AVAILABLE,
    "en rayon": AVAILABLE,
    "available": AVAILABLE,
    "en pret": ON_LOAN,
    "pret": ON_LOAN,
    "prete": ON_LOAN,
    "emprunte": ON_LOAN,
    "sorti": ON_LOAN,
    "on loan": ON_LOAN,
    "en reparation": REPAIR,
    "reparation": REPAIR,
    "repair": REPAIR,
    "exclu du pret": EXCLUDED,
    "exclu": EXCLUDED,
    "non empruntable": EXCLUDED,
    "excluded": EXCLUDED,
}


def status_from_word(word: str) -> str | None:
    """The status a word names (« En prêt », « exclu du prêt », ``on_loan``…), or None."""
    key = " ".join(text.fold(word).replace("_", " ").replace("-", " ").split())
    return STATUS_WORDS.get(key) or STATUS_WORDS.get(key.replace(" ", "_"))


def normalise_barcode(value: str) -> str:
    """A barcode as stored: no control or format characters (a scanner's CR, a NUL, a BOM, a
    lone surrogate), no surrounding spaces."""
    kept = "".join(ch for ch in value if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    return kept.strip()


def clean_text(value: str) -> str:
    """A copy's call number, place or loan type: one line, without control characters."""
    kept = "".join(
        " " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
        for ch in value
        if unicodedata.category(ch) not in ("Cf", "Cs")
    )
    return " ".join(kept.split())


@dataclass(frozen=True)
class CopyValues:
    """A copy as an import states it. ``status`` None: the file says nothing of it."""

    barcode: str
    call_number: str = ""
    location: str = ""
    section: str = ""
    loan_type: str = ""
    status: str | None = None
    due_date: datetime.date | None = None
