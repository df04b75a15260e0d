"""Routes of the import and export API (``ludotheque.urls`` mounts them in the ``api``
namespace under /api/v1/, beside the catalogue's)."""

from django.urls import path

from . import api

urlpatterns = [
    path("imports/", api.ImportListView.as_view(), name="imports"),
    # Before the import's address: « photos » is no import id.
    path("imports/photos/", api.PhotoZipImportView.as_view(), name="imports-photos"),
    path("imports/<str:pk>/", api.ImportDetailView.as_view(), name="import-detail"),
    path("imports/<str:pk>/confirm/", api.ImportConfirmView.as_view(), name="import-confirm"),
    path("imports/<str:pk>/cancel/", api.ImportCancelView.as_view(), name="import-cancel"),
    path("imports/<str:pk>/retry/", api.ImportRetryView.as_view(), name="import-retry"),
    path("export/catalogue.<str:fmt>", api.ExportView.as_view(), name="export"),
]
