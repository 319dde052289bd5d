"""The advisor's impact provider: which saved assessments a price snapshot reprices, by how much, on the make-current
confirmation and the diff page (prices from the committed eu-west-1 fixtures, one instance price changed)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from advisor import price_impact, services
from advisor.engine.workload import parse_workload
from advisor.models import Assessment
from pricing import services as price_services
from pricing.models import PriceSnapshot
from pricing.snapshots import impact
from tests.pricing.offer_data import REGION, find_sku, offer, price_of

HOURS = 730
CUT = Decimal("0.1")  # USD an hour off the one instance price that differs
# SE2 License Included, single-AZ: RDS for Oracle is recommended on db.m5.2xlarge, one instance, 730 hours a month
SMALL_SE2 = {
    "oracle": {"edition": "se2", "licence_model": "li"},
    "sizing": {"db_size_gib": 321},
    "availability": {"multi_az": False},
}


@pytest.fixture(autouse=True)
def fresh_price_caches() -> Iterator[None]:
    """Snapshots written here are rolled back and their ids may be reused: no cached book may outlive a test."""
    services.clear_price_caches()
    yield
    services.clear_price_caches()


def save(name: str, region: str = REGION, **sections: Any) -> Assessment:
    data = {**SMALL_SE2, "environment": {"region": region, "hours_per_month": HOURS}, **sections}
    return services.assessment_create(meta=services.AssessmentMeta(name=name), workload=parse_workload(data))


def m5_2xlarge_se2_li() -> tuple[str, Decimal]:
    data = offer("AmazonRDS")
    sku = find_sku(
        data,
        "Database Instance",
        instanceType="db.m5.2xlarge",
        databaseEdition="Standard Two",
        licenseModel="License included",
    )
    return sku, Decimal(price_of(data, sku))


def cheaper_rds_snapshot() -> PriceSnapshot:
    """The current eu-west-1 RDS rows with one instance price lowered by CUT, written as an earlier snapshot."""
    sku, price = m5_2xlarge_se2_li()
    rows = [
        row.model_copy(update={"price_usd": price - CUT}) if row.sku == sku and row.unit == "Hrs" else row
        for row in price_services.current_rows(REGION, "AmazonRDS")
    ]
    assert sum(1 for row in rows if row.sku == sku) == 1
    current = price_services.snapshot_current(REGION, "AmazonRDS")
    assert current is not None
    return price_services.snapshot_write(
        rows, REGION, "AmazonRDS", "test: db.m5.2xlarge SE2 LI 0.1 cheaper", current.as_of, activate=False
    )


def test_the_advisor_registers_its_provider_at_start_up() -> None:
    assert price_impact.assessment_impact in impact._PROVIDERS


def test_an_assessment_in_the_region_shows_before_and_after_and_the_difference_is_hours_times_the_price_change(
    prices: None,
) -> None:
    billing = save("Billing")
    save("Elsewhere", region="us-east-1")
    candidate = cheaper_rds_snapshot()
    sku, price = m5_2xlarge_se2_li()
    before = services.recommendation_for(services.assessment_workload(billing)).options[0].chosen
    assert before is not None and before.instance_class == "db.m5.2xlarge"
    assert [line.quantity for line in before.topology.lines if line.sku == sku] == [HOURS]  # one instance, 730 h

    report = impact.impact_of(REGION, "AmazonRDS", candidate)

    assert [i.name for i in report.impacts] == ["Billing"]  # the us-east-1 assessment is not listed
    assert report.unchanged == 0 and report.not_computed == 0 and not report.failures
    (found,) = report.impacts
    by_hand = -HOURS * CUT  # 730 hours x 0.1 USD less an hour
    assert by_hand == Decimal("-73.0")
    assert found.before_usd == before.total_monthly_usd
    assert found.after_usd == before.total_monthly_usd + by_hand
    assert found.difference_usd == by_hand
    assert found.difference_text == "−$73.00"
    assert found.before_option == found.after_option == "Amazon RDS for Oracle"
    (rds,) = found.options  # only RDS for Oracle reads this row; EC2 is priced from EC2 rows
    assert (rds.label, rds.before_usd, rds.after_usd) == ("Amazon RDS for Oracle", found.before_usd, found.after_usd)
    assert rds.change_text == f"−{abs(by_hand) / found.before_usd * 100:.1f} %"
    assert found.url == reverse("advisor:assessment-results", kwargs={"public_id": billing.public_id})


def test_the_diff_compares_its_two_snapshots_in_its_own_direction(prices: None) -> None:
    save("Billing")
    candidate = cheaper_rds_snapshot()
    current = price_services.snapshot_current(REGION, "AmazonRDS")

    (found,) = impact.impact_of(REGION, "AmazonRDS", current, base=candidate).impacts  # cheaper -> current

    assert found.difference_usd == HOURS * CUT


def test_an_assessment_whose_dr_region_it_is_is_considered(prices: None) -> None:
    save("Primary in us-east-1", region="us-east-1")
    save("DR in eu-west-1", region="us-east-1", availability={"cross_region_dr": True, "dr_region": REGION})
    save("DR answer kept but off", region="us-east-1", availability={"cross_region_dr": False, "dr_region": REGION})

    assert [a.name for a in price_impact.assessments_using(REGION)] == ["DR in eu-west-1"]
    report = impact.impact_of(REGION, "AmazonRDS", cheaper_rds_snapshot())
    assert report.considered == 1


def test_at_most_limit_assessments_are_computed_and_the_rest_counted(prices: None) -> None:
    for name in ("One", "Two", "Three"):
        save(name)

    report = impact.impact_of(REGION, "AmazonRDS", cheaper_rds_snapshot(), limit=2)

    assert len(report.impacts) == 2 and report.not_computed == 1 and report.limit == 2
    assert {i.name for i in report.impacts} == {"Three", "Two"}  # the most recently updated first


def test_past_the_time_budget_the_rest_are_counted_not_priced(prices: None) -> None:
    save("One")
    save("Two")

    report = impact.impact_of(REGION, "AmazonRDS", cheaper_rds_snapshot(), seconds=-1)

    assert (report.impacts, report.unchanged, report.not_computed) == ((), 0, 2)


def test_a_stored_workload_that_no_longer_validates_is_reported_not_raised(prices: None) -> None:
    broken = save("Old schema")
    Assessment.objects.filter(pk=broken.pk).update(workload={**broken.workload, "sizing": {"db_size_gib": -1}})

    report = impact.impact_of(REGION, "AmazonRDS", cheaper_rds_snapshot())

    (failure,) = report.failures
    assert failure.name == "Old schema" and "not valid any more" in failure.reason and "db_size_gib" in failure.reason


def test_the_current_snapshot_against_itself_changes_nothing(prices: None) -> None:
    save("Billing")
    current = price_services.snapshot_current(REGION, "AmazonRDS")

    report = impact.impact_of(REGION, "AmazonRDS", current)

    assert report.impacts == () and report.unchanged == 1


# --- the pages ---------------------------------------------------------------------------------------------------


@pytest.fixture
def staff(prices: None) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_user("pricer", password="x", is_staff=True))
    return client


def text_of(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_confirmation_lists_the_assessment_a_get_does_not_switch_and_the_post_does(staff: Client) -> None:
    save("Billing")
    save("Elsewhere", region="us-east-1")
    current = price_services.snapshot_current(REGION, "AmazonRDS")
    candidate = cheaper_rds_snapshot()
    url = reverse("pricing:snapshot-make-current", args=[candidate.pk])
    before = services.recommendation_for(services.assessment_workload(Assessment.objects.get(name="Billing")))
    total = before.options[0].chosen.total_monthly_usd

    response = staff.get(url)

    assert response.status_code == 200
    assert price_services.snapshot_current(REGION, "AmazonRDS") == current  # looking changes nothing
    text = text_of(response)
    assert f"Make Amazon RDS {REGION} snapshot #{candidate.pk} current?" in text
    assert "0 added, 0 removed, 1 repriced" in text
    assert (
        "1 saved assessment reads eu-west-1's prices (as their Region, their DR Region or where their storage is priced):"
        " 1 priced differently, 0 the same" in text
    )
    assert "At most 200 assessments are computed" in text
    pct = 73 / total * 100
    assert (
        f"Billing eu-west-1 is its Region Amazon RDS for Oracle ${total:,.2f} ${total - 73:,.2f} −$73.00 −{pct:.1f} %"
        in text
    )
    assert "Elsewhere" not in text
    body = response.content.decode()
    assert f'name="replacing" value="{current.pk}"' in body and 'name="confirm" value="yes"' in body

    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    assert token is not None
    confirm = {"csrfmiddlewaretoken": token.group(1), "confirm": "yes", "replacing": str(current.pk)}
    switched = staff.post(url, confirm, follow=True)

    assert price_services.snapshot_current(REGION, "AmazonRDS") == candidate
    assert f"snapshot #{candidate.pk} as of {candidate.as_of} is current (was #{current.pk})" in text_of(switched)


def test_the_diff_page_loads_the_affected_assessments_of_its_two_snapshots(staff: Client) -> None:
    save("Billing")
    current = price_services.snapshot_current(REGION, "AmazonRDS")
    candidate = cheaper_rds_snapshot()

    page = staff.get(reverse("pricing:snapshot-diff", args=[candidate.pk])).content.decode()
    impact_url = f"/prices/{candidate.pk}/impact?against={current.pk}"
    assert f'hx-get="{impact_url}"' in page and f'<a href="{impact_url}">List them</a>' in page

    fragment = staff.get(impact_url, headers={"HX-Request": "true"})
    assert fragment.content.decode().lstrip().startswith('<section id="affected-assessments"')
    text = text_of(fragment)
    assert f"Monthly with #{current.pk} (USD) Monthly with #{candidate.pk} (USD)" in text
    assert "Billing" in text and "−$73.00" in text
    assert "Billing" in text_of(staff.get(impact_url))  # a page of its own without JavaScript


# --- Regions whose storage is priced at another Region -----------------------------------------------------------

STANDING_IN = "eu-central-1"  # EC2 and RDS instance hours of its own; its storage priced at eu-west-1's rows
EE_BYOL = {"oracle": {"edition": "ee", "licence_model": "byol"}}
GP3_CUT = Decimal("0.01")  # USD per GB-month off eu-west-1's gp3 volume price


def rewritten(region: str, service: str, change: Any = None) -> PriceSnapshot:
    """The current rows of ``region`` and ``service`` (``change`` applied to each) written as another snapshot."""
    rows = [change(row) if change else row for row in price_services.current_rows(region, service)]
    current = price_services.snapshot_current(region, service)
    assert current is not None
    return price_services.snapshot_write(rows, region, service, "test: rewritten", current.as_of, activate=False)


def cheaper_gp3(row: Any) -> Any:
    if row.attributes.get("usagetype") == "EU-EBS:VolumeUsage.gp3":
        return row.model_copy(update={"price_usd": row.price_usd - GP3_CUT})
    return row


def test_the_same_rows_again_change_nothing_where_storage_comes_from_another_region(prices: None) -> None:
    save("Frankfurt", region=STANDING_IN, **EE_BYOL)
    ec2 = services.recommendation_for(services.assessment_workload(Assessment.objects.get(name="Frankfurt")))
    assert any(line.estimated for o in ec2.options if o.chosen for line in o.chosen.topology.lines)  # stand-in used

    report = impact.impact_of(STANDING_IN, "AmazonEC2", rewritten(STANDING_IN, "AmazonEC2"))

    assert report.impacts == () and report.unchanged == 1 and not report.failures


def test_a_storage_price_change_reaches_the_assessments_whose_storage_it_prices(prices: None) -> None:
    frankfurt = save("Frankfurt", region=STANDING_IN, **EE_BYOL)
    save("Virginia", region="us-east-1", **EE_BYOL)  # storage priced at us-east-1's own rows
    assert [a.name for a in price_impact.assessments_using(REGION)] == ["Frankfurt"]
    before = services.recommendation_for(services.assessment_workload(frankfurt))
    ec2 = next(o for o in before.options if o.option == "ec2")
    assert ec2.chosen is not None
    (gp3_sku,) = {r.sku for r in price_services.current_rows(REGION, "AmazonEC2") if cheaper_gp3(r) != r}
    gp3_gib = sum(line.quantity for line in ec2.chosen.topology.lines if line.sku == gp3_sku)
    assert gp3_gib > 0

    report = impact.impact_of(REGION, "AmazonEC2", rewritten(REGION, "AmazonEC2", cheaper_gp3))

    (found,) = report.impacts
    assert found.name == "Frankfurt"
    assert "where storage is priced for eu-central-1" in found.detail
    (change,) = [o for o in found.options if o.label == ec2.label]
    assert change.after_usd - change.before_usd == -gp3_gib * GP3_CUT
