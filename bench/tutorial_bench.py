"""How long each game's guided first game takes a learner (issue 51: at most 5 minutes a game,
a real move within 30 seconds of opening).

    .venv/bin/python bench/tutorial_bench.py

A scripted learner, through the tutorial API (Django's test client, a throwaway SQLite database
with the sample collection): it reads each step's words at 3 s a sentence, then makes the step's
first accepted move at once (a read step: « Continuer »). The time of the server's answers is
measured and added. Prints, per game, the number of steps (and how many are moves), the time to
the first move accepted, and the whole tutorial's time.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Reading time a sentence (the issue's scripted learner).
SECONDS_A_SENTENCE = 3.0


def sentences(text: str) -> int:
    """How many sentences a step's words hold (ended by . ! ? or …)."""
    return max(1, len([s for s in re.split(r"(?<=[.!?…])\s+", text.strip()) if s]))


def main() -> None:
    folder = tempfile.mkdtemp(prefix="tutorial-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
    os.environ["SEARCH_INDEX_DIR"] = f"{folder}/index"
    os.environ.setdefault("API_ANON_RATE", "1000000/min")
    os.environ.setdefault("PLAY_VIEW_RATE", "1000000/min")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from catalogue.models import Game
    from play.games.registry import games

    call_command("migrate", verbosity=0)
    call_command("import_games", str(ROOT / "samples" / "records"), verbosity=0)
    client = Client(HTTP_HOST="127.0.0.1", HTTP_ACCEPT_LANGUAGE="fr")
    print(f"{'game':<9} {'steps':>5} {'moves':>5} {'1st move':>9} {'whole':>8} {'server':>8}")
    for engine, package in games().items():
        if package.tutorial is None:
            continue
        url = f"/api/v1/games/{Game.objects.get(engine=engine).slug}/tutorial/"
        answers: list = []
        reading = server = 0.0
        first_move = None

        def ask(body: dict, url: str = url) -> dict:
            nonlocal server
            started = time.perf_counter()
            response = client.post(url, body, content_type="application/json")
            server += time.perf_counter() - started
            assert response.status_code == 200, response.content
            return response.json()

        step = ask({"answers": answers})
        while True:
            reading += SECONDS_A_SENTENCE * (sentences(step["text"]) + bool(step["chance_note"]))
            if step["kind"] == "end":
                break
            if step["kind"] == "read":
                step = ask({"answers": [*answers, None]})
            else:
                step = ask({"answers": answers, "try": step["legal_moves"][0]})
                assert step["verdict"]["accepted"], step["verdict"]
                if first_move is None:
                    first_move = reading + server
            answers = step["answers"]
        moves = sum(1 for s in package.tutorial.steps if not s.reading)
        whole = reading + server
        print(
            f"{engine:<9} {len(package.tutorial.steps):>5} {moves:>5} {first_move:>8.1f}s "
            f"{whole / 60:>6.1f}mn {server * 1000:>6.0f}ms"
        )


if __name__ == "__main__":
    main()
