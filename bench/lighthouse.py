"""Lighthouse audit of the site's main pages: accessibility, best practices, SEO and CLS.

Starts the development server on a free port with a throwaway SQLite database holding the sample
collection (as ``scripts/screenshots.py`` does), starts a match of each game through the API and
runs the Lighthouse CLI on each page with its mobile and desktop presets, then prints one table:
page x preset -> accessibility / best practices / SEO / CLS (and the performance score, for
information), with the accessibility, best-practice and SEO audits that failed.

Lighthouse is not a project dependency (Node.js, installed apart, never run by the tests):

    mkdir -p /tmp/lh && cd /tmp/lh && npm install lighthouse@12
    LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse nice -n 19 .venv/bin/python bench/lighthouse.py

(or ``--lighthouse PATH``; a ``lighthouse`` on the PATH is found too). ``--page NAME``
(repeatable) audits only some pages, ``--preset mobile|desktop`` only one preset, ``--keep DIR``
keeps the JSON reports, ``--photos`` gives Alcatraz and Ta Yü a photo of their box first (the
game page and the search's thumbnails as a library with photos has them). ``api-docs`` is the
API reference (server-rendered, no script); its
interactive console (Swagger UI, ``/api/v1/docs/essayer/``) is not audited: its script alone
keeps a phone's performance score far under 95.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from scripts.screenshots import serve, start_match  # noqa: E402

PAGES = {
    "home": "/",
    "search": "/?q=strategie+2+joueurs",
    "game": "/jeux/alcatraz/",
    "game-no-photo": "/jeux/prairie-ou-buffalo/",
    "learn": "/jeux/prairie-ou-buffalo/apprendre/",
    "set-up": "/jeux/pow-wow/regle/mise-en-place/",
    "rules-sheet": "/jeux/ta-yu/regle/imprimer/",
    "setup": "/jeux/prairie-ou-buffalo/jouer/",
    "statement": "/accessibilite/",
    "api-docs": "/api/v1/docs/",
}
# A running match of each game: the page's own seat, the others the computer's.
MATCHES = {
    "match-buffalo": ("prairie-ou-buffalo", 2),
    "match-alcatraz": ("alcatraz", 3),
    "match-tayu": ("ta-yu", 4),
    "match-powwow": ("pow-wow", 3),
    "match-bataclan": ("bataclan", 3),
}
CATEGORIES = ["accessibility", "best-practices", "seo", "performance"]
PRESETS = ["mobile", "desktop"]


def find_lighthouse(given: str | None) -> str | None:
    candidates = [given, os.environ.get("LIGHTHOUSE"), shutil.which("lighthouse")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def audit(lighthouse: str, url: str, preset: str, report: Path) -> dict:
    """One Lighthouse run; the four figures (scores out of 100, CLS) and the failed audits."""
    command = [
        lighthouse,
        url,
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={report}",
        "--quiet",
        "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS),
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    for _attempt in range(3):  # a trace lost now and then (NO_NAVSTART) on a busy machine
        done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL)
        if done.returncode == 0:
            break
    else:
        raise RuntimeError(f"Lighthouse failed three times on {url} ({preset})")
    data = json.loads(report.read_text())
    scores = {
        name: round(100 * data["categories"][name]["score"])
        for name in CATEGORIES
        if data["categories"][name]["score"] is not None
    }
    cls = data["audits"]["cumulative-layout-shift"]["numericValue"]
    failed = sorted(
        {
            ref["id"]
            for name in ("accessibility", "best-practices", "seo")
            for ref in data["categories"][name]["auditRefs"]
            if ref["weight"]
            and (data["audits"][ref["id"]]["score"] or 0) < 1
            and data["audits"][ref["id"]]["scoreDisplayMode"] not in ("notApplicable", "manual")
        }
    )
    return {"scores": scores, "cls": cls, "failed": failed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lighthouse", help="the Lighthouse CLI (default: $LIGHTHOUSE)")
    parser.add_argument("--page", action="append", choices=[*PAGES, *MATCHES])
    parser.add_argument("--preset", action="append", choices=PRESETS)
    parser.add_argument("--keep", help="a folder for the JSON reports")
    parser.add_argument(
        "--photos", action="store_true", help="photos of the box on Alcatraz and Ta Yü"
    )
    args = parser.parse_args()
    lighthouse = find_lighthouse(args.lighthouse)
    if lighthouse is None:
        print(
            "Lighthouse is not installed (it is not a project dependency). Install it apart, e.g.\n"
            "  mkdir -p /tmp/lh && cd /tmp/lh && npm install lighthouse@12\n"
            "then pass --lighthouse /tmp/lh/node_modules/.bin/lighthouse or set LIGHTHOUSE.",
            file=sys.stderr,
        )
        return 2
    names = args.page or [*PAGES, *MATCHES]
    presets = args.preset or PRESETS
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        reports = Path(args.keep or tmp)
        reports.mkdir(parents=True, exist_ok=True)
        server, base = serve(Path(tmp), photos=args.photos)
        try:
            for name in names:
                if name in PAGES:
                    url = base + PAGES[name]
                else:
                    game, count = MATCHES[name]
                    seats = [{"kind": "local"}]
                    seats += [{"kind": "bot", "level": "beginner"}] * (count - 1)
                    url = start_match(base, game, seats, {})
                for preset in presets:
                    result = audit(lighthouse, url, preset, reports / f"{name}-{preset}.json")
                    rows.append((name, preset, result))
                    print(f"{name} {preset}: {result}", file=sys.stderr, flush=True)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(
        f"{'page':<16} {'preset':<8} {'a11y':>5} {'b.p.':>5} {'SEO':>5} {'CLS':>7} {'perf.':>5}"
        "  audits failed"
    )
    for name, preset, result in rows:
        s = result["scores"]
        print(
            f"{name:<16} {preset:<8} {s.get('accessibility', '-'):>5} "
            f"{s.get('best-practices', '-'):>5} {s.get('seo', '-'):>5} {result['cls']:>7.3f} "
            f"{s.get('performance', '-'):>5}  " + ", ".join(result["failed"])
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
