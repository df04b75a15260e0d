"""WSGI entry point (gunicorn). Without ``DJANGO_SETTINGS_MODULE`` it loads the production
settings — never the development ones (DEBUG on) — and those refuse to start without their
environment (``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``, ``DATABASE_URL``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.production")
application = get_wsgi_application()
