"""/api/v1/: the catalogue API (search, records, browse, librarian writes). ``ludotheque.urls``
mounts these routes, the site-wide ones (``core.api.urls``: tokens, schema, reference) and the
importers' (``importers.api_urls``) in the ``api`` namespace."""

from django.urls import path

from . import copies, photos, views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="games"),
    # <str:…>, not <slug:…>: a malformed identifier gets the API's JSON 404, not Django's page.
    path("games/<str:slug>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<str:slug>/photos/", photos.GamePhotosView.as_view(), name="game-photos"),
    path(
        "games/<str:slug>/photos/<str:photo_id>/",
        photos.GamePhotoView.as_view(),
        name="game-photo",
    ),
    path("authors/", views.AuthorListView.as_view(), name="authors"),
    path("authors/<str:slug>/", views.AuthorDetailView.as_view(), name="author-detail"),
    path("publishers/", views.PublisherListView.as_view(), name="publishers"),
    path("publishers/<str:slug>/", views.PublisherDetailView.as_view(), name="publisher-detail"),
    path("categories/", views.CategoryListView.as_view(), name="categories"),
    path("categories/<str:slug>/", views.CategoryDetailView.as_view(), name="category-detail"),
    # The librarians' copies: « bulk » first (a barcode cannot be « bulk/ » then).
    path("copies/bulk/", copies.CopyBulkView.as_view(), name="copies-bulk"),
    path("copies/<str:barcode>/", copies.CopyDetailView.as_view(), name="copy-detail"),
]
