from django.urls import path

from . import views, views_rules

app_name = "play"

urlpatterns = [
    path("jeux/<slug:slug>/jouer/", views.match_setup, name="setup"),
    path("jeux/<slug:slug>/apprendre/", views.tutorial, name="tutorial"),
    path("jeux/<slug:slug>/jouer/regles-maison/", views.house_rules, name="house_rules"),
    path("jeux/<slug:slug>/jouer/exemples/<slug:key>/", views.scenario, name="scenario"),
    path("jeux/<slug:slug>/regle/mise-en-place/", views_rules.setup_glance, name="setup_glance"),
    path("jeux/<slug:slug>/regle/imprimer/", views_rules.rules_sheet, name="rules_sheet"),
    path("parties/<str:code>/", views.match_page, name="match"),
]
