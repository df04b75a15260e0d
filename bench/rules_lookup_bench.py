"""How fast a rules question is answered (issue 50; goal: p95 ≤ 20 ms).

    .venv/bin/python bench/rules_lookup_bench.py [--rounds 200]

For each game with a rule book, asks the questions of tests/play/test_rules_lookup.py and a few
made of random words of the book, ``--rounds`` times each: the lookup alone
(:func:`play.rules.rule_lookup`), and the whole request ``GET /api/v1/games/<slug>/rules/?q=``
through Django's test client on a throwaway SQLite database with the sample collection. Prints
p50, p95 and max in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {statistics.median(ordered):6.2f} ms  p95 {p95:6.2f} ms  max {ordered[-1]:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="rules-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
    os.environ["SEARCH_INDEX_DIR"] = f"{folder}/index"
    os.environ.setdefault("API_ANON_RATE", "1000000/min")  # the bench is one client
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from catalogue.models import Game
    from play.rules import rule_book_for, rule_lookup
    from tests.play.test_rules_lookup import QUESTIONS

    call_command("migrate", verbosity=0)
    call_command("import_games", str(ROOT / "samples" / "records"), verbosity=0)
    client = Client(HTTP_HOST="127.0.0.1")
    rng = random.Random(7)
    for engine, asked in QUESTIONS.items():
        book = rule_book_for(engine)
        words = " ".join(rule.text for rule in book.rules).split()
        questions = [*asked, *(" ".join(rng.sample(words, 6)) for _ in range(5))]
        alone, whole = [], []
        slug = Game.objects.get(engine=engine).slug
        for _ in range(args.rounds):
            for question in questions:
                started = time.perf_counter()
                rule_lookup(book, question)
                alone.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                response = client.get(f"/api/v1/games/{slug}/rules/", {"q": question})
                whole.append((time.perf_counter() - started) * 1000)
                assert response.status_code == 200, response.content
        print(f"{engine:<9} {len(book.rules)} rules, {len(questions)} questions × {args.rounds}")
        print(f"  lookup alone : {percentiles(alone)}")
        print(f"  API request  : {percentiles(whole)}")


if __name__ == "__main__":
    main()
