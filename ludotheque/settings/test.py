"""Tests: fast hashing, plain static storage, the same apps and database selection as production."""

import os
import tempfile

from .base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Uploaded photos go to a directory of this test run, never the repository's media/ (tests that
# write photos set their own, per test: tests/catalogue/test_photos.py's media_root fixture).
MEDIA_ROOT = os.environ.get("MEDIA_ROOT") or os.path.join(
    tempfile.gettempdir(), f"ludo-test-media-{os.getpid()}"
)
# Serve static files from the app folders, as in development (no collectstatic needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# The API's anonymous throttle must not trip over a test suite's many requests; the throttle's
# own tests lower it with override_settings.
API_ANON_RATE = "100000/min"
PLAY_MOVE_RATE = PLAY_MOVE_ADDRESS_RATE = PLAY_CREATE_RATE = PLAY_VIEW_RATE = "100000/min"
API_TOKEN_RATE = API_TOKEN_ACCOUNT_RATE = "100000/min"
# Bot turns and import jobs are played at once, inside the request that queued them, so that a
# test sees their outcome (tests of the worker queues switch to the database backend).
TASKS = {
    "default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
        "QUEUES": ["default", "bots", "imports"],
    }
}
# Browser tests play whole games: opponents' moves flash by (the step test sets its own pace).
PLAY_STEP_MS = int(os.environ.get("PLAY_STEP_MS", "1"))  # scripts/screenshots.py slows it

# A file, not SQLite's shared-cache memory database: concurrent writers then behave as in
# production (waiting on the lock) instead of failing with "table is locked".
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import os as _os
    import tempfile as _tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": _os.path.join(_tempfile.gettempdir(), f"ludo-test-{_os.getpid()}.sqlite3")
    }
