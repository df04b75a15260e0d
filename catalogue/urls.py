from django.urls import path

from . import views

app_name = "catalogue"

urlpatterns = [
    path("", views.search, name="search"),
    path("jeux/<slug:slug>/", views.game_detail, name="game"),
    path("auteurs/", views.author_list, name="authors"),
    path("auteurs/<slug:slug>/", views.author_detail, name="author"),
    path("editeurs/", views.publisher_list, name="publishers"),
    path("editeurs/<slug:slug>/", views.publisher_detail, name="publisher"),
    path("categories/", views.category_list, name="categories"),
    path("categories/<slug:slug>/", views.category_detail, name="category"),
    path("accessibilite/", views.accessibility_statement, name="accessibility"),
]
