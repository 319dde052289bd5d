"""Thin views over ``advisor.estates.services``: upload an inventory, watch it run, read and export the results."""

from __future__ import annotations

import csv
import io
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from advisor import access as assessment_access
from advisor.estates import access, services
from advisor.estates.engine import report_zip
from advisor.estates.engine.basis import COLUMNS as BASIS_COLUMNS
from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS, column_docs, template_rows
from advisor.estates.engine.totals import OPTION_KEYS, OPTION_LABELS
from advisor.estates.forms import FromAssessmentsForm, InventoryForm
from advisor.estates.models import Estate, EstateDatabase
from advisor.estates.pages import charts, document
from advisor.pages.results import results_context
from advisor.reports.views import pdf_download
from config.counting import counted
from config.file_names import attachment, export_filename
from pricing.jobs.services import JobBusy

SORT_CHOICES = [("row", "row"), ("name", "name"), ("status", "status"), ("recommended", "recommended option"),
                ("-monthly", "monthly cost, highest first"), ("monthly", "monthly cost, lowest first")]  # fmt: skip
TABLE_ROWS = 500  # rows drawn per page view (every second while it runs); filter, sort or export for the rest
PARTS = ("", "live")  # ?part= with htmx: the page's one partial (templates/estates/estate_detail.html)
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FILE_KINDS = ("csv", "xlsx")  # the template and the export come as these; any other ending is not found


def _template_name(extension: str) -> str:
    return export_filename(customer="", name="estate inventory", kind="template", extension=extension)


def _viewable(request: HttpRequest, public_id: UUID) -> Estate:
    estate = get_object_or_404(Estate.objects.select_related("team", "job"), public_id=public_id)
    if not access.can_view(request.user, estate):
        raise Http404("No such estate")
    return estate


def _editable(request: HttpRequest, public_id: UUID) -> Estate:
    estate = _viewable(request, public_id)
    if not access.can_edit(request.user, estate):
        raise PermissionDenied("Your team membership lets you see this estate, not change it.")
    return estate


def _offered(kind: str) -> None:
    if kind not in FILE_KINDS:
        raise Http404("Estates download as CSV or XLSX only.")


def _attachment(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = attachment(filename)
    return response


@login_required
@require_GET
def estate_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").replace("\x00", "").strip()[:200]
    return render(request, "estates/estate_list.html", {"estates": services.estate_search(user=request.user, query=query),
                                                       "query": query})  # fmt: skip


def _new_context(form: InventoryForm, problems: list[str] | None = None, file_name: str = "") -> dict[str, Any]:
    zip_limits = [report_zip.MAX_ZIP_BYTES, report_zip.MAX_MEMBERS, report_zip.MAX_UNPACKED_BYTES,
                  report_zip.MAX_MEMBER_BYTES, report_zip.MAX_RATIO]  # fmt: skip
    return {"form": form, "problems": problems or [], "file_name": file_name, "columns": column_docs(),
            "max_rows": MAX_ROWS, "max_mib": MAX_FILE_BYTES // (1024 * 1024), "zip_limits": zip_limits}  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def estate_new(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return render(request, "estates/estate_new.html", _new_context(InventoryForm(user=request.user)))
    form = InventoryForm(request.POST, request.FILES, user=request.user)
    if not form.is_valid():
        return render(request, "estates/estate_new.html", _new_context(form), status=422)
    upload = form.cleaned_data["file"]
    try:
        estate, inventory = services.estate_from_upload(
            data=services.read_upload_bytes(upload), file_name=upload.name, name=form.cleaned_data["name"],
            customer=form.cleaned_data["customer"], mask=form.cleaned_data["mask"], owner=request.user,
            team=form.cleaned_data["team"],
        )  # fmt: skip
    except services.InventoryRefused as refused:
        for problem in refused.problems:  # said beside the file's field too, which the summary names and links to
            form.add_error("file", problem)
        return render(request, "estates/estate_new.html", _new_context(form, refused.problems, upload.name),
                      status=422)  # fmt: skip
    if inventory is not None and inventory.invalid:
        refused, rest = len(inventory.invalid), len(inventory.rows)
        messages.error(request, f"{counted(refused, 'row')} {'was' if refused == 1 else 'were'} refused (listed "
                                f"below); the other {rest} {'is' if rest == 1 else 'are'} being assessed.")  # fmt: skip
    return redirect(estate)


@login_required
@require_http_methods(["GET", "POST"])
def estate_from_assessments(request: HttpRequest) -> HttpResponse:
    visible = assessment_access.visible_assessments(request.user).order_by("name")[:MAX_ROWS]
    choices = [(str(a.public_id), f"{a.name} ({a.edition.upper()} {a.version}, {a.region})") for a in visible]
    form = FromAssessmentsForm(request.POST or None, user=request.user, choices=choices)
    if request.method == "POST" and form.is_valid():
        chosen = set(form.cleaned_data["assessments"])
        picked = [a for a in visible if str(a.public_id) in chosen]
        estate = services.estate_from_assessments(assessments=picked, name=form.cleaned_data["name"],
                                                  customer=form.cleaned_data["customer"], owner=request.user,
                                                  team=form.cleaned_data["team"])  # fmt: skip
        return redirect(estate)
    status = 422 if request.method == "POST" else 200
    return render(request, "estates/estate_from_assessments.html", {"form": form}, status=status)


@login_required
@require_GET
def estate_template(request: HttpRequest, kind: str) -> HttpResponse:
    """The inventory template: the documented columns and one example row, as CSV or XLSX."""
    _offered(kind)
    rows = template_rows()
    if kind == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows)
        return _attachment(buffer.getvalue(), "text/csv; charset=utf-8", _template_name("csv"))
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Inventory"
    for row in rows:
        sheet.append(row)
    columns = book.create_sheet("Columns")
    columns.append(["column", "workload field", "what", "unit", "accepted", "default", "also read as"])
    for doc in column_docs():
        columns.append([doc["header"], doc["path"], doc["title"], doc["unit"], doc["accepted"], doc["default"],
                        doc["aliases"]])  # fmt: skip
    out = io.BytesIO()
    book.save(out)
    return _attachment(out.getvalue(), XLSX, _template_name("xlsx"))


def _table_params(request: HttpRequest) -> dict[str, Any]:
    sort = request.GET.get("sort", "row")
    status, option = request.GET.get("status", ""), request.GET.get("option", "")
    # only known values reach the database (anything else, a NUL included, which PostgreSQL refuses, filters nothing;
    # an unknown sort sorts by row, as the table then says)
    known = sort.lstrip("-") in services.SORTS
    return {"sort": sort.lstrip("-") if known else "row", "descending": known and sort.startswith("-"),
            "status": status if status in EstateDatabase.Status.values else "",
            "option": option if option in OPTION_KEYS else "",
            "query": request.GET.get("q", "").replace("\x00", "").strip()[:200]}  # fmt: skip


def _detail_context(request: HttpRequest, estate: Estate) -> dict[str, Any]:
    progress = services.estate_progress(estate)
    params = _table_params(request)
    shown, matching = services.estate_table(estate, **params, limit=TABLE_ROWS)
    context: dict[str, Any] = {"estate": estate, "progress": progress, "params": params,
                               "table": shown, "matching": matching, "options": [(k, OPTION_LABELS[k]) for k in OPTION_KEYS],
                               "statuses": EstateDatabase.Status.choices,
                               "can_edit": access.can_edit(request.user, estate), "sort_choices": SORT_CHOICES,
                               "sort_value": request.GET.get("sort", "row"),
                               # the sorted column's header says so (aria-sort), the others say nothing
                               "sorted": {params["sort"]: "descending" if params["descending"] else "ascending"}}  # fmt: skip
    if not progress.running:
        rows = services.estate_rows(estate)
        totals = services.estate_totals_of(rows)
        labels = {p.placement: p.label for p in totals.placements}
        split = (
            ", ".join(f"{labels.get(k, k)}: {n}" for k, n in totals.placement("best").by_option)
            if totals.databases
            else ""
        )
        context |= {"totals": totals, "totals_basis": BASIS_COLUMNS, "best_split": split,
                    "price_age": services.estate_price_age(rows),
                    "price_admin": request.user.is_staff}  # fmt: skip
        if totals.databases:
            context |= {"cost_chart": charts.cost_by_placement(totals), "option_chart": charts.databases_by_option(totals),
                        "licence_chart": charts.licence_need(totals)}  # fmt: skip
    return context


@login_required
@require_GET
def estate_detail(request: HttpRequest, public_id: UUID) -> HttpResponse:
    estate = _viewable(request, public_id)
    template = "estates/estate_detail.html"
    part = request.GET.get("part", "")
    if part not in PARTS:
        return HttpResponse(f"part {part[:40]!r}: accepted values are {', '.join(repr(p) for p in PARTS if p)} (the "
                            "live section: progress, totals and the databases table), or none for the whole page",
                            status=400, content_type="text/plain; charset=utf-8")  # fmt: skip
    if request.htmx and part == "live":
        template += "#estate-live"
    return render(request, template, _detail_context(request, estate))


@login_required
@require_GET
def estate_database(request: HttpRequest, public_id: UUID, row: int) -> HttpResponse:
    """One database's full results, as its results page shows them."""
    estate = _viewable(request, public_id)
    database = get_object_or_404(EstateDatabase, estate=estate, row=row)
    context: dict[str, Any] = {"estate": estate, "database": database}
    if database.status == EstateDatabase.Status.DONE and database.workload:
        context |= results_context(
            services.database_recommendation(database), stale_after_days=settings.PRICE_STALE_AFTER_DAYS
        )
    return render(request, "estates/estate_database.html", context)


@login_required
@require_GET
def estate_export(request: HttpRequest, public_id: UUID, kind: str) -> HttpResponse:
    _offered(kind)
    estate = _viewable(request, public_id)
    if kind == "csv":
        return _attachment(services.estate_csv_text(estate), "text/csv; charset=utf-8",
                           document.estate_filename(estate, "csv"))  # fmt: skip
    return _attachment(services.estate_xlsx_bytes(estate), XLSX, document.estate_filename(estate, "xlsx"))


@login_required
@require_GET
def estate_report(request: HttpRequest, public_id: UUID) -> HttpResponse:
    """The estate as a PDF for the customer (``?format=html``: the same document as HTML; ``?paper=a4|letter``,
    ``?prepared_by=``); 409 while it runs, 503 without Chromium, saying what to install."""
    estate = _viewable(request, public_id)
    wanted = request.GET.get("format", "pdf")
    if wanted not in ("pdf", "html"):
        return HttpResponse(f"format {wanted!r}: use pdf or html", status=400, content_type="text/plain")
    try:
        made = document.estate_document(estate=estate, paper=request.GET.get("paper"),
                                        prepared_by=request.GET.get("prepared_by", "")[:200])  # fmt: skip
    except ValueError as bad:
        return HttpResponse(str(bad), status=400, content_type="text/plain; charset=utf-8")
    except document.EstateRunning as running:
        return HttpResponse(f"{running}; download the PDF once it has finished.", status=409,
                            content_type="text/plain; charset=utf-8")  # fmt: skip
    if wanted == "html":
        return HttpResponse(made.html)
    return pdf_download(made, document.estate_pdf)


@login_required
@require_POST
def estate_cancel(request: HttpRequest, public_id: UUID) -> HttpResponse:
    estate = _editable(request, public_id)
    cancelled = services.estate_cancel(estate=estate, by=request.user.get_username())
    messages.success(request, f"Cancelled: {counted(cancelled, 'database')} not assessed.")
    return redirect(estate)


@login_required
@require_POST
def estate_retry_failed(request: HttpRequest, public_id: UUID) -> HttpResponse:
    estate = _editable(request, public_id)
    try:
        retried = services.estate_retry_failed(estate=estate, requested_by=request.user)
    except JobBusy:
        messages.error(request, "A run of this estate is still queued or running: wait for it to end, then retry.")
        return redirect(estate)
    if retried:
        messages.success(request, f"Queued again: {counted(retried, 'database')} whose assessment failed.")
    else:
        messages.info(request, "No database's assessment failed: nothing to retry.")
    return redirect(estate)


@login_required
@require_http_methods(["GET", "POST"])
def estate_delete(request: HttpRequest, public_id: UUID) -> HttpResponse:
    estate = _editable(request, public_id)
    if request.method == "GET":
        return render(request, "estates/estate_delete.html", {"estate": estate,
                                                              "progress": services.estate_progress(estate)})  # fmt: skip
    name = estate.name
    services.estate_delete(estate=estate, by=request.user.get_username())
    messages.success(request, f"Deleted “{name}”.")
    return redirect("estates:estate-list")
