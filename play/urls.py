from django.urls import path

from . import views

app_name = "play"

urlpatterns = [
    path("jeux/<slug:slug>/jouer/", views.match_setup, name="setup"),
    path("jeux/<slug:slug>/jouer/regles-maison/", views.house_rules, name="house_rules"),
    path("jeux/<slug:slug>/jouer/exemples/<slug:key>/", views.scenario, name="scenario"),
    path("parties/<str:code>/", views.match_page, name="match"),
]
