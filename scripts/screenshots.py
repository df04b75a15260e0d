"""Screenshots of the main pages with headless Chromium (Debian's /usr/bin/chromium, Playwright).

Starts the dev server on a free port with a throwaway SQLite database holding the sample
collection, saves PNGs under ``screenshots/`` and stops the server. The server runs with DEBUG
off (the test settings), so error pages are the visitors' ones. Usage:
``python scripts/screenshots.py [--out DIR] [--lang fr|en] [--phone] [--admin]``
(``--phone``: a 390 px wide viewport; ``--admin``: the librarians' screens too).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.chromium import launch  # noqa: E402

PAGES = {
    "search": "/",
    "search-filtered": "/?players=4&age=8&max_duration=30",
    "search-text": "/?q=strategie",
    "search-empty": "/?players=5&max_duration=20&category=A+406",
    "game-alcatraz": "/jeux/alcatraz/",
    "game-prairie": "/jeux/prairie-ou-buffalo/",
    "game-powwow": "/jeux/pow-wow/",
    "play-unavailable": "/jeux/pow-wow/jouer/",
    "not-found": "/pas-de-page-ici/",
    "house-rules-alcatraz": "/jeux/alcatraz/jouer/regles-maison/",
    "example-alcatraz": "/jeux/alcatraz/jouer/exemples/reprise-rangee-7/",
    "setup-prairie": "/jeux/prairie-ou-buffalo/jouer/",
}
ADMIN_PAGES = {
    "admin-index": "/admin/",
    "admin-game-alcatraz": "/admin/catalogue/game/?q=alcatraz",
    "admin-import-upload": "/admin/importers/importbatch/upload/",
}
LIBRARIAN = ("screenshots", "not-a-real-password-42")


MATCHES = [
    (
        "play-buffalo",
        "prairie-ou-buffalo",
        [{"kind": "local"}, {"kind": "bot", "level": "beginner"}],
        {},
    ),
    (  # the computer holds the buffalo on seat 1, the person the Indians on seat 2
        "play-buffalo-bison-seat-1",
        "prairie-ou-buffalo",
        [{"kind": "bot", "level": "strong"}, {"kind": "local"}],
        {"buffalo_seat": 0},
    ),
    (  # the person moves the buffalo from seat 2
        "play-buffalo-bison-seat-2",
        "prairie-ou-buffalo",
        [{"kind": "bot", "level": "strong"}, {"kind": "local"}],
        {"buffalo_seat": 1},
    ),
    (
        "play-alcatraz",
        "alcatraz",
        [{"kind": "local"}, {"kind": "bot", "level": "beginner"}, {"kind": "invite"}],
        {},
    ),
]


def start_match(base: str, game: str, seats: list[dict], options: dict) -> str:
    """Start a match through the API; the page URL carries the creator's seat token."""
    request = urllib.request.Request(
        base + "/api/v1/matches/",
        data=json.dumps({"game": game, "seats": seats, "options": options}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)["url"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# A photo of the box for some sample games (``serve(photos=True)``): a photographed game's page
# and search results as a library that took pictures has them. Drawn, not shot: a box in colour.
PHOTOS = """
import io
from PIL import Image, ImageDraw
from catalogue.models import Game
from catalogue.photos.services import photo_add, photo_prepare
for slug, colour in (("alcatraz", (40, 70, 140)), ("ta-yu", (150, 40, 30))):
    image = Image.new("RGB", (1600, 1200), colour)
    ImageDraw.Draw(image).rectangle((200, 150, 1400, 1050), outline=(240, 220, 160), width=40)
    data = io.BytesIO()
    image.save(data, "JPEG", quality=88)
    game = Game.objects.get(slug=slug)
    alt = "Boîte du jeu " + game.title
    photo_add(game=game, processed=photo_prepare(data.getvalue()), alt_text=alt)
"""


def serve(tmp: Path, *, photos: bool = False) -> tuple[subprocess.Popen, str]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp / 'shots.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
        "LIBRARIAN_PASSWORD": LIBRARIAN[1],
        "MEDIA_ROOT": str(tmp / "media"),
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], check=True, env=env)
    subprocess.run(
        [*manage, "import_games", "-v0", str(ROOT / "samples/records")], check=True, env=env
    )
    subprocess.run([*manage, "create_librarian", LIBRARIAN[0]], check=True, env=env)
    if photos:
        subprocess.run([*manage, "shell", "-c", PHOTOS], check=True, env=env)
    port = free_port()
    server = subprocess.Popen(
        [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the development server did not start")


def admin_screenshots(page, base: str, out: Path, suffix: str) -> None:
    """Sign in as a librarian; the admin index, a game's form, the import upload and report."""
    page.goto(base + "/admin/login/")
    page.fill("#id_username", LIBRARIAN[0])
    page.fill("#id_password", LIBRARIAN[1])
    page.click("input[type=submit]")
    shots = dict(ADMIN_PAGES)
    page.goto(base + "/admin/catalogue/game/?q=alcatraz")
    change = page.locator("#result_list tbody th a").first.get_attribute("href")
    shots["admin-game-alcatraz"] = change
    shots["admin-game-label"] = change.replace("/change/", "/label/")
    for name, path in shots.items():
        page.goto(base + path)
        target = out / f"{name}-{suffix}.png"
        page.screenshot(path=str(target), full_page=True)
        print(target)
    page.goto(base + "/admin/catalogue/game/")
    page.check("#action-toggle")
    page.select_option("select[name=action]", "print_labels")
    page.click("button[name=index]")
    target = out / f"admin-labels-sheet-{suffix}.png"
    page.screenshot(path=str(target), full_page=True)
    print(target)
    page.goto(base + "/admin/importers/importbatch/upload/")
    page.set_input_files(
        "input[type=file]", sorted(str(f) for f in (ROOT / "samples/records").iterdir())
    )
    page.click("input[type=submit].default")
    page.wait_for_url("**/confirm/")
    target = out / f"admin-import-report-{suffix}.png"
    page.screenshot(path=str(target), full_page=True)
    print(target)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    parser.add_argument("--lang", default="fr", choices=["fr", "en"])
    parser.add_argument("--phone", action="store_true", help="a 390 px wide phone viewport")
    parser.add_argument("--admin", action="store_true", help="the librarians' screens too")
    args = parser.parse_args()
    suffix = f"{args.lang}-phone" if args.phone else args.lang
    viewport = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 900}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server, base = serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = launch(p)
                context = browser.new_context(
                    viewport=viewport,
                    locale=args.lang,
                    extra_http_headers={"Accept-Language": args.lang},
                )
                page = context.new_page()
                for name, path in PAGES.items():
                    page.goto(base + path)
                    target = out / f"{name}-{suffix}.png"
                    page.screenshot(path=str(target), full_page=True)
                    print(target)
                if args.admin:
                    admin_screenshots(page, base, out, suffix)
                for name, game, seats, options in MATCHES:
                    page.goto(start_match(base, game, seats, options))
                    page.wait_for_selector("#board svg")
                    target = out / f"{name}-{suffix}.png"
                    page.screenshot(path=str(target), full_page=True)
                    print(target)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
