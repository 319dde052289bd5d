from django.contrib import admin

from advisor.estates.models import Estate, EstateDatabase


class EstateDatabaseInline(admin.TabularInline):
    model = EstateDatabase
    fields = ("row", "name", "status", "recommended", "recommended_monthly_usd", "error")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False


@admin.register(Estate)
class EstateAdmin(admin.ModelAdmin):
    """Estates come from an inventory upload or saved assessments; here they are re-filed (team) or deleted."""

    list_display = ("name", "customer", "source", "owner", "team", "created_at")
    search_fields = ("name", "customer")
    readonly_fields = ("public_id", "source", "file_name", "ignored_columns", "defaulted_columns", "notes", "masked",
                       "job", "owner")  # fmt: skip
    inlines = [EstateDatabaseInline]
