"""One replica of the search index: a directory, the sequence number it has applied, a lock.

A replica is made on first use from the database (a full build), then kept up to date from the
change log (:class:`catalogue.models.SearchChange`): :meth:`Replica.sync`, called before every
search, reads the log's highest id (one indexed ``MAX``) and, when the replica is behind,
applies the changes past its sequence number — delete the game's document, add it again if the
game still exists — then commits and records the new sequence number in ``state.json``.

Several processes may share one directory (the gunicorn workers of one server): tantivy allows
one writer per directory, so the process that applies changes holds ``sync.lock`` (``flock``)
while it writes; the others wait for it (up to ``SEARCH_SYNC_WAIT_SECONDS``, then answer from
what is already committed) and reload. Each server of a scale-out has its own directory.

Crash safety: the state file is written (atomically, by rename) only after tantivy's commit, so
a replica killed at any point restarts from a sequence number whose changes are all in the index
— at worst it applies some changes twice, which changes nothing (delete, then add).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import tantivy
from django.conf import settings
from django.db.models import Max, Min, Subquery

from .schema import ANALYZER, analyzer, game_document, model_document, schema

# Bump when the schema or the analyzer changes: replicas of an older version rebuild themselves.
SCHEMA_VERSION = 3
CHUNK = 1000
Progress = Callable[[int, int], None]
logger = logging.getLogger(__name__)


class Replica:
    def __init__(self, path: Path):
        self.path = path
        self.path.mkdir(parents=True, exist_ok=True)
        self.seq = -1  # the sequence number of the searcher this process has loaded
        self.identity: str | None = None  # and the database whose log that number counts in
        # Why the last write failed (the disk full…), and when: searches answer from what is
        # committed, and the write is tried again after SEARCH_RETRY_SECONDS.
        self.write_error: str | None = None
        self._failed_at = 0.0
        # The log's end when last read, when, and the count of this process's writes then.
        self._head, self._checked_at, self._checked_writes = 0, 0.0, -1
        self._thread_lock = threading.Lock()
        self.index: tantivy.Index | None = None

    # ------------------------------------------------------------------ reading

    def searcher(self) -> tantivy.Searcher:
        self.sync()
        return self.index.searcher()

    def sync(self, *, progress: Progress | None = None) -> None:
        """Apply the change log up to its current end (no-op when nothing changed).

        The log's end is read at most every ``SEARCH_SYNC_INTERVAL_SECONDS`` while the replica
        is up to date and this process has written nothing to the log meanwhile: another
        process's change shows within that interval, this process's own at once.
        """

        writes = _local_writes
        if (
            self.index is not None
            and self._head <= self.seq
            and writes == self._checked_writes
            and time.monotonic() - self._checked_at < settings.SEARCH_SYNC_INTERVAL_SECONDS
        ):
            return
        head, identity = _log_position()
        self._head, self._checked_writes, self._checked_at = head, writes, time.monotonic()
        if self.index is not None and head == self.seq and identity == self.identity:
            return
        if self._failed_recently():
            if self.index is None:
                raise IndexUnavailable(self.write_error)
            return  # the disk refused the last write: answer from what is committed meanwhile
        with self._thread_lock:
            built = self._read_state() is not None
            wait = settings.SEARCH_SYNC_WAIT_SECONDS if built and self.index else None
            if wait is not None and self._importing():
                wait = 0.0  # an import holds the lock for minutes: answer from what is committed
            with self._flock(wait) as locked:
                if locked:
                    self._catch_up(progress)
                state = self._read_state()
                if state is None:
                    raise IndexUnavailable(self.write_error or "no index built")
                self._open()
                self.index.reload()
                self.seq, self.identity = state["seq"], state.get("database")

    def _catch_up(self, progress: Progress | None) -> None:
        """Under the lock: build or update the replica from the log; a write the disk refuses
        (full, read-only) is recorded, not raised, and tried again a few seconds later."""
        # Read again under the lock: another process may have moved the replica meanwhile.
        head, identity = _log_position()
        try:
            state = self._read_state()
            if (
                state is None
                or state["version"] != SCHEMA_VERSION
                or state.get("database") != identity  # built from another database
                or state["seq"] > head  # the log went back (a restored backup)
            ):
                self._build(progress)
            elif state["seq"] < head:
                self._open()
                if state["seq"] < _log_floor() - 1:
                    self._build(progress)  # the changes it missed were pruned
                else:
                    self._apply(state["seq"], head, progress)
        except (OSError, ValueError) as error:  # tantivy reports I/O errors as ValueError
            self.write_error, self._failed_at = str(error), time.monotonic()
            logger.error("Search index %s cannot be written: %s", self.path, error)
            self.index = None  # reopened from what is committed on disk
        else:
            if self.write_error:
                logger.warning("Search index %s is written again", self.path)
            self.write_error = None

    def _failed_recently(self) -> bool:
        return (
            self.write_error is not None
            and time.monotonic() - self._failed_at < settings.SEARCH_RETRY_SECONDS
        )

    def status(self) -> dict[str, int]:
        """Documents, applied sequence number, the log's end and the size on disk."""

        self.sync()
        return {
            "documents": self.index.searcher().num_docs,
            "seq": self.seq,
            "head": _log_head(),
            "writable": self.write_error is None,
            "bytes": sum(f.stat().st_size for f in self.path.rglob("*") if f.is_file()),
        }

    # ------------------------------------------------------------------ writing

    @contextmanager
    def indexing_alongside(self) -> Iterator[Alongside]:
        """Index an import's games as it writes them; commit once its transaction has committed.

        The import hands each written batch's games to :meth:`Alongside.add` (tantivy's threads
        analyse them while the import goes on), and its own change-log entries to
        :meth:`Alongside.recorded`. When the block ends — after the import's commit — the log's
        other entries meanwhile are applied, games indexed but rolled back are removed, and all
        is committed at the log's end. If the block fails nothing is committed: the next sync
        starts from the previous state.
        """
        self.sync()
        marker = self.path / "importing"
        with self._thread_lock, self._flock(None):
            marker.write_text(str(os.getpid()))
            alongside = Alongside(self._writer(CHUNK + 1))
            try:
                yield alongside
                self._finish_alongside(alongside)
            except BaseException:
                _release(alongside.writer)
                raise
            else:
                self.index.reload()
                self.seq = self._read_state()["seq"]
            finally:
                marker.unlink(missing_ok=True)

    def _importing(self) -> bool:
        """Whether a live process is importing into this directory (see indexing_alongside)."""
        try:
            pid = int((self.path / "importing").read_text())
            os.kill(pid, 0)
        except (FileNotFoundError, ValueError, ProcessLookupError):
            return False
        except PermissionError:
            return True
        return pid != os.getpid()

    def _finish_alongside(self, alongside: Alongside) -> None:
        from catalogue.models import Game, SearchChange

        writer = alongside.writer
        after = self._read_state()["seq"]
        head = _log_head()
        own = alongside.own
        others: set[int] = set()
        for change_id, game_id in SearchChange.objects.filter(
            id__gt=after, id__lte=head
        ).values_list("id", "game_id"):
            if change_id not in own or game_id not in alongside.indexed:
                others.add(game_id)
        indexed = sorted(alongside.indexed - others)
        kept: set[int] = set()
        for chunk in _chunks(indexed, 10_000):
            kept.update(Game.objects.filter(pk__in=chunk).values_list("pk", flat=True))
        for game_id in sorted(others) + [i for i in indexed if i not in kept]:
            writer.delete_documents_by_term("id", game_id)
        self._index_games(writer, sorted(others), None)
        self._commit(writer, head)

    def rebuild(self, *, progress: Progress | None = None) -> int:
        """Index every game again from the database; returns the number of games indexed."""
        with self._thread_lock, self._flock(None):
            count = self._build(progress)
            self.index.reload()
            self.seq = self._read_state()["seq"]
        return count

    def _build(self, progress: Progress | None) -> int:
        from catalogue.models import Game

        # The log's end is read before the games: a change committed meanwhile is applied
        # again by the next sync, which is harmless.
        head = _log_head()
        state = self._read_state()
        if (
            state is None
            or state["version"] != SCHEMA_VERSION
            or state.get("database") != (_log_identity())
        ):
            self._wipe()
        self._open()
        ids = list(Game.objects.order_by("pk").values_list("pk", flat=True))
        with self._writing(len(ids)) as writer:
            writer.delete_all_documents()
            self._index_games(writer, ids, progress)
            self._commit(writer, head)
        return len(ids)

    def _apply(self, after: int, head: int, progress: Progress | None) -> None:
        from catalogue.models import SearchChange

        ids = sorted(
            set(
                SearchChange.objects.filter(id__gt=after, id__lte=head).values_list(
                    "game_id", flat=True
                )
            )
        )
        with self._writing(len(ids)) as writer:
            for game_id in ids:
                writer.delete_documents_by_term("id", game_id)
            self._index_games(writer, ids, progress)
            self._commit(writer, head)

    def _index_games(self, writer, ids: list[int], progress: Progress | None) -> None:
        done = 0
        for chunk in _chunks(ids, CHUNK):
            for document in documents(chunk):
                writer.add_document(document)
            done += len(chunk)
            if progress:
                progress(done, len(ids))

    def _writer(self, size: int):
        # A small heap for a few edits (cheap to create), a large one for bulk work.
        if size > CHUNK:
            return self.index.writer(settings.SEARCH_WRITER_HEAP_BYTES, 0)
        return self.index.writer(15_000_000, 1)

    @contextmanager
    def _writing(self, size: int) -> Iterator[Any]:
        """A writer that is let go whatever happens: one left alive by a failed commit (the
        disk full) would hold tantivy's lock, and every later write would fail on it."""
        writer = self._writer(size)
        try:
            yield writer
        except BaseException:
            _release(writer)
            raise

    def _commit(self, writer, seq: int) -> None:
        writer.commit()
        writer.wait_merging_threads()  # also releases tantivy's writer lock
        self._write_state(seq)

    # ------------------------------------------------------------------ files

    def _open(self) -> None:
        if self.index is None:
            self.index = tantivy.Index(schema(), path=str(self.path), reuse=True)
            self.index.register_tokenizer(ANALYZER, analyzer())

    def _wipe(self) -> None:
        self.index = None
        for child in self.path.iterdir():
            if child.name != "sync.lock":
                shutil.rmtree(child) if child.is_dir() else child.unlink()

    def _read_state(self) -> dict | None:
        try:
            return json.loads((self.path / "state.json").read_text())
        except (FileNotFoundError, ValueError):
            return None

    def _write_state(self, seq: int) -> None:
        temporary = self.path / "state.json.tmp"
        state = {"version": SCHEMA_VERSION, "seq": seq, "database": _log_identity()}
        temporary.write_text(json.dumps(state))
        os.replace(temporary, self.path / "state.json")

    @contextmanager
    def _flock(self, wait: float | None) -> Iterator[bool]:
        """Hold the directory's sync lock; ``wait`` None blocks, else gives up after it."""
        with open(self.path / "sync.lock", "a") as handle:
            deadline = None if wait is None else time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | (fcntl.LOCK_NB if wait is not None else 0))
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        yield False
                        return
                    time.sleep(0.01)
            try:
                yield True
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


# What a document needs of a game, read as plain rows (no model instances: 3× faster).
_COLUMNS = (
    "pk", "title", "sort_title", "search_text", "engine", "min_players", "max_players",
    "min_age", "max_age", "duration_minutes", "publisher__slug", "category__code",
)  # fmt: skip


def documents(ids: Iterable[int]) -> Iterator[tantivy.Document]:
    """The documents of the games with these ids that exist (one query each for games, credits
    and the games with a copy in)."""
    from catalogue.models import Copy, Credit, Game

    ids = list(ids)
    available = set(
        Copy.objects.filter(game_id__in=ids, status=Copy.Status.AVAILABLE)
        .order_by()
        .values_list("game_id", flat=True)
        .distinct()
    )
    slugs: dict[int, list[str]] = {}
    for game_id, slug in (
        Credit.objects.filter(game_id__in=ids)
        .order_by("game_id", "position", "id")
        .values_list("game_id", "author__slug")
    ):
        slugs.setdefault(game_id, [])
        if slug not in slugs[game_id]:
            slugs[game_id].append(slug)
    for row in Game.objects.filter(pk__in=ids).values_list(*_COLUMNS):
        game = SimpleNamespace(**dict(zip(_COLUMNS, row, strict=True)))
        yield game_document(
            game, author_slugs=slugs.get(game.pk, []), available=game.pk in available
        )


def _release(writer) -> None:
    """Let a writer go after a failure (its lock with it), whatever state it was left in."""
    for step in (writer.rollback, writer.wait_merging_threads):
        try:
            step()
        except (OSError, ValueError, RuntimeError):
            pass


class IndexUnavailable(RuntimeError):
    """No committed replica to search: never built, and building it failed (the disk full)."""


def _log_head() -> int:
    from catalogue.models import SearchChange

    return SearchChange.objects.aggregate(head=Max("id"))["head"] or 0


def _log_position() -> tuple[int, str]:
    """The change log's end and its database's identity, in one query (read at every sync)."""
    from catalogue.models import SearchChange, SearchLogIdentity

    newest = SearchChange.objects.order_by("-id").values("id")[:1]
    row = (
        SearchLogIdentity.objects.order_by("pk")
        .annotate(head=Subquery(newest))
        .values_list("head", "token")
        .first()
    )
    if row is None:
        return _log_head(), _log_identity()
    return row[0] or 0, str(row[1])


def _log_identity() -> str:
    """The token naming this database's change log (made on first use if a flush removed it)."""
    from catalogue.models import SearchLogIdentity

    token = SearchLogIdentity.objects.order_by("pk").values_list("token", flat=True).first()
    if token is None:
        token = SearchLogIdentity.objects.get_or_create(pk=1)[0].token
    return str(token)


def _log_floor() -> int:
    from catalogue.models import SearchChange

    return SearchChange.objects.aggregate(floor=Min("id"))["floor"] or 0


def log_prune(*, older_than) -> int:
    """Delete the change log's entries older than ``older_than`` but the newest of them, which
    marks the floor: a replica behind it rebuilds itself. Returns the number deleted."""
    from catalogue.models import SearchChange

    floor = SearchChange.objects.filter(created_at__lt=older_than).aggregate(floor=Max("id"))
    if floor["floor"] is None:
        return 0
    return SearchChange.objects.filter(id__lt=floor["floor"]).delete()[0]


class Alongside:
    """What :meth:`Replica.indexing_alongside` gives an import: a writer it feeds batch by batch."""

    def __init__(self, writer):
        self.writer = writer
        self.indexed: set[int] = set()
        self.own: set[int] = set()

    def add(self, games: list[tuple[Any, list[str]]]) -> None:
        """Index games just written: ``(game, author slugs)`` pairs, relations at hand."""
        for game, author_slugs in games:
            if game.pk in self.indexed:
                self.writer.delete_documents_by_term("id", game.pk)
            self.writer.add_document(model_document(game, author_slugs=author_slugs))
            self.indexed.add(game.pk)

    def recorded(self, change_ids: list[int]) -> None:
        self.own.update(change_ids)


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


# How many times this process has appended to the change log (see Replica.sync).
_local_writes = 0


def changes_written() -> None:
    """This process appended to the change log: its replicas read the log's end again at once."""
    global _local_writes
    _local_writes += 1


_replicas: dict[str, Replica] = {}
_replicas_lock = threading.Lock()


def replica() -> Replica:
    """This process's replica of the index named by ``settings.SEARCH_INDEX_DIR``."""
    path = str(Path(settings.SEARCH_INDEX_DIR).resolve())
    with _replicas_lock:
        if path not in _replicas:
            _replicas.clear()  # settings changed (tests): forget the previous directory
            _replicas[path] = Replica(Path(path))
        return _replicas[path]
