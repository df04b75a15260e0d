"""Local development: DEBUG on, a throwaway secret key, localhost only."""

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = SECRET_KEY or "dev-only-not-secret"  # noqa: F405
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
