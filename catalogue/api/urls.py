"""/api/v1/: the catalogue API, its OpenAPI schema, its reference page (server-rendered from the
schema) and its Swagger UI console (served from our static files: Redoc is left out, its page
loads web fonts from a third-party host). ``ludotheque.urls``
mounts these routes, and the importers' (``importers.api_urls``), in the ``api`` namespace."""

from django.urls import path
from drf_spectacular.views import SpectacularSwaggerSplitView

from . import auth, views
from .reference import api_reference
from .schema_view import SchemaView
from .throttling import AnonThrottle

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="games"),
    # <str:…>, not <slug:…>: a malformed identifier gets the API's JSON 404, not Django's page.
    path("games/<str:slug>/", views.GameDetailView.as_view(), name="game-detail"),
    path("authors/", views.AuthorListView.as_view(), name="authors"),
    path("authors/<str:slug>/", views.AuthorDetailView.as_view(), name="author-detail"),
    path("publishers/", views.PublisherListView.as_view(), name="publishers"),
    path("publishers/<str:slug>/", views.PublisherDetailView.as_view(), name="publisher-detail"),
    path("categories/", views.CategoryListView.as_view(), name="categories"),
    path("categories/<str:slug>/", views.CategoryDetailView.as_view(), name="category-detail"),
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
