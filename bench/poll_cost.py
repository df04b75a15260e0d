"""CPU cost of one poll of the play API: a 304 (``If-None-Match`` matches) and a 200.

    .venv/bin/python bench/poll_cost.py [--polls 300] [--plies 30]

In one process, with Django's test client and the test settings on a throwaway SQLite file
(migrated, the sample collection imported): a hot-seat Prairie match is played ``--plies``
moves in, then polled ``--polls`` times with its current ETag (304) and as many times without
(200), and as many 200s from a process that never showed the match (its history replayed from
the seed, as every 200 was before the processes kept histories). Prints CPU milliseconds per
poll (``time.process_time``: this process only, so the figure does not depend on what else the
machine does) and wall milliseconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--polls", type=int, default=300)
    parser.add_argument("--plies", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ludo-poll-") as tmp:
        os.environ["DJANGO_SETTINGS_MODULE"] = "ludotheque.settings.test"
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
        os.environ["SEARCH_INDEX_DIR"] = f"{tmp}/search"
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command
        from django.test import Client

        call_command("migrate", verbosity=0)
        call_command("import_games", str(ROOT / "samples" / "records"), verbosity=0)
        client = Client()
        body = {"game": "prairie-ou-buffalo", "seats": [{"kind": "local"}, {"kind": "local"}]}
        state = client.post("/api/v1/matches/", body, content_type="application/json").json()
        code, token = state["code"], state["token"]
        headers = {"HTTP_X_SEAT_TOKEN": token}
        url = f"/api/v1/matches/{code}/"
        for _ in range(args.plies):
            state = client.get(url, **headers).json()
            if state["status"] == "finished" or not state.get("legal_moves"):
                break
            move = {
                "seat": state["viewer"],
                "move": state["legal_moves"][0],
                "expected_version": state["version"],
            }
            client.post(url + "moves/", move, content_type="application/json", **headers)
        response = client.get(url, **headers)
        etag, plies = response["ETag"], response.json()["plies"]

        from play import selectors

        def measure(extra: dict, expected: int, cold: bool = False) -> tuple[float, float]:
            client.get(url, **headers, **extra)  # warm
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(args.polls):
                if cold:  # as a process that never showed the match: the whole replay
                    selectors._histories.clear()
                status = client.get(url, **headers, **extra).status_code
                assert status == expected, status
            n = args.polls
            return (time.process_time() - cpu) * 1000 / n, (time.perf_counter() - wall) * 1000 / n

        cpu304, wall304 = measure({"HTTP_IF_NONE_MATCH": etag}, 304)
        cpu200, wall200 = measure({}, 200)
        cold200, coldwall200 = measure({}, 200, cold=True)
    print(f"Prairie match at ply {plies}, {args.polls} polls each (Django test client, SQLite)")
    print(f"  304 poll: {cpu304:6.2f} ms CPU  {wall304:6.2f} ms wall")
    print(f"  200 poll: {cpu200:6.2f} ms CPU  {wall200:6.2f} ms wall (history kept by the process)")
    print(f"  200 poll: {cold200:6.2f} ms CPU  {coldwall200:6.2f} ms wall (history replayed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
