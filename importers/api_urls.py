"""Routes of the import and export API (``ludotheque.urls`` mounts them in the ``api``
namespace under /api/v1/, beside the catalogue's)."""

from django.urls import path

from . import api

urlpatterns = [
    path("imports/", api.ImportListView.as_view(), name="imports"),
    path("imports/<str:pk>/", api.ImportDetailView.as_view(), name="import-detail"),
    path("export/catalogue.<str:fmt>", api.ExportView.as_view(), name="export"),
]
