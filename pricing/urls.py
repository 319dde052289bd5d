from django.urls import path

from pricing import views
from pricing.refresh import views as refresh_views

app_name = "pricing"

urlpatterns = [
    path("estimate", views.estimate, name="estimate"),
    path("prices/", views.prices, name="prices"),
    path("prices/refresh", refresh_views.refresh_start, name="refresh-start"),
    path("prices/jobs/<int:pk>", refresh_views.refresh_poll, name="refresh-job"),
    path("prices/jobs/<int:pk>/cancel", refresh_views.refresh_cancel, name="refresh-cancel"),
    path("prices/<int:pk>/diff", views.snapshot_diff, name="snapshot-diff"),
    path("prices/<int:pk>/make-current", views.snapshot_make_current, name="snapshot-make-current"),
    path("prices/<int:pk>/impact", views.snapshot_impact, name="snapshot-impact"),
]
