"""The estate page offers to retry the databases whose assessment failed, in a new run (issue 27)."""

from collections.abc import Callable
from typing import Any

from django.test import Client

from advisor.estates.models import Estate
from pricing.jobs.models import Job


def test_failed_databases_are_offered_again_and_retried_in_a_new_run(
    client: Client, make_estate: Callable[..., Estate], django_capture_on_commit_callbacks: Any
) -> None:
    estate = make_estate()
    estate.databases.filter(name__in=["ERP", "Shop"]).update(status="failed", error="the worker stopped responding")
    first_run = estate.job_id
    page = client.get(estate.get_absolute_url()).content.decode()
    assert 'id="estate-retry-failed"' in page and "Retry the failed databases (2)" in page

    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"{estate.get_absolute_url()}retry-failed/", follow=True)
    assert "Queued again: 2 databases whose assessment failed." in answer.content.decode()
    statuses = dict(estate.databases.values_list("name", "status"))
    assert statuses == {"ERP": "done", "Shop": "done", "Broken": "invalid", "Billing": "done"}  # invalid stays
    estate.refresh_from_db()
    assert estate.job_id != first_run and Job.objects.get(pk=estate.job_id).status == "succeeded"
    assert 'id="estate-retry-failed"' not in client.get(estate.get_absolute_url()).content.decode()


def test_nothing_failed_means_nothing_to_retry(client: Client, make_estate: Callable[..., Estate]) -> None:
    estate = make_estate()
    answer = client.post(f"{estate.get_absolute_url()}retry-failed/", follow=True)
    assert "nothing to retry" in answer.content.decode()


def test_only_the_estates_editors_may_retry(make_estate: Callable[..., Estate], anon_client: Client) -> None:
    estate = make_estate()
    estate.databases.filter(name="ERP").update(status="failed")
    assert anon_client.post(f"{estate.get_absolute_url()}retry-failed/").status_code == 302  # to sign in
    assert estate.databases.get(name="ERP").status == "failed"
