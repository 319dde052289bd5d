from django.contrib import admin
from django.http import HttpRequest

from advisor.awr.models import ReportFile, ReportImport


class ReportFileInline(admin.TabularInline):
    model = ReportFile
    fields = ("position", "name", "kind", "size", "sha256", "error")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ReportImport)
class ReportImportAdmin(admin.ModelAdmin):
    """Imports are made by the upload page, the API or a background job, which read and mask the reports; the admin
    shows them and deletes them (their files go with them), nothing else."""

    list_display = ("public_id", "database", "owner", "team", "assessment", "masked", "created_at")
    list_filter = ("masked",)
    search_fields = ("database",)
    readonly_fields = ("public_id", "owner", "team", "assessment", "masked", "database", "extraction", "created_at")
    inlines = [ReportFileInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
