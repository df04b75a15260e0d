"""A synthetic library export (CSV, the import's own format) for the benchmarks.

Titles, rules and names are drawn from the five sample records' vocabulary with Zipf-like weights
(rank^-1.07: a few words are in almost every game, most are rare); rules have a log-normal length
(median 180 words, mean about 270, from 15 to 3,000); 3,000 authors and 250 publishers picked with
Zipf weights, 16 ESAR categories, realistic player/age/duration ranges. Seeded: the same seed
gives the same file.
"""

from __future__ import annotations

import bisect
import codecs
import csv
import itertools
import math
import random
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CATEGORIES = [
    ("A 101", "jeu sensoriel sonore", "jeu d'exercice"),
    ("A 102", "jeu sensoriel visuel", "jeu d'exercice"),
    ("A 104", "jeu moteur", "jeu d'exercice"),
    ("A 201", "jeu de rôle", "jeu symbolique"),
    ("A 203", "jeu de représentation", "jeu symbolique"),
    ("A 301", "jeu d'assemblage", "jeu d'assemblage"),
    ("A 302", "jeu de construction", "jeu d'assemblage"),
    ("A 401", "jeu d'association", "jeu de règles"),
    ("A 402", "jeu de séquence", "jeu de règles"),
    ("A 403", "jeu de circuit", "jeu de règles"),
    ("A 404", "jeu d'adresse", "jeu de règles"),
    ("A 405", "jeu sportif", "jeu de règles"),
    ("A 406", "jeu de stratégie", "jeu de règles"),
    ("A 407", "jeu de hasard", "jeu de règles"),
    ("A 408", "jeu de questions et réponses", "jeu de règles"),
    ("A 409", "jeu de vocabulaire", "jeu de règles"),
]


class Zipf:
    def __init__(self, items: list, rng: random.Random, exponent: float = 1.07):
        self.items, self.rng = items, rng
        self.cumulative = list(
            itertools.accumulate(1 / (r + 1) ** exponent for r in range(len(items)))
        )

    def draw(self, k: int) -> list:
        return self.rng.choices(self.items, cum_weights=self.cumulative, k=k)

    def one(self):
        total = self.cumulative[-1]
        return self.items[bisect.bisect(self.cumulative, self.rng.random() * total)]


def vocabulary() -> list[str]:
    """The sample records' words, most frequent first."""
    from importers.formats import parse_file

    counts: Counter[str] = Counter()
    for path in sorted((ROOT / "samples" / "records").glob("*.txt")):
        for record in parse_file(path.name, path.read_bytes())[1]:
            counts.update(w.lower() for w in re.findall(r"[^\W\d_]{2,}", record.rules_text))
    return [word for word, _ in counts.most_common()]


def content_words() -> list[str]:
    from catalogue import text

    return [w for w in vocabulary() if w not in text.STOP_WORDS and len(w) > 3]


def write_export(path: Path, n_games: int, seed: int = 7) -> dict:
    """Write ``n_games`` games as a CSV export at ``path``; returns the query words to use."""
    from importers.csv_format import COLUMNS

    rng = random.Random(seed)
    words = vocabulary()
    zipf = Zipf(words, rng)
    content = content_words()
    capital = [w.capitalize() for w in content]
    authors = [
        f"{a} {b} {i}"
        for i, (a, b) in enumerate(
            zip(rng.choices(capital, k=3000), rng.choices(capital, k=3000), strict=True)
        )
    ]
    publishers = [f"Éditions {w} {i}" for i, w in enumerate(rng.choices(capital, k=250))]
    pick_author, pick_publisher = Zipf(authors, rng), Zipf(publishers, rng)
    pick_category = Zipf(CATEGORIES, rng, exponent=0.8)
    title_words = Zipf(capital[:2000], rng, exponent=0.6)
    total_words = 0
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(codecs.BOM_UTF8.decode("utf-8"))
        writer = csv.writer(handle, delimiter=";", lineterminator="\r\n")
        writer.writerow([names[0] for names in COLUMNS.values()])
        for i in range(n_games):
            length = min(3000, max(15, int(rng.lognormvariate(math.log(180), 0.9))))
            total_words += length
            rules = " ".join(zipf.draw(length))
            title = " ".join(title_words.draw(rng.choice((1, 1, 2, 2, 3)))) + f" {i}"
            credited = list(
                dict.fromkeys(pick_author.one() for _ in range(rng.choice((0, 1, 1, 1, 2, 3))))
            )
            publisher = pick_publisher.one() if rng.random() < 0.9 else ""
            category = pick_category.one() if rng.random() < 0.95 else None
            min_players = rng.choice((1, 2, 2, 2, 2, 3, 3, 4))
            min_age = rng.choice((3, 4, 5, 6, 7, 8, 8, 10, 10, 12, 14))
            row = {
                "title": title,
                "authors": "; ".join(f"{name}, Auteur" for name in credited),
                "publisher": publisher,
                "category": f"{category[0]} {category[1]} ({category[2]})" if category else "",
                "min_players": min_players,
                "max_players": min(12, min_players + rng.choice((0, 1, 2, 2, 3, 4, 6))),
                "min_age": min_age,
                "max_age": 99 if rng.random() < 0.85 else min_age + rng.randint(2, 10),
                "duration_minutes": rng.choice((10, 15, 20, 25, 30, 30, 45, 45, 60, 90, 120, 180))
                if rng.random() < 0.95
                else "",
                "rules_text": rules,
            }
            writer.writerow([row.get(key, "") for key in COLUMNS])
    return {
        "games": n_games,
        "mean_words": round(total_words / max(n_games, 1)),
        "broad": "joueur",
        "rare": content[400],
        "mid": content[25],
        "second": content[60],
    }
