from django.contrib import admin

from advisor.models import Assessment


@admin.register(Assessment)
class AssessmentAdmin(admin.ModelAdmin):
    list_display = ("name", "customer", "project", "edition", "version", "region", "db_size_gib", "updated_at")
    list_filter = ("edition", "version", "region")
    search_fields = ("name", "customer", "project")
    # The workload and its search columns change only through the questionnaire or an import,
    # which validate it; the admin may rename, re-file and delete.
    readonly_fields = (
        "public_id",
        "workload",
        "edition",
        "version",
        "region",
        "db_size_gib",
        "peak_cpu",
        "created_at",
        "updated_at",
    )
