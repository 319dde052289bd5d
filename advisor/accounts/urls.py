from django.urls import path

from advisor.accounts import team_views, views

app_name = "accounts"

urlpatterns = [
    path("a/<uuid:public_id>/share/", views.share_panel, name="share-panel"),
    path("a/<uuid:public_id>/share/<int:link_id>/revoke", views.share_revoke, name="share-revoke"),
    path("a/<uuid:public_id>/team", views.assessment_team, name="assessment-team"),
    path("account/teams/", team_views.team_list, name="team-list"),
    path("account/teams/<int:team_id>/", team_views.team_detail, name="team-detail"),
    path("account/teams/<int:team_id>/rename", team_views.team_rename, name="team-rename"),
    path("account/teams/<int:team_id>/delete", team_views.team_delete, name="team-delete"),
    path("account/teams/<int:team_id>/members/<int:membership_id>/role", team_views.member_role, name="member-role"),
    path(
        "account/teams/<int:team_id>/members/<int:membership_id>/remove", team_views.member_remove, name="member-remove"
    ),  # fmt: skip
    path("s/<str:token>/", views.shared_results, name="shared-results"),
    path("s/<str:token>/report.pdf", views.shared_report, name="shared-report"),
]
