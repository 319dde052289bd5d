import base64

from django import forms
from django.contrib import admin
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from advisor.models import LOGO_MAX_BYTES, Assessment, ReportSettings, ShareLink


@admin.register(Assessment)
class AssessmentAdmin(admin.ModelAdmin):
    list_display = ("name", "customer", "project", "owner", "team", "edition", "region", "db_size_gib", "updated_at")
    list_filter = ("team", "edition", "version", "region")
    autocomplete_fields = ("owner", "team")  # who owns it and which team sees it (``advisor.access``)
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

    # An assessment needs a valid workload, which only the questionnaire or an import can build: the admin offers
    # no "Add" button (its form would save a row without one) and says where assessments are made instead.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: dict | None = None) -> HttpResponse:
        return redirect("advisor:assessment-new")

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        subtitle = format_html(
            'Create assessments with the <a href="{}">questionnaire</a> or an <a href="{}">import</a>, which '
            "validate the workload; here you may rename, re-file or delete them.",
            reverse("advisor:assessment-new"),
            reverse("advisor:assessment-import"),
        )
        return super().changelist_view(request, extra_context={**(extra_context or {}), "subtitle": subtitle})


def logo_data_uri(upload: UploadedFile) -> str:
    """An uploaded PNG or SVG as a ``data:`` URI, or ValidationError saying what is accepted."""
    if upload.size is not None and upload.size > LOGO_MAX_BYTES:
        raise forms.ValidationError(f"The logo is {upload.size // 1024} KiB; at most {LOGO_MAX_BYTES // 1024} KiB.")
    data = upload.read()
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        mime = "image/png"
    elif b"<svg" in data[:4096] and b"<!ENTITY" not in data:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError("The SVG is not UTF-8 text.") from None
        mime = "image/svg+xml"
    else:
        raise forms.ValidationError("Upload a PNG or SVG image.")
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


class ReportSettingsForm(forms.ModelForm):
    logo_file = forms.FileField(required=False, label="Logo", help_text="PNG or SVG, at most 256 KiB.")
    remove_logo = forms.BooleanField(required=False, label="Remove the logo")

    class Meta:
        model = ReportSettings
        fields = ("paper_size", "prepared_by")

    def clean_logo_file(self) -> str | None:
        upload = self.cleaned_data.get("logo_file")
        return logo_data_uri(upload) if upload else None

    def save(self, commit: bool = True) -> ReportSettings:
        settings = super().save(commit=False)
        if self.cleaned_data.get("remove_logo"):
            settings.logo = ""
        elif self.cleaned_data.get("logo_file"):
            settings.logo = self.cleaned_data["logo_file"]
        if commit:
            settings.save()
        return settings


@admin.register(ReportSettings)
class ReportSettingsAdmin(admin.ModelAdmin):
    """One row: the PDF's default paper, "prepared by" and cover logo."""

    form = ReportSettingsForm
    fields = ("paper_size", "prepared_by", "logo_preview", "logo_file", "remove_logo")
    readonly_fields = ("logo_preview",)

    @admin.display(description="Current logo")
    def logo_preview(self, obj: ReportSettings) -> str:
        if not obj.logo:
            return "none"
        return format_html('<img src="{}" alt="Report logo" style="max-height:60px">', obj.logo)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return not ReportSettings.objects.exists()

    def has_delete_permission(self, request: HttpRequest, obj: ReportSettings | None = None) -> bool:
        return False


@admin.register(ShareLink)
class ShareLinkAdmin(admin.ModelAdmin):
    list_display = ("assessment", "created_by", "created_at", "expires_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("assessment__name",)
    readonly_fields = ("token", "assessment", "created_by", "created_at")
