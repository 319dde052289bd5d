from django.urls import path

from advisor.estates import views

app_name = "estates"

urlpatterns = [
    path("estates/", views.estate_list, name="estate-list"),
    path("estates/new/", views.estate_new, name="estate-new"),
    path("estates/from-assessments/", views.estate_from_assessments, name="estate-from-assessments"),
    path("estates/template.<str:kind>", views.estate_template, name="estate-template"),
    path("estates/<uuid:public_id>/", views.estate_detail, name="estate-detail"),
    path("estates/<uuid:public_id>/db/<int:row>/", views.estate_database, name="estate-database"),
    path("estates/<uuid:public_id>/export.<str:kind>", views.estate_export, name="estate-export"),
    path("estates/<uuid:public_id>/report.pdf", views.estate_report, name="estate-report"),
    path("estates/<uuid:public_id>/cancel/", views.estate_cancel, name="estate-cancel"),
    path("estates/<uuid:public_id>/retry-failed/", views.estate_retry_failed, name="estate-retry-failed"),
    path("estates/<uuid:public_id>/delete/", views.estate_delete, name="estate-delete"),
]
