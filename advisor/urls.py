from django.urls import path

from advisor import views
from advisor.reports import views as report_views
from config.api import named_route

app_name = "advisor"

urlpatterns = [
    path("", views.assessment_list, name="assessment-list"),
    path("assessments/new/", views.assessment_new, name="assessment-new"),
    path("assessments/import/", views.assessment_import, name="assessment-import"),
    path("assessments/validate/", views.assessment_validate, name="assessment-validate"),
    path("a/<uuid:public_id>/", views.assessment_detail, name="assessment-detail"),
    path("a/<uuid:public_id>/results/", views.assessment_results, name="assessment-results"),
    path("a/<uuid:public_id>/results/preview", views.assessment_results_preview, name="assessment-results-preview"),
    path("a/<uuid:public_id>/duplicate/", views.assessment_duplicate, name="assessment-duplicate"),
    path("a/<uuid:public_id>/delete/", views.assessment_delete, name="assessment-delete"),
    path("a/<uuid:public_id>/workload.json", views.assessment_export, name="assessment-export"),
    path("a/<uuid:public_id>/report.pdf", report_views.assessment_report, name="assessment-report"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    path("iolimits", views.iolimits, name="iolimits"),
    path("rules", views.rules_page, name="rules"),
    # the API's routes (config/api.py) under their old names, so templates and links keep reversing them
    named_route("recommendations", "api-recommendations"),
    named_route("verdicts", "api-verdicts"),
    named_route("iolimits", "api-iolimits"),
    named_route("schema/workload", "api-workload-schema"),
    named_route("workloads/validate", "api-workload-validate"),
]
