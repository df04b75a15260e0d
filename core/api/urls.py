"""/api/v1/ routes every client shares: librarians' tokens, the OpenAPI schema, its reference
page (server-rendered from the schema) and its Swagger UI console (served from our static files:
Redoc is left out, its page loads web fonts from a third-party host). ``ludotheque.urls`` mounts
them in the ``api`` namespace."""

from django.urls import path
from drf_spectacular.views import SpectacularSwaggerSplitView

from . import auth
from .reference import api_reference
from .schema_view import SchemaView
from .throttling import AnonThrottle

urlpatterns = [
    path("auth/token/", auth.TokenView.as_view(), name="token"),
    path("schema/", SchemaView.as_view(throttle_classes=[AnonThrottle]), name="schema"),
    # The reference: a light page, no script (Swagger UI's bundle is too heavy for a phone).
    path("docs/", api_reference, name="docs"),
    path(
        "docs/essayer/",
        # The split view serves its start-up script as a file: no inline script (CSP).
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema",
            template_name="api/swagger_ui.html",
            throttle_classes=[AnonThrottle],
        ),
        name="docs-console",
    ),
]
