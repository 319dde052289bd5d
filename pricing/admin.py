from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from pricing import services
from pricing.models import PriceRecord, PriceSnapshot


@admin.register(PriceSnapshot)
class PriceSnapshotAdmin(admin.ModelAdmin):
    """Snapshots are written by load_prices and refresh_prices only; here they are read and switched."""

    list_display = ("id", "region", "service", "is_current", "as_of", "row_count", "origin", "source", "created_at")
    list_filter = ("service", "is_current", "origin", "region")
    search_fields = ("region", "source")
    readonly_fields = (
        "region",
        "service",
        "source",
        "as_of",
        "origin",
        "content_hash",
        "row_count",
        "is_current",
        "created_at",
        "rows",
    )
    actions = ["make_current"]

    @admin.display(description="rows")
    def rows(self, obj: PriceSnapshot) -> str:
        url = reverse("admin:pricing_pricerecord_changelist") + f"?snapshot__id__exact={obj.pk}"
        return format_html('<a href="{}">{} price rows</a>', url, obj.row_count)

    @admin.action(description="Make the selected snapshot current for its region and service", permissions=["change"])
    def make_current(self, request: HttpRequest, queryset: QuerySet[PriceSnapshot]) -> None:
        chosen = list(queryset)
        pairs = [(s.region, s.service) for s in chosen]
        if len(set(pairs)) != len(pairs):
            self.message_user(
                request, "Select at most one snapshot per region and service; nothing was changed.", messages.ERROR
            )
            return
        for snapshot in chosen:
            services.snapshot_activate(snapshot)
            self.message_user(request, f"{snapshot} is now current.", messages.SUCCESS)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: PriceSnapshot | None = None) -> bool:
        # The current snapshot prices every estimate: switch to another one before deleting it.
        if obj is not None and obj.is_current:
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request: HttpRequest) -> dict:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # it would delete current snapshots too
        return actions


@admin.register(PriceRecord)
class PriceRecordAdmin(admin.ModelAdmin):
    """The rows of the snapshots, read-only."""

    list_display = ("sku", "region", "service", "product_family", "term", "unit", "price_usd", "estimated", "as_of")
    list_filter = ("service", "product_family", "term", "estimated", "rds_custom", "region")
    search_fields = ("sku", "description")
    list_select_related = ("snapshot",)
    show_full_result_count = False

    def get_readonly_fields(self, request: HttpRequest, obj: PriceRecord | None = None) -> list[str]:
        return [f.name for f in PriceRecord._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: PriceRecord | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: PriceRecord | None = None) -> bool:
        return False
