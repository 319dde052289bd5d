from django.urls import path

from advisor.accounts import views

app_name = "accounts"

urlpatterns = [
    path("a/<uuid:public_id>/share/", views.share_panel, name="share-panel"),
    path("a/<uuid:public_id>/share/<int:link_id>/revoke", views.share_revoke, name="share-revoke"),
    path("s/<str:token>/", views.shared_results, name="shared-results"),
    path("s/<str:token>/report.pdf", views.shared_report, name="shared-report"),
]
