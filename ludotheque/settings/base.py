"""Settings shared by every environment; the thin modules beside this one adjust them."""

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS: list[str] = []

INSTALLED_APPS = [
    "ludotheque.admin.LudothequeAdminConfig",  # django.contrib.admin, login throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "rest_framework",
    "rest_framework.authtoken",
    "django_tasks",
    "django_tasks_db",  # the job queue's table: bots think on worker processes (play.tasks)
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our own static files, no CDN
    "core",
    "catalogue",
    "importers",
    "play",
    "desk",  # the librarians' desk: counts by week (searches, views, plays), above every app
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Outside whitenoise, so that static files get the policy too.
    "core.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Inside whitenoise, whose files are compressed already; HTML pages only (see its BREACH note).
    "core.middleware.HtmlGZipMiddleware",
    # Errors that views answer rather than raise (405, CSRF) in JSON under /api/, like the
    # error handlers (ludotheque.urls) answer the raised ones.
    "core.middleware.ApiErrorMiddleware",
    "core.middleware.RequestGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "core.middleware.QueryLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "ludotheque.urls"
WSGI_APPLICATION = "ludotheque.wsgi.application"
ASGI_APPLICATION = "ludotheque.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ludotheque.context_processors.language_alternates",
                "ludotheque.context_processors.accessibility",
            ],
        },
    },
]

# SQLite is the embedded default; DATABASE_URL (postgres://…) selects PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Write-ahead log, synced at checkpoints: a commit costs ~0.1 ms instead of a 5–20 ms fsync
    # (every API request commits its throttle count), and readers never wait for a writer.
    # A power cut may lose the last commits, never corrupt the file.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"
    )
    # A writer waits this long for SQLite's one write lock before « database is locked »: an
    # import holds it for its whole transaction (seconds for thousands of records), and a
    # background worker, which yields the CPU to the web, may be slow to let it go on a busy
    # machine. PostgreSQL locks rows, not the database.
    DATABASES["default"]["OPTIONS"].setdefault("timeout", 20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's default hasher, computed at the lowest CPU priority (core/hashers.py); the
# others only read hashes made by older set-ups.
PASSWORD_HASHERS = [
    "core.hashers.LowPriorityPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
# Each game package carries its own translations (play/games/<slug>/locale); listed first so that
# `makemessages` files a package's strings in the package.
LOCALE_PATHS = [*sorted((BASE_DIR / "play" / "games").glob("*/locale")), BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "play.games.finders.GamePackageFinder",  # each game package's static/ folder
]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Uploaded files (box photos, catalogue.photos): local files under MEDIA_ROOT, served by the
# site itself (catalogue.photos.media: content-hashed names, a year's cache); or, with
# MEDIA_S3_BUCKET, any S3-compatible store through django-storages (`pip install
# '.[s3]'`), for a site on several machines (README: Production).
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")
MEDIA_ROOT = os.environ.get("MEDIA_ROOT", str(BASE_DIR / "media"))
if os.environ.get("MEDIA_S3_BUCKET"):
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": os.environ["MEDIA_S3_BUCKET"],
            "endpoint_url": os.environ.get("MEDIA_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("MEDIA_S3_REGION") or None,
            # A public bucket (or a CDN in front of it): plain URLs that browsers may cache.
            "custom_domain": os.environ.get("MEDIA_S3_CUSTOM_DOMAIN") or None,
            "querystring_auth": False,
            "file_overwrite": True,  # names are hashes of the content
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }
# One photo's upload (a phone's photo is 2–8 MB), and the pixels it may decode to (a 50 MP
# camera): more is refused before decoding (a decompression bomb).
PHOTO_MAX_UPLOAD_BYTES = int(os.environ.get("PHOTO_MAX_UPLOAD_BYTES", str(15 * 1024 * 1024)))
PHOTO_MAX_PIXELS = int(os.environ.get("PHOTO_MAX_PIXELS", "50000000"))

# Anonymous API clients: requests per second/min/hour/day, e.g. "120/min"; read at each request
# by core.api.throttling (so tests can lower it with override_settings).
API_ANON_RATE = os.environ.get("API_ANON_RATE", "120/min")

# Password attempts at /api/v1/auth/token/ and the admin login, per client address and per
# address on one username (never per username alone: a guesser must not lock the owner out).
API_TOKEN_RATE = os.environ.get("API_TOKEN_RATE", "10/min")
API_TOKEN_ACCOUNT_RATE = os.environ.get("API_TOKEN_ACCOUNT_RATE", "30/hour")

# Throttle counts are shared by every server process: the database cache
# (its table is created by a migration of the catalogue app).
CACHES = {
    "default": {
        "BACKEND": "core.cache.DatabaseCache",  # one upsert a set (see the module)
        "LOCATION": "ludotheque_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.DjangoModelPermissionsOrAnonReadOnly",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_THROTTLE_RATES": {"anon": API_ANON_RATE},
    # How many reverse proxies in front of us add to X-Forwarded-For: 0 (the default) ignores
    # the header, so a client cannot choose its own address for throttling.
    "NUM_PROXIES": int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0")),
}

SPECTACULAR_SETTINGS = {
    # Two « status » fields: a copy's and an import's.
    "ENUM_NAME_OVERRIDES": {
        "CopyStatusEnum": "catalogue.models.Copy.Status",
        "ImportStatusEnum": "importers.models.ImportBatch.Status",
        "ImportKindEnum": "importers.models.ImportBatch.Kind",
        "SeatKindEnum": "play.models.Seat.Kind",
    },
    "TITLE": "Ludothèque — catalogue API",
    "DESCRIPTION": (
        "Search and read the toy library's board-game catalogue; librarians also edit games "
        "and import library exports. French data, English documentation."
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # No badge fetched from validator.swagger.io: the docs load nothing from other hosts. No
    # deep links: each is a link inside an operation's button (nested interactive controls).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "validatorUrl": None},
}

# The accessibility statement (catalogue.accessibility): the RGAA conformance level — « none »
# until a complete audit of the RGAA criteria measures « partial » (half of them met) or
# « full » — and the address that visitors write to about accessibility (none: the library's
# desk).
ACCESSIBILITY_CONFORMANCE = os.environ.get("ACCESSIBILITY_CONFORMANCE", "none")
ACCESSIBILITY_CONTACT_EMAIL = os.environ.get("ACCESSIBILITY_CONTACT_EMAIL", "")

# Library exports above this size are refused before parsing.
IMPORT_MAX_UPLOAD_BYTES = int(os.environ.get("IMPORT_MAX_UPLOAD_BYTES", str(5 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = IMPORT_MAX_UPLOAD_BYTES + 1024 * 1024
# Any request body above this is refused (413) before it is read (core.middleware); a
# multipart upload (imports: several files) may be up to IMPORT_MAX_REQUEST_BYTES.
REQUEST_BODY_MAX_BYTES = int(os.environ.get("REQUEST_BODY_MAX_BYTES", str(1024 * 1024)))
IMPORT_MAX_REQUEST_BYTES = int(
    os.environ.get("IMPORT_MAX_REQUEST_BYTES", str(4 * IMPORT_MAX_UPLOAD_BYTES + 1024 * 1024))
)
# A ZIP of box photos (importers.photo_zip): its size (within IMPORT_MAX_REQUEST_BYTES, which
# refuses larger requests first: raise both together), its entries, and what they may hold
# once uncompressed, whatever the archive claims.
PHOTO_ZIP_MAX_BYTES = int(
    os.environ.get("PHOTO_ZIP_MAX_BYTES", str(IMPORT_MAX_REQUEST_BYTES - 1024 * 1024))
)
PHOTO_ZIP_MAX_ENTRIES = int(os.environ.get("PHOTO_ZIP_MAX_ENTRIES", "2000"))
PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES = int(
    os.environ.get("PHOTO_ZIP_MAX_UNCOMPRESSED_BYTES", str(1024 * 1024 * 1024))
)
# How deeply a JSON body may nest (core.parsers); our deepest documents need 5 levels.
API_JSON_MAX_DEPTH = 32

# Every response's Content-Security-Policy (core.middleware): this site only, no inline
# script, no eval; the API docs use drf-spectacular's split Swagger view for that reason.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# Photos served from elsewhere (an S3 bucket, a CDN: MEDIA_URL is then absolute) are allowed.
if MEDIA_URL.startswith(("https://", "http://")):
    CONTENT_SECURITY_POLICY["img-src"].append("/".join(MEDIA_URL.split("/")[:3]))
# The command line imports files of any size; CSV files above this are read one record at a time.
IMPORT_STREAM_BYTES = int(os.environ.get("IMPORT_STREAM_BYTES", str(4 * 1024 * 1024)))
# The catalogue's bundled sample collection (the library's five records).
SAMPLE_RECORDS_DIR = BASE_DIR / "samples" / "records"
CATALOGUE_PAGE_SIZE = 20
# Bots think on worker processes, never in a web request (play.tasks): a move that leaves a bot
# to play enqueues a job in the database (django-tasks with its database backend), and
# `manage.py bot_workers` runs the workers. PostgreSQL or SQLite alike; workers on other machines
# only need the same DATABASE_URL.
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default", "bots", "imports"],
    }
}
# How long a bot may think for one move, whatever the load: the strongest level offered
# (« expert ») thinks up to 2 s a move, each level within its own limit.
PLAY_BOT_MOVE_SECONDS = float(os.environ.get("PLAY_BOT_MOVE_SECONDS", "2.0"))
# How many bot workers `manage.py bot_workers` starts: by default the machine's cores minus
# what the web workers need (PLAY_WEB_CORES; by default a quarter of the cores, what gunicorn used
# with 64 tables in bench/load.py: 26 % of 2 cores), rounded, at least one. The workers run at a
# lower priority (core/workers.py), so a core the web also needs serves visitors first.
_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
PLAY_WEB_CORES = float(os.environ.get("PLAY_WEB_CORES", str((_CORES or 1) / 4)))
PLAY_BOT_WORKERS = int(os.environ.get("PLAY_BOT_WORKERS", "0")) or max(
    1, round((_CORES or 1) - PLAY_WEB_CORES)
)
# Background workers (bots, imports) run in the idle scheduling class, in a scheduling group of
# their own at the weakest weight, and at this nice value (0–19; PLAY_BOT_NICE, its old name, is
# still read): a core the web also needs serves visitors first (core/workers.py).
WORKERS_NICE = int(os.environ.get("WORKERS_NICE", os.environ.get("PLAY_BOT_NICE", "5")))
# WORKERS_IDLE=0 leaves the workers in the normal scheduling class and the supervisor's session
# (nice alone): for a machine whose web is always busy, where idle workers would starve.
WORKERS_IDLE = os.environ.get("WORKERS_IDLE", "1") not in ("0", "")
# Import workers (`manage.py import_workers`, the « imports » queue): one reads or applies one
# uploaded batch at a time. A batch whose worker has written no progress for IMPORT_LOST_SECONDS
# (a worker on another machine that died) is marked failed; one on this machine, as soon as its
# process is gone. Stopping the workers waits IMPORT_STOP_SECONDS for a running import, then
# kills it (its batch is marked failed, nothing of it written).
IMPORT_WORKERS = max(1, int(os.environ.get("IMPORT_WORKERS", "1")))
IMPORT_LOST_SECONDS = float(os.environ.get("IMPORT_LOST_SECONDS", "120"))
IMPORT_STOP_SECONDS = float(os.environ.get("IMPORT_STOP_SECONDS", "10"))
# A bot job goes on with its table's next bot move (the same bot's next step, a second bot) for
# this long, and longer while no other job waits; then it queues that move behind the waiting ones.
PLAY_BOT_SLICE_SECONDS = float(os.environ.get("PLAY_BOT_SLICE_SECONDS", "0.25"))
# A bot turn with no live job for longer than this (a worker killed mid-search) is queued again
# (by the next poll or the workers' supervisor): the thinking time twice, plus a margin.
PLAY_BOT_RECOVERY_SECONDS = float(
    os.environ.get("PLAY_BOT_RECOVERY_SECONDS", str(2 * PLAY_BOT_MOVE_SECONDS + 10))
)
# A bot job still waiting for a worker after this long: the page says « L'ordinateur est
# occupé… » (the queue has backed up).
PLAY_BOT_BUSY_SECONDS = float(os.environ.get("PLAY_BOT_BUSY_SECONDS", "3"))
# Play API limits (per minute). Polls are not counted (a 304 costs almost nothing); moves, undos
# and joins are, per seat token and per client address (30 tablets behind one school address
# each make a few moves a minute); match creations per address, from the API and the HTML form
# alike; full answers of a poll (200: the match changed, or no ETag) per address.
PLAY_MOVE_RATE = os.environ.get("PLAY_MOVE_RATE", "60/min")
PLAY_MOVE_ADDRESS_RATE = os.environ.get("PLAY_MOVE_ADDRESS_RATE", "1200/min")
PLAY_CREATE_RATE = os.environ.get("PLAY_CREATE_RATE", "120/min")
PLAY_VIEW_RATE = os.environ.get("PLAY_VIEW_RATE", "3000/min")
# How often the play page asks for news (milliseconds).
PLAY_POLL_INTERVAL_MS = int(os.environ.get("PLAY_POLL_INTERVAL_MS", "700"))
# How long the play page shows each opponent's move when it replays them in turn (milliseconds).
PLAY_STEP_MS = int(os.environ.get("PLAY_STEP_MS", "900"))
# Seconds after which a match nobody has played (no person's move) and nothing has touched is
# abandoned: creating a table removes such matches at most once an hour, and the
# ``purge_matches`` command removes them whenever it runs
# (play.services.purge.matches_purge_abandoned).
PLAY_ABANDONED_AFTER = int(os.environ.get("PLAY_ABANDONED_AFTER", str(24 * 3600)))
# Seconds after which an unfinished match nothing has touched is purged even if people played it.
PLAY_STALE_AFTER = int(os.environ.get("PLAY_STALE_AFTER", str(30 * 24 * 3600)))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# The search index (catalogue.index): a directory per replica, made and filled on first use.
# Every server (or set of workers on one machine) needs one; they follow the database's change
# log on their own. Writers wait this long for another process's indexing before answering from
# what is already committed.
SEARCH_INDEX_DIR = os.environ.get("SEARCH_INDEX_DIR", str(BASE_DIR / "data" / "search"))
SEARCH_SYNC_WAIT_SECONDS = float(os.environ.get("SEARCH_SYNC_WAIT_SECONDS", "1.0"))
# How often a process reads the change log's end (one indexed MAX) to see other processes' edits.
SEARCH_SYNC_INTERVAL_SECONDS = float(os.environ.get("SEARCH_SYNC_INTERVAL_SECONDS", "0.1"))
# After a write the disk refused (full, read-only), searches answer from what the index has
# committed and the write is tried again this many seconds later.
SEARCH_RETRY_SECONDS = float(os.environ.get("SEARCH_RETRY_SECONDS", "5"))
SEARCH_WRITER_HEAP_BYTES = int(os.environ.get("SEARCH_WRITER_HEAP_BYTES", str(200_000_000)))
# The librarians' desk (desk): counts by week, kept this many weeks (two years), then deleted
# (`manage.py desk_prune`, and at most once a day by the counting itself).
DESK_KEEP_WEEKS = int(os.environ.get("DESK_KEEP_WEEKS", "104"))
# Publishers and authors listed in the search facets (the most frequent; facet_size asks more).
CATALOGUE_FACET_SIZE = 10
CATALOGUE_FACET_SIZE_MAX = 200
