"""Serve each game package's ``static/`` folder (a game's board script and styles live with it)."""

from __future__ import annotations

from django.contrib.staticfiles.finders import FileSystemFinder
from django.core.files.storage import FileSystemStorage

from .registry import games


class GamePackageFinder(FileSystemFinder):
    """Like ``STATICFILES_DIRS``, with one folder per registered game package.

    The folders are read from the registry on every look-up (finders are cached for the process,
    the list of games may differ under a test's settings)."""

    def __init__(self, app_names=None, *args, **kwargs):
        self._storages: dict[str, FileSystemStorage] = {}

    @property
    def locations(self) -> list[tuple[str, str]]:
        roots = (game.package_dir / "static" for game in games().values())
        return [("", str(root)) for root in roots if root.is_dir()]

    @locations.setter
    def locations(self, value) -> None:  # FileSystemFinder's constructor sets it; we derive it
        pass

    @property
    def storages(self) -> dict[str, FileSystemStorage]:
        for _prefix, root in self.locations:
            if root not in self._storages:
                storage = FileSystemStorage(location=root)
                storage.prefix = ""
                self._storages[root] = storage
        return self._storages

    @storages.setter
    def storages(self, value) -> None:
        pass

    def check(self, **kwargs):
        return []
