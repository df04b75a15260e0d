from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("jeux/<slug:slug>/jouer/", views.match_setup, name="setup"),
    path("parties/<str:code>/", views.match_page, name="match"),
]
