"""Django-aware glue for estates: create one from an inventory or from saved assessments (and start its run),
read its progress and results, cancel, delete, export. Views, the API and the command call only these."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from advisor.engine.recommender import Recommendation
from advisor.engine.workload import parse_workload
from advisor.estates import tasks
from advisor.estates.access import visible_estates
from advisor.estates.assess import recommendation
from advisor.estates.engine.columns import MAX_ROWS
from advisor.estates.engine.export import ExportRow, estate_csv, estate_xlsx
from advisor.estates.engine.inventory import Inventory, InventoryRefused, read_inventory
from advisor.estates.engine.summary import DatabaseSummary
from advisor.estates.engine.totals import Assessed, EstateTotals, estate_totals
from advisor.estates.models import Estate, EstateDatabase
from advisor.models import Assessment
from pricing.jobs.models import Job
from pricing.jobs.services import HEARTBEAT_TIMEOUT, job_cancel, job_get

__all__ = ["InventoryRefused", "estate_from_inventory", "read_inventory"]
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
    rows = [EstateDatabase(estate=estate, row=r.row, name=r.name, workload=r.workload.model_dump(mode="json"))
            for r in inventory.rows]  # fmt: skip
    rows += [EstateDatabase(estate=estate, row=r.row, name=r.name, status=Status.INVALID,
                            error="; ".join(str(e) for e in r.errors)[:4000]) for r in inventory.invalid]  # fmt: skip
    EstateDatabase.objects.bulk_create(rows)
    tasks.start_run(estate, requested_by=owner)
    return estate


@transaction.atomic
def estate_from_assessments(*, assessments: list[Assessment], name: str, owner: Any = None) -> Estate:
    """An estate of saved assessments (as many as MAX_ROWS), each assessed as its results page does."""
    if not assessments:
        raise InventoryRefused(["choose at least one saved assessment"])
    if len(assessments) > MAX_ROWS:
        raise InventoryRefused([f"{len(assessments):,} assessments chosen; at most {MAX_ROWS:,} per estate"])
    estate = Estate.objects.create(name=_estate_name(name, ""), source=Estate.Source.ASSESSMENTS, owner=owner)
    EstateDatabase.objects.bulk_create(
        EstateDatabase(estate=estate, row=i, name=a.name[:200], workload=a.workload, assessment=a)
        for i, a in enumerate(assessments, start=1)
    )
    tasks.start_run(estate, requested_by=owner)
    return estate


def estate_search(*, user: Any, query: str = "") -> list[Estate]:
    rows = visible_estates(user).annotate(
        databases_count=Count("databases"),
        done_count=Count("databases", filter=Q(databases__status=Status.DONE)),
    )
    if query:
        rows = rows.filter(Q(name__icontains=query) | Q(customer__icontains=query))
    return list(rows[:200])


def estate_cancel(*, estate: Estate, by: str) -> int:
    """Cancel the rows not yet assessed (a worker skips them) and end the run; returns how many were cancelled."""
    cancelled = estate.databases.filter(status__in=EstateDatabase.PENDING).update(
        status=Status.CANCELLED, error=f"cancelled by {by}", finished_at=timezone.now()
    )
    if estate.job_id is not None:
        job = Job.objects.filter(pk=estate.job_id).first()
        if job is not None:
            job_cancel(job, by=by)
    return cancelled


def estate_delete(*, estate: Estate, by: str) -> None:
    """Cancel what is still to run, then delete the estate and its rows."""
    estate_cancel(estate=estate, by=by)
    estate.delete()


@dataclass(frozen=True)
class Progress:
    total: int  # rows in the estate, invalid ones included
    counts: dict[str, int]
    job: Job | None

    @property
    def queued_total(self) -> int:
        return self.total - self.counts.get("invalid", 0)

    @property
    def finished(self) -> int:
        return sum(self.counts.get(s, 0) for s in ("done", "failed", "cancelled"))

    @property
    def running(self) -> bool:
        return any(self.counts.get(s, 0) for s in ("queued", "running"))

    @property
    def percent(self) -> int:
        return 100 if not self.queued_total else round(100 * self.finished / self.queued_total)

    @property
    def heartbeat_minutes(self) -> int:
        return int(HEARTBEAT_TIMEOUT.total_seconds() // 60)


def estate_progress(estate: Estate) -> Progress:
    """Counts per status, after settling rows whose run has ended without them (a dead or cancelled worker)."""
    job = job_get(estate.job_id) if estate.job_id else None
    if job is not None and not job.active:
        stopped = job.error or "the run ended before this database was assessed"
        estate.databases.filter(status__in=EstateDatabase.PENDING).update(
            status=Status.FAILED, error=stopped[:2000], finished_at=timezone.now()
        )
    counts = dict(estate.databases.values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    return Progress(sum(counts.values()), counts, job)


def _summary(row: EstateDatabase) -> DatabaseSummary | None:
    return DatabaseSummary.model_validate(row.summary) if row.summary else None


def estate_rows(estate: Estate) -> list[tuple[EstateDatabase, DatabaseSummary | None]]:
    return [(row, _summary(row)) for row in estate.databases.order_by("row")]


def estate_totals_of(rows: list[tuple[EstateDatabase, DatabaseSummary | None]]) -> EstateTotals:
    return estate_totals([Assessed(row.name, summary) for row, summary in rows if summary is not None])


SORTS = {"row": "row", "name": "name", "status": "status", "recommended": "recommended",
         "monthly": "recommended_monthly_usd"}  # fmt: skip


def estate_table(estate: Estate, *, sort: str = "row", descending: bool = False, status: str = "", option: str = "",
                 query: str = "", limit: int | None = None) -> tuple[list[tuple[EstateDatabase, DatabaseSummary | None]], int]:  # fmt: skip
    """The databases as the page lists them (filtered by status, recommended option and name, sorted by a column),
    at most ``limit`` of them, and how many match."""
    rows = estate.databases.all()
    if status:
        rows = rows.filter(status=status)
    if option:
        rows = rows.filter(recommended=option)
    if query:
        rows = rows.filter(name__icontains=query)
    key = SORTS.get(sort, "row")
    rows = rows.order_by(f"-{key}" if descending else key, "row")
    shown = rows[:limit] if limit is not None else rows
    return [(row, _summary(row)) for row in shown], rows.count()


def export_rows(rows: list[tuple[EstateDatabase, DatabaseSummary | None]]) -> list[ExportRow]:
    return [ExportRow(r.row, r.name, r.status, r.error, s) for r, s in rows]


def estate_csv_text(estate: Estate) -> str:
    return estate_csv(export_rows(estate_rows(estate)))


def estate_xlsx_bytes(estate: Estate) -> bytes:
    rows = estate_rows(estate)
    return estate_xlsx(export_rows(rows), estate_totals_of(rows), title=f"Estate: {estate.name}")


def database_recommendation(row: EstateDatabase) -> Recommendation:
    """The full recommendation of one database, as its results page shows it (kept recommendations are reused)."""
    return recommendation(parse_workload(row.workload))


def money(value: Decimal | None) -> str:
    return "" if value is None else f"${value:,.2f}"
