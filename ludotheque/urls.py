"""The site's routes. The API under /api/v1/ is one namespace (``api``) made of each app's
routes (and the site-wide ones of ``core.api``), so that no app imports the apps above it."""

from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from catalogue.api import urls as catalogue_api
from catalogue.photos import media as photo_media
from catalogue.sitemaps import SITEMAPS
from core.api import urls as core_api
from importers import api_urls as importers_api

from .views import health, robots_txt

# JSON in the API's error shape under /api/, the site's error pages elsewhere.
handler400 = "core.errors.bad_request"
handler403 = "core.errors.permission_denied"
handler404 = "core.errors.page_not_found"
handler500 = "core.errors.server_error"

API = ([*catalogue_api.urlpatterns, *core_api.urlpatterns, *importers_api.urlpatterns], "api")

urlpatterns = [
    path("healthz", health, name="health"),
    path("robots.txt", robots_txt, name="robots"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include(API)),
    path("api/v1/", include("play.api_urls")),
    *photo_media.urlpatterns(),  # box photos from local storage (/media/photos/…)
    path("", include("play.urls")),
    path("", include("catalogue.urls")),
]
