from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("catalogue.api.urls")),
    path("api/v1/", include("play.api_urls")),
    path("", include("play.urls")),
    path("", include("catalogue.urls")),
]
