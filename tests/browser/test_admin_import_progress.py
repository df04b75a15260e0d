"""A librarian uploads a 20,000-row workbook in the admin: the page answers at once and its
progress bar moves, fed by a real import worker, until the dry-run report replaces it."""

from __future__ import annotations

import io
import threading
import time

import pytest
from django.db import connection
from django_tasks_db.management.commands.db_worker import Worker
from openpyxl import Workbook
from playwright.sync_api import expect

from catalogue.models import Game
from importers import jobs
from importers.models import ImportBatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = 20_000


def workbook(rows: int) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Jeux")
    sheet.append(["titre", "joueurs_min", "joueurs_max", "age_min", "duree_minutes", "regle"])
    for i in range(rows):
        sheet.append([f"Jeu numéro {i}", 2, 4, 8, 30, f"On lance le dé {i} fois."])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.fixture
def import_worker(queued):
    """One import worker (a thread here) that runs the jobs of the database queue."""
    worker = Worker(
        queue_names=[jobs.QUEUE], interval=0.1, batch=False, backend_name="default",
        startup_delay=False, max_tasks=None, worker_id="browser-test", excluded_queue_names=[],
    )  # fmt: skip

    def run():
        try:
            worker.run()
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield worker
    worker.running = False
    thread.join(timeout=60)


def test_a_large_upload_shows_its_progress_then_the_report(
    live_server, signed_in, import_worker, tmp_path
):
    page = signed_in
    path = tmp_path / "collection.xlsx"
    path.write_bytes(workbook(ROWS))
    page.goto(live_server.url + "/admin/importers/importbatch/upload/")
    page.set_input_files("input[type=file]", str(path))
    started = time.monotonic()
    page.get_by_role("button", name="Analyser les fichiers").click()
    bar = page.locator("#import-progress-bar")
    expect(bar).to_be_visible()
    answered = time.monotonic() - started
    assert answered < 10, f"the upload took {answered:.1f} s to answer"

    seen: list[int] = []
    texts: set[str] = set()
    report = page.get_by_role("button", name="Confirmer l’import")
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not report.is_visible():
        if bar.is_visible():
            try:
                seen.append(int(bar.get_attribute("value", timeout=500)))
                texts.add(page.locator("#import-progress-text").inner_text(timeout=500))
            except Exception:  # the page reloaded between the two looks: look again
                pass
        time.sleep(0.1)
    expect(report).to_be_visible()
    moving = sorted(set(value for value in seen if 0 < value < 100))
    assert moving, f"the bar never moved: {seen[:20]}…"
    assert seen == sorted(seen), "the bar went backwards"
    assert any("notices lues" in text and text != "" for text in texts), texts
    body = page.locator("#content").inner_text()
    assert f"{ROWS}créé(s)" in body.replace("\u202f", "").replace(" ", "")
    batch = ImportBatch.objects.get()
    assert (batch.status, batch.records_read, batch.created) == ("pending", ROWS, ROWS)
    assert Game.objects.count() == 0
