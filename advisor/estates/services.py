"""Django-aware glue for estates: create one from an inventory or from saved assessments (and start its run),
read its progress and results, cancel, delete, export. Views, the API and the command call only these."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Case, Count, F, IntegerField, Q, Value, When
from django.utils import timezone

from advisor.engine.recommendation.recommender import Recommendation
from advisor.engine.rules.shape import OPTIONS
from advisor.engine.workload import parse_workload
from advisor.estates import report_tasks, tasks
from advisor.estates.access import visible_estates
from advisor.estates.assessing.database import recommendation
from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS, assumed_words
from advisor.estates.engine.export import ExportRow, estate_csv, estate_xlsx
from advisor.estates.engine.inventory import Inventory, InventoryRefused, read_inventory
from advisor.estates.engine.listing import TableRow, table_rows
from advisor.estates.engine.report_zip import (
    MAX_ZIP_BYTES,
    ZipRefused,
    looks_like_report_zip,
    plan_zip,
    require_a_report,
)
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import Assessed, EstateTotals, estate_totals
from advisor.estates.models import Estate, EstateDatabase, EstateUpload
from advisor.models import Assessment
from advisor.services import saved_policy
from config import uploads
from pricing.engine.freshness import PriceAge, price_age
from pricing.jobs.models import Job
from pricing.jobs.services import job_cancel, job_get, reaped_for_silence

__all__ = ["InventoryRefused", "ZipRefused", "estate_from_inventory", "estate_from_reports", "looks_like_report_zip",
           "read_inventory"]  # fmt: skip
Status = EstateDatabase.Status


def _estate_name(name: str, file_name: str) -> str:
    base = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0] if file_name else ""
    return (name.strip() or base or f"Estate of {timezone.localdate():%Y-%m-%d}")[:200]


@transaction.atomic
def estate_from_inventory(*, inventory: Inventory, name: str = "", customer: str = "", file_name: str = "",
                          owner: Any = None, team: Any = None) -> Estate:  # fmt: skip
    """The estate with one row per database (invalid rows kept with their errors), its valid rows queued."""
    estate = Estate.objects.create(
        name=_estate_name(name, file_name), customer=customer.strip()[:200], source=inventory.kind,
        file_name=file_name[:255], ignored_columns=list(inventory.ignored_columns),
        defaulted_columns=list(inventory.defaulted_columns), owner=owner, team=team,
    )  # fmt: skip
    rows = [EstateDatabase(estate=estate, row=r.row, name=r.name, workload=r.workload.model_dump(mode="json"),
                           assumed=[{"figure": f, "value": v} for f, v in r.assumed]) for r in inventory.rows]  # fmt: skip
    rows += [EstateDatabase(estate=estate, row=r.row, name=r.name, status=Status.INVALID,
                            error=r.words[:4000]) for r in inventory.invalid]  # fmt: skip
    EstateDatabase.objects.bulk_create(rows)
    tasks.start_run(estate, requested_by=owner)
    return estate


def read_upload_bytes(upload: Any) -> bytes:
    """An uploaded file's bytes, refused in words (``InventoryRefused``) before reading when over the largest size
    any kind of upload may have (a ZIP of reports); an inventory's own smaller limit is checked as it is read."""
    if upload.size is not None and upload.size > MAX_ZIP_BYTES.value:
        raise InventoryRefused([f"the file is {upload.size / 1024 / 1024:,.1f} MiB: the limit is "
                                f"{MAX_ZIP_BYTES.words} for a ZIP of reports, {MAX_FILE_BYTES // (1024 * 1024)} MiB "
                                "for an inventory"])  # fmt: skip
    return upload.read(MAX_ZIP_BYTES.value + 1)


def estate_from_upload(*, data: bytes, file_name: str, name: str = "", customer: str = "", mask: bool = False,
                       owner: Any = None, team: Any = None) -> tuple[Estate, Inventory | None]:  # fmt: skip
    """An estate from an uploaded file: a ZIP of reports (read in the background) or an inventory (CSV or XLSX,
    its refused rows in the returned inventory). ``InventoryRefused`` (``ZipRefused``) when the file is refused."""
    if looks_like_report_zip(data, file_name):
        return estate_from_reports(data=data, file_name=file_name, name=name, customer=customer, mask=mask,
                                   owner=owner, team=team), None  # fmt: skip
    inventory = read_inventory(data, file_name)
    estate = estate_from_inventory(inventory=inventory, name=name, customer=customer, file_name=file_name,
                                   owner=owner, team=team)  # fmt: skip
    return estate, inventory


def estate_from_reports(*, data: bytes, file_name: str = "", name: str = "", customer: str = "", mask: bool = False,
                        owner: Any = None, team: Any = None) -> Estate:  # fmt: skip
    """An estate whose databases come from a ZIP of AWR / Statspack / AWR-Miner reports. The ZIP's limits are checked
    here on its directory, and that some file starts as a report (``ZipRefused`` before anything is kept); the
    reports are read by a background job, which then starts the assessment. With ``mask`` no name from the upload
    is kept before the reports are read."""
    plan = plan_zip(data)
    require_a_report(data, plan)  # a ZIP of no report is refused here, not kept as an estate of no database
    with uploads.removed_unless_kept() as written:  # the ZIP first, in the storage every worker reads; then the rows
        written.append(uploads.save_bytes(uploads.new_name(report_tasks.FOLDER, ".zip"), data))
        with transaction.atomic():
            estate = Estate.objects.create(
                name=_estate_name(name, "" if mask else file_name), customer=customer.strip()[:200],
                source=Estate.Source.REPORTS, file_name="" if mask else file_name[:255], masked=mask, owner=owner,
                team=team,
            )  # fmt: skip
            EstateUpload.objects.create(estate=estate, file_name=file_name[:255], stored=written[0], mask=mask)
            report_tasks.start_reading(estate, files=len(plan.members), requested_by=owner)
    return estate


@transaction.atomic
def estate_from_assessments(*, assessments: list[Assessment], name: str, customer: str = "", owner: Any = None,
                            team: Any = None) -> Estate:  # fmt: skip
    """An estate of saved assessments (as many as MAX_ROWS), each assessed as its results page does. The caller
    chooses them among those its user may see (``advisor.access.visible_assessments``)."""
    if not assessments:
        raise InventoryRefused(["choose at least one saved assessment"])
    if len(assessments) > MAX_ROWS:
        raise InventoryRefused([f"{len(assessments):,} assessments chosen; at most {MAX_ROWS:,} per estate"])
    estate = Estate.objects.create(name=_estate_name(name, ""), customer=customer.strip()[:200],
                                   source=Estate.Source.ASSESSMENTS, owner=owner, team=team)  # fmt: skip
    EstateDatabase.objects.bulk_create(
        EstateDatabase(estate=estate, row=i, name=a.name[:200], workload=a.workload, assessment=a)
        for i, a in enumerate(assessments, start=1)
    )
    tasks.start_run(estate, requested_by=owner)
    return estate


def estate_search(*, user: Any, query: str = "") -> list[Estate]:
    rows = (
        visible_estates(user)
        .select_related("team")
        .annotate(
            databases_count=Count("databases"),
            done_count=Count("databases", filter=Q(databases__status=Status.DONE)),
        )
    )
    query = query.replace("\x00", "")  # PostgreSQL refuses NUL in a query: no name holds one anyway
    if query:
        rows = rows.filter(Q(name__icontains=query) | Q(customer__icontains=query))
    return list(rows[:200])


def estate_cancel(*, estate: Estate, by: str) -> int:
    """Cancel the rows not yet assessed (a worker skips them) and end the run; returns how many were cancelled."""
    EstateUpload.objects.filter(estate=estate).delete()  # reports not read yet: never read
    cancelled = estate.databases.filter(status__in=EstateDatabase.PENDING).update(
        status=Status.CANCELLED, error=f"cancelled by {by}", finished_at=timezone.now()
    )
    if estate.job_id is not None:
        job = Job.objects.filter(pk=estate.job_id).first()
        if job is not None:
            job_cancel(job, by=by)
    return cancelled


def estate_retry_failed(*, estate: Estate, requested_by: Any = None) -> int:
    """Queue again, in a new run, the databases whose assessment failed (not those refused as invalid, nor cancelled
    ones); returns how many. Raises ``JobBusy`` while a run of the estate is queued or running."""
    with transaction.atomic():
        retried = estate.databases.filter(status=Status.FAILED).update(status=Status.QUEUED, error="", finished_at=None)
        if retried:
            tasks.start_run(estate, requested_by=requested_by)
    return retried


def estate_delete(*, estate: Estate, by: str) -> None:
    """Cancel what is still to run, then delete the estate and its rows."""
    estate_cancel(estate=estate, by=by)
    estate.delete()


@dataclass(frozen=True)
class Progress:
    total: int  # rows in the estate, invalid ones included
    counts: dict[str, int]
    job: Job | None
    reading: bool = False  # its ZIP of reports is still being read (the rows do not exist yet)

    @property
    def queued_total(self) -> int:
        return self.total - self.counts.get("invalid", 0)

    @property
    def finished(self) -> int:
        return sum(self.counts.get(s, 0) for s in ("done", "failed", "cancelled"))

    @property
    def running(self) -> bool:
        return self.reading or any(self.counts.get(s, 0) for s in ("queued", "running"))

    @property
    def percent(self) -> int:
        return 100 if not self.queued_total else round(100 * self.finished / self.queued_total)

    @property
    def silent_after_seconds(self) -> int:
        return int(tasks.STALE_AFTER.total_seconds())


def estate_progress(estate: Estate) -> Progress:
    """Counts per status, after settling rows whose run has ended without them: a run whose worker went silent is
    re-run once for the databases it left; a cancelled run (or a re-run that died too) ends them failed."""
    job = job_get(estate.job_id) if estate.job_id else None  # reaps: a silent run's databases go to a new run
    if job is not None and reaped_for_silence(job):  # a killed worker: its databases go to a new run, once
        estate.refresh_from_db(fields=["job"])
        if estate.job_id != job.pk:  # the reaper re-queued them (``tasks.on_run_reaped``)
            job = Job.objects.filter(pk=estate.job_id).first() or job
        else:
            job = tasks.requeue_abandoned(estate, job) or job
    if job is not None and not job.active:
        stopped = job.error or "the run ended before this database was assessed"
        estate.databases.filter(status__in=EstateDatabase.PENDING).update(
            status=Status.FAILED, error=stopped[:2000], finished_at=timezone.now()
        )
    counts = dict(estate.databases.values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    reading = job is not None and job.active and job.kind == report_tasks.KIND
    return Progress(sum(counts.values()), counts, job, reading)


def _summary(row: EstateDatabase) -> DatabaseSummary | None:
    return DatabaseSummary.model_validate(row.summary) if row.summary else None


def estate_rows(estate: Estate) -> list[tuple[EstateDatabase, DatabaseSummary | None]]:
    return [(row, _summary(row)) for row in estate.databases.order_by("row")]


def estate_totals_of(rows: list[tuple[EstateDatabase, DatabaseSummary | None]]) -> EstateTotals:
    return estate_totals([Assessed(row.name, summary, tuple(a["figure"] for a in row.assumed or ()))
                          for row, summary in rows if summary is not None])  # fmt: skip


def estate_price_age(rows: list[tuple[EstateDatabase, DatabaseSummary | None]]) -> PriceAge | None:
    """How old the AWS price rows behind the estate's totals are, loud past the site's limit, as on a results page:
    the rows of every option a database can be placed on (Oracle Database@AWS is priced from Oracle's list, dated
    apart), and the Regions of the databases assessed."""
    dates = {d for _, s in rows if s is not None for o in s.options if o.placeable and o.option != "odb"
             for d in o.prices_as_of}  # fmt: skip
    regions = [((db.workload or {}).get("environment") or {}).get("region", "") for db, s in rows if s is not None]
    return price_age(sorted(dates), today=timezone.localdate(), threshold_days=settings.PRICE_STALE_AFTER_DAYS,
                     regions=regions)  # fmt: skip


SORTS = {"row": "row", "name": "name", "status": "status", "recommended": "recommended",
         "monthly": "recommended_monthly_usd"}  # fmt: skip


def _by_label() -> Case:
    """The recommended option's place among the options sorted by the label its column shows ("Amazon RDS Custom for
    Oracle" before "Amazon RDS for Oracle"), not by its stored key; None (sorted last) for a row without one."""
    order = sorted(OPTIONS, key=lambda key: (OPTIONS[key].casefold(), key))
    return Case(*(When(recommended=key, then=Value(place)) for place, key in enumerate(order)), default=None,
                output_field=IntegerField())  # fmt: skip


def estate_table(estate: Estate, *, sort: str = "row", descending: bool = False, status: str = "", option: str = "",
                 query: str = "", limit: int | None = None) -> tuple[list[TableRow[EstateDatabase]], int]:  # fmt: skip
    """The databases as the page lists them (filtered by status, recommended option and name, sorted by what a column
    shows, ties in row order), at most ``limit`` of them, and how many match."""
    rows = estate.databases.all()
    if status:
        rows = rows.filter(status=status)
    if option:
        rows = rows.filter(recommended=option)
    query = query.replace("\x00", "")  # PostgreSQL refuses NUL in a query: no name holds one anyway
    if query:
        rows = rows.filter(name__icontains=query)
    key = SORTS.get(sort, "row")
    field = _by_label() if key == "recommended" else F(key)
    # rows without a value (refused, failed, not priced) last either way, as on every database (PostgreSQL puts
    # NULLs first when descending, SQLite last)
    rows = rows.order_by(field.desc(nulls_last=True) if descending else field.asc(nulls_last=True), "row")
    shown = rows[:limit] if limit is not None else rows
    return table_rows((row, _summary(row)) for row in shown), rows.count()


def export_rows(rows: list[tuple[EstateDatabase, DatabaseSummary | None]]) -> list[ExportRow]:
    return [ExportRow(r.row, r.name, r.status, r.error, s, assumed_words(r.assumed)) for r, s in rows]


def estate_csv_text(estate: Estate) -> str:
    return estate_csv(export_rows(estate_rows(estate)))


def estate_xlsx_bytes(estate: Estate) -> bytes:
    rows = estate_rows(estate)
    return estate_xlsx(export_rows(rows), estate_totals_of(rows), title=f"Estate: {estate.name}")


def database_recommendation(row: EstateDatabase) -> Recommendation:
    """The full recommendation of one database, as its results page shows it (kept recommendations are reused), for
    the sizing policy saved with its assessment, if it is one."""
    policy = saved_policy(row.assessment.policy) if row.assessment_id else None
    return recommendation(parse_workload(row.workload), policy)


def money(value: Decimal | None) -> str:
    return "" if value is None else f"${value:,.2f}"
