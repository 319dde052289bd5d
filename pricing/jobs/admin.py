from django.contrib import admin
from django.http import HttpRequest

from pricing.jobs.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    """Jobs are started from their pages (e.g. /prices/) and written by workers; here their history is read."""

    list_display = ("id", "kind", "lock", "status", "done", "total", "requested_by", "created_at", "finished_at")
    list_filter = ("kind", "status")
    search_fields = ("lock", "error")
    readonly_fields = [field.name for field in Job._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Job | None = None) -> bool:
        return False
