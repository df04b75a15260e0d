"""ASGI entry point. Like :mod:`ludotheque.wsgi`: production settings unless told otherwise."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.production")
application = get_asgi_application()
