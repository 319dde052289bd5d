from django.contrib import admin
from django.urls import include, path

from config.api import api

urlpatterns = [
    path("api/v1/", api.urls),  # first: every /api/v1/ route is the API's, errors in its JSON shape
    path("admin/", admin.site.urls),
    path("", include("advisor.apikeys.urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("advisor.accounts.urls")),
    path("", include("pricing.urls")),
    path("", include("advisor.awr.urls")),
    path("", include("advisor.estates.urls")),
    path("", include("advisor.urls")),
]
