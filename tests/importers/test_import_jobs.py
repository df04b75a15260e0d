"""Imports run in background jobs (issue 48): an upload is stored and answered at once; a job on
the « imports » queue reads it (progress, then the dry-run report), a confirmation applies it in a
job too; a job that fails or whose worker dies leaves the batch failed and the catalogue as it
was, and the batch can be run again.

These tests queue jobs in the database backend and run them as its worker does (``run_task`` on
a claimed job), as tests/play/test_bot_workers.py does for the bots.
"""

from __future__ import annotations

import html
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from catalogue.models import Game
from importers import batches, jobs
from importers.bulk import CatalogueWriter
from importers.models import ImportBatch
from play import tasks as bot_tasks
from tests.conftest import SAMPLE_FILES, sample_bytes

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
Status = ImportBatch.Status
HEADER = "titre;joueurs_min;joueurs_max;age_min;regle\n"


def csv_export(n: int) -> bytes:
    rows = (f"Jeu numéro {i};2;4;8;On lance le dé {i} fois.\n" for i in range(n))
    return (HEADER + "".join(rows)).encode()


def waiting_jobs(queue: str = jobs.QUEUE):
    return DBTaskResult.objects.ready().filter(queue_name=queue)


def run_next_job(queue: str = jobs.QUEUE) -> bool:
    """What a db_worker on ``queue`` does with the next job: claim it, run it."""
    job = waiting_jobs(queue).first()
    if job is None:
        return False
    job.claim("worker-1")
    Worker(
        queue_names=[queue], interval=0, batch=True, backend_name="default",
        startup_delay=False, max_tasks=1, worker_id="worker-1", excluded_queue_names=[],
    ).run_task(job)  # fmt: skip
    return True


def test_an_admin_upload_is_stored_and_answered_before_anything_is_read(client, librarian, queued):
    files = [SimpleUploadedFile(SAMPLE_FILES["alcatraz"], sample_bytes("alcatraz"))]
    response = client.post(reverse("admin:importers_upload"), {"files": files})
    batch = ImportBatch.objects.get()
    assert response.status_code == 302
    assert (batch.status, batch.phase, batch.records_read, batch.report) == (
        Status.QUEUED, "read", 0, {}
    )  # fmt: skip
    assert waiting_jobs().count() == 1 and not waiting_jobs(bot_tasks.QUEUE).exists()

    page = html.unescape(client.get(response["Location"]).content.decode())
    assert 'id="import-progress-bar"' in page and "En file d'attente : 0 %" in page
    assert "/static/js/import_progress.js" in page
    progress = client.get(reverse("admin:importers_progress", args=[batch.pk])).json()
    assert (progress["status"], progress["finished"], progress["percent"]) == ("queued", False, 0)

    assert run_next_job()
    batch.refresh_from_db()
    assert (batch.status, batch.records_read, batch.created) == (Status.PENDING, 1, 1)
    assert Game.objects.count() == 0  # a dry run
    page = client.get(response["Location"]).content.decode()
    assert "Confirmer" in page and 'id="import-progress-bar"' not in page

    client.post(response["Location"], {"confirm": "1"})
    batch.refresh_from_db()
    assert (batch.status, batch.phase) == (Status.QUEUED, "apply")
    assert Game.objects.count() == 0  # nothing written in the request either
    assert run_next_job()
    batch.refresh_from_db()
    assert batch.status == Status.APPLIED
    assert list(Game.objects.values_list("title", flat=True)) == ["Alcatraz"]


def test_an_api_upload_is_answered_202_and_imported_by_the_job(queued, librarian_user):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(librarian_user)
    files = [SimpleUploadedFile("jeux.csv", csv_export(3))]
    response = api.post("/api/v1/imports/", {"files": files}, format="multipart")
    assert response.status_code == 202
    assert response.json()["status"] == "queued" and response.json()["progress"]["percent"] == 0
    assert Game.objects.count() == 0
    assert run_next_job()
    detail = api.get(response["Location"]).json()
    assert detail["status"] == "applied" and detail["report"]["totals"]["created"] == 3
    assert detail["progress"] | {"elapsed_seconds": None} == {
        "status": "applied", "status_label": "importé", "phase": "apply", "finished": True,
        "share": 1.0, "percent": 100, "records_read": 3, "files_rejected": 0,
        "elapsed_seconds": None, "seconds_left": None, "error": "",
    }  # fmt: skip


def test_the_bots_workers_never_take_an_import_and_the_import_workers_no_bot_turn(queued):
    batches.batch_submit(files=[("a.txt", sample_bytes("alcatraz"))], user=None, origin="t")
    assert not run_next_job(bot_tasks.QUEUE)  # a bot worker finds nothing to do
    assert waiting_jobs().count() == 1
    assert run_next_job(jobs.QUEUE)


def test_a_job_run_twice_imports_once(queued):
    batch = batches.batch_submit(
        files=[("a.txt", sample_bytes("alcatraz"))], user=None, origin="t", apply=True
    )
    assert jobs.batch_run(batch.pk) == Status.APPLIED
    assert jobs.batch_run(batch.pk) == "skipped"
    assert Game.objects.count() == 1


def test_a_job_that_fails_mid_write_leaves_nothing_and_can_run_again(queued, monkeypatch):
    """600 records: the first batch of 500 is written, the second fails; all is rolled back."""
    batch = batches.batch_submit(
        files=[("jeux.csv", csv_export(600))], user=None, origin="t", apply=True
    )
    save = CatalogueWriter.save
    calls = []

    def failing_save(self, records):
        calls.append(len(records))
        if len(calls) == 2:
            raise RuntimeError("disk full")
        return save(self, records)

    monkeypatch.setattr(CatalogueWriter, "save", failing_save)
    assert run_next_job()
    batch.refresh_from_db()
    assert batch.status == Status.FAILED and "rien n'a été écrit" in batch.error
    assert calls == [500, 100] and Game.objects.count() == 0

    monkeypatch.setattr(CatalogueWriter, "save", save)
    assert batches.batch_retry(batch=batch).status == Status.QUEUED
    assert run_next_job()
    batch.refresh_from_db()
    assert (batch.status, batch.created, batch.error) == (Status.APPLIED, 600, "")
    assert Game.objects.count() == 600


def test_steps_refused_in_the_wrong_state(queued):
    batch = batches.batch_submit(files=[("a.txt", sample_bytes("alcatraz"))], user=None, origin="t")
    for step in (batches.batch_confirm, batches.batch_retry, batches.batch_cancel):
        with pytest.raises(batches.BatchStateError) as refused:
            step(batch=batch)  # still queued
        assert refused.value.status == Status.QUEUED
        assert "en file d'attente" in refused.value.message
    run_next_job()
    with pytest.raises(batches.BatchStateError):
        batches.batch_retry(batch=batch)  # pending: nothing failed
    assert batches.batch_cancel(batch=batch).status == Status.CANCELLED
    assert not waiting_jobs().exists() and Game.objects.count() == 0


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.mark.parametrize(
    "worker, heartbeat_age, lost",
    [
        ("here:dead", 1, True),  # its process on this machine is gone
        ("here:alive", 10_000, False),  # alive, however quiet (SQLite: the import's own lock)
        ("elsewhere:1", 5, False),  # another machine, heard from lately
        ("elsewhere:1", 10_000, True),  # another machine, silent too long
    ],
)
def test_a_batch_whose_worker_died_is_marked_failed(worker, heartbeat_age, lost, settings):
    host, pid = worker.split(":")
    host = socket.gethostname() if host == "here" else "ailleurs.example.org"
    pid = {"dead": _dead_pid(), "alive": os.getpid()}.get(pid, pid)
    batch = ImportBatch.objects.create(
        status=Status.APPLYING, phase="apply", worker=f"{host}:{pid}",
        heartbeat_at=timezone.now() - timedelta(seconds=heartbeat_age),
    )  # fmt: skip
    settings.IMPORT_LOST_SECONDS = 600
    assert batches.batch_lost(batch) is lost
    assert batches.batches_recover() == int(lost)
    batch.refresh_from_db()
    assert batch.status == (Status.FAILED if lost else Status.APPLYING)
    assert (batch.error == batches.LOST_MESSAGE) is lost


def test_the_api_and_the_admin_show_a_lost_batch_as_failed(client, librarian):
    batch = ImportBatch.objects.create(
        status=Status.READING, worker=f"{socket.gethostname()}:{_dead_pid()}"
    )
    progress = client.get(reverse("admin:importers_progress", args=[batch.pk])).json()
    assert (progress["status"], progress["finished"]) == ("failed", True)
    assert progress["error"] == batches.LOST_MESSAGE
    page = client.get(reverse("admin:importers_confirm", args=[batch.pk])).content.decode()
    assert "Relancer" in page


@pytest.mark.django_db(transaction=True)
def test_progress_is_seen_by_others_while_the_job_runs(queued, monkeypatch):
    """The job's progress is written from a connection of its own every PROGRESS_SECONDS: another
    connection sees the records read grow before the job ends (during the check pass on
    SQLite, whose one writer is then the import; throughout on PostgreSQL)."""
    from importers import services

    monkeypatch.setattr(jobs, "PROGRESS_SECONDS", 0.02)
    check = services._check_storable

    def slow_check(record):
        time.sleep(0.003)
        check(record)

    monkeypatch.setattr(services, "_check_storable", slow_check)
    batch = batches.batch_submit(files=[("jeux.csv", csv_export(200))], user=None, origin="t")
    seen: list[tuple[str, int, int]] = []
    done = threading.Event()

    def watch():
        try:
            while not done.is_set():
                row = ImportBatch.objects.values_list("status", "records_read", "progress_done")
                seen.append(row.get(pk=batch.pk))
                time.sleep(0.01)
        finally:
            connection.close()

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        assert jobs.batch_run(batch.pk) == Status.PENDING
    finally:
        done.set()
        watcher.join()
    reading = [(read, units) for status, read, units in seen if status == Status.READING]
    assert any(0 < read < 200 for read, _ in reading), seen
    assert [units for _, units in reading] == sorted(units for _, units in reading)
    batch.refresh_from_db()
    assert (batch.records_read, batch.progress_done) == (200, batch.progress_total)


def test_progress_counts_each_pass_by_its_weight_and_the_records_once():
    from importers.progress import ImportProgress, seconds_left

    seen = []
    tracker = ImportProgress([100, 300], (1, 3), on_change=seen.append)
    assert tracker.total == 1600
    tracker.pass_started(0)
    tracker.file_started(0)
    tracker.advanced(5, (50, 100))
    assert (tracker.snapshot().done, tracker.snapshot().records) == (50, 5)
    tracker.file_finished(0, rejected=True)
    tracker.file_started(1)
    tracker.advanced(10, (300, 300))
    tracker.file_finished(1, rejected=False)
    assert (tracker.snapshot().done, tracker.snapshot().rejected) == (400, 1)
    tracker.pass_started(1)
    tracker.file_started(1)
    tracker.advanced(10, (150, 300))  # the write pass: three times the weight, same records
    snapshot = tracker.snapshot()
    assert (snapshot.done, snapshot.records, snapshot.share) == (400 + 450, 15, 850 / 1600)
    assert [s.done for s in seen] == [50, 100, 400, 400, 850]
    assert seconds_left(0.25, 10.0) == 30.0
    assert seconds_left(0.01, 10.0) is None and seconds_left(0.5, 0.1) is None


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_killed_mid_import_fails_its_batch_and_it_runs_again(queued, tmp_path):
    """``manage.py import_workers`` against this database: kill -9 its worker while it writes;
    the supervisor marks the batch failed, nothing of it is kept, and once run again (by the
    worker the supervisor started anew) it imports everything."""
    import signal

    from tests.catalogue.test_search_replicas import database_url

    rows = 20_000
    batch = batches.batch_submit(
        files=[("jeux.csv", csv_export(rows))], user=None, origin="t", apply=True
    )
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.dev",
        "SEARCH_INDEX_DIR": str(tmp_path / "worker-index"),
        # On a machine whose cores the test suite keeps busy, an idle-class worker would wait
        # for a free moment that never comes (tests/importers: test_workers_yield_the_cpu…).
        "WORKERS_IDLE": "0",
        "WORKERS_NICE": "0",
    }
    supervisor = subprocess.Popen(
        [sys.executable, "manage.py", "import_workers", "--workers", "1", "--interval", "0.1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def wait_for(check, seconds: float = 60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            batch.refresh_from_db()
            if check(batch):
                return batch
            time.sleep(0.05)
        raise AssertionError(f"waited in vain: {batch.status} {batch.progress_done}")

    try:
        wait_for(lambda b: b.status == Status.APPLYING and b.progress_done > 0)
        time.sleep(0.3)  # into the write pass
        worker = int(batch.worker.rpartition(":")[2])
        os.kill(worker, signal.SIGKILL)
        wait_for(lambda b: b.status == Status.FAILED, seconds=20)  # the supervisor's sweep
        assert batch.error == batches.LOST_MESSAGE
        assert Game.objects.count() == 0
        batches.batch_retry(batch=batch)
        wait_for(lambda b: b.status == Status.APPLIED)
        assert batch.created == rows and Game.objects.count() == rows
        assert batch.worker != f"{socket.gethostname()}:{worker}"  # a new worker did it
    finally:
        supervisor.send_signal(signal.SIGTERM)
        supervisor.wait(timeout=30)
        connection.close()
