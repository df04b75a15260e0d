"""The admin site, with its login form held to the same password-attempt limits as the API's
token endpoint (a guesser gains nothing by switching from one to the other)."""

from __future__ import annotations

import math

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from core.api.throttling import PASSWORD_THROTTLES


class LudothequeAdminSite(admin.AdminSite):
    def get_urls(self):
        # Imported here: the admin site is made while the apps load, before their views can be.
        from catalogue.merge_admin import duplicates_view
        from desk.views import desk

        own = [
            path("bureau/", self.admin_view(desk), name="desk"),
            path("doublons/", self.admin_view(duplicates_view), name="catalogue_duplicates"),
        ]
        return own + super().get_urls()

    def get_app_list(self, request, app_label=None):
        """The apps, and first the librarians' tools: the desk and the likely duplicates."""
        apps = super().get_app_list(request, app_label)
        if app_label is None and request.user.is_active and request.user.is_staff:
            from desk.admin import tools_app

            apps.insert(0, tools_app(request))
        return apps

    def login(self, request: HttpRequest, extra_context=None) -> HttpResponse:
        if request.method == "POST":
            waits = [
                throttle.wait() or 1.0
                for throttle in (throttle_class() for throttle_class in PASSWORD_THROTTLES)
                if not throttle.allow_request(request, None)
            ]
            if waits:
                seconds = math.ceil(max(waits))
                context = {**self.each_context(request), "retry_after": seconds}
                response = render(request, "admin/too_many_attempts.html", context, status=429)
                response["Retry-After"] = str(seconds)
                return response
        return super().login(request, extra_context)


class LudothequeAdminConfig(AdminConfig):
    default_site = "ludotheque.admin.LudothequeAdminSite"
