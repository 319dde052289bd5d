"""An estate's run: every valid row assessed by the background task with the same recommendation as its results
page, a row that fails recorded with its error while the others go on, cancelled rows skipped."""

from decimal import Decimal
from typing import Any

import pytest
from django.test import override_settings

from advisor import services as advisor_services
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.workload import parse_workload
from advisor.estates import services, tasks
from advisor.estates.engine.inventory import read_inventory
from advisor.estates.models import EstateDatabase
from advisor.pages import results as results_page
from pricing.jobs.models import Job
from tests.advisor.estates.conftest import inventory_csv

pytestmark = pytest.mark.django_db
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # enqueued, never run


def statuses(estate: Any) -> dict[str, str]:
    return dict(estate.databases.values_list("name", "status"))


def test_every_valid_row_is_assessed_and_the_invalid_one_kept_with_its_error(make_estate: Any) -> None:
    estate = make_estate()
    assert statuses(estate) == {"ERP": "done", "Shop": "done", "Broken": "invalid", "Billing": "done"}
    broken = estate.databases.get(name="Broken")
    assert broken.error.startswith("row 4, peak_cpu: not a number ('many')")
    job = Job.objects.get(pk=estate.job_id)
    assert (job.kind, job.status, job.done, job.total) == ("estate-assessment", "succeeded", 3, 3)
    assert job.result == {"done": 3, "failed": 0}


def test_a_summary_holds_the_figures_of_the_recommendation_the_results_page_shows(make_estate: Any) -> None:
    erp = make_estate().databases.get(name="ERP")
    found = advisor_services.recommendation_for(parse_workload(erp.workload))
    api = {o["option"]: o for o in recommendation_json(found)["options"]}
    best = results_page.recommended(results_page.columns(found), found.ranking)
    summary = erp.summary
    assert summary["recommended"] == best.option.option
    assert erp.recommended_monthly_usd == best.monthly_usd
    for option in summary["options"]:
        cost = api[option["option"]]["cost"]
        if cost is not None:
            assert Decimal(option["monthly_usd"]) == Decimal(cost["total_monthly_usd"])
            products = api[option["option"]]["topology"]["licences"]["products"]
            assert [(p["key"], p["required"]) for p in option["licences"]] == [
                (p["key"], p["required"]) for p in products
            ]
    assert summary["licences_owned"] == 4 and summary["edition"] == "ee"


def test_a_row_whose_assessment_fails_is_recorded_and_the_others_go_on(make_estate: Any, monkeypatch: Any) -> None:
    real = tasks.summary_of

    def failing(workload: Any, policy: Any = None) -> Any:
        if workload.sizing.peak_cpu == 8:  # the Billing row
            raise RuntimeError("the price book is unreadable")
        return real(workload, policy)

    monkeypatch.setattr(tasks, "summary_of", failing)
    estate = make_estate()
    assert statuses(estate) == {"ERP": "done", "Shop": "done", "Broken": "invalid", "Billing": "failed"}
    billing = estate.databases.get(name="Billing")
    assert billing.error.startswith("stopped on an unexpected error (RuntimeError: the price book is unreadable)")
    assert Job.objects.get(pk=estate.job_id).result == {"done": 2, "failed": 1}
    totals = services.estate_totals_of(services.estate_rows(estate))
    assert totals.databases == 2  # the failed row is in no total


def test_rows_cancelled_before_a_worker_takes_them_are_skipped(user: Any, prices: None,
                                                               django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with override_settings(TASKS=STORED_ONLY), django_capture_on_commit_callbacks(execute=True):
        estate = services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "e.csv"), owner=user)
    assert statuses(estate)["ERP"] == "queued"
    assert services.estate_cancel(estate=estate, by="alice") == 3
    ids = list(estate.databases.values_list("pk", flat=True))
    assert tasks.run_batch(estate.job_id, ids) == {"job": estate.job_id, "done": 0, "failed": 0, "skipped": 4}
    assert set(statuses(estate).values()) == {"cancelled", "invalid"}
    assert estate.databases.filter(summary__isnull=False).count() == 0
    job = Job.objects.get(pk=estate.job_id)
    assert job.status == "failed" and job.error.startswith("cancelled by alice")


def test_deleting_a_running_estate_cancels_its_rows_and_the_task_finds_nothing(user: Any, prices: None,
                                                                               django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with override_settings(TASKS=STORED_ONLY), django_capture_on_commit_callbacks(execute=True):
        estate = services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "e.csv"), owner=user)
    ids = list(estate.databases.values_list("pk", flat=True))
    job_id = estate.job_id
    services.estate_delete(estate=estate, by="alice")
    assert tasks.run_batch(job_id, ids)["skipped"] == 4
    assert not EstateDatabase.objects.filter(pk__in=ids).exists()
    assert Job.objects.get(pk=job_id).status == "failed"


def test_a_rerun_whose_worker_stopped_too_leaves_its_rows_failed_with_the_reason(
    user: Any, prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    """The first silent worker's databases are re-queued once (test_worker.py); a re-run that dies too ends them."""
    with override_settings(TASKS=STORED_ONLY), django_capture_on_commit_callbacks(execute=True):
        estate = services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "e.csv"), owner=user)
    job = Job.objects.get(pk=estate.job_id)
    Job.objects.filter(pk=job.pk).update(status="failed", error="the worker stopped responding at 10:00",
                                         params=job.params | {"requeue_of": job.pk})  # fmt: skip
    progress = services.estate_progress(estate)
    assert not progress.running and progress.counts == {"failed": 3, "invalid": 1}
    assert estate.databases.get(name="ERP").error == "the worker stopped responding at 10:00"


def test_batches_split_the_rows_so_workers_share_an_estate() -> None:
    assert tasks.batches(list(range(25)), 10) == [list(range(10)), list(range(10, 20)), list(range(20, 25))]
