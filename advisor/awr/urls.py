from django.urls import path

from advisor.awr import views

app_name = "awr"

urlpatterns = [
    path("import/awr/", views.upload, name="upload"),
    path("import/awr/<uuid:public_id>/", views.review, name="review"),
    path("import/awr/<uuid:public_id>/assessment/", views.assessment_from_import, name="assessment-new"),
    path("import/awr/<uuid:public_id>/files/<int:position>", views.file_download, name="file"),
    path("import/awr/<uuid:public_id>/delete/", views.import_delete, name="delete"),
    path("import/awr/jobs/<int:pk>/", views.job_progress, name="job"),
]
