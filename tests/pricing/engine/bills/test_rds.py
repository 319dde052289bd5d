"""An RDS bill's instance hours: RDS for Oracle is billed the hours it runs; RDS Custom for Oracle, which cannot be
stopped, every hour of the month (eu-west-1 rows of 2023-02-23)."""

from decimal import Decimal

import pytest

from pricing.engine.calculator import EstimateInvalid, estimate
from tests.pricing.engine.test_calculator import ec2, rds

D = Decimal


def test_rds_custom_run_part_time_is_billed_all_month_and_its_line_says_why(book):
    result = estimate(rds(platform="rds-custom", storage={"type": "gp3", "size_gib": 300}, hours_per_month=300), book)
    hours = result.lines[0]
    assert (hours.sku, hours.quantity, hours.monthly_usd) == ("E7QCGG8G22JR9NBC", D(730), D("331.42"))  # 730 x 0.454
    assert hours.note.startswith(
        "RDS Custom instances cannot be stopped (AWS RDS API Reference, StopDBInstance: \"This command doesn't apply "
        'to RDS Custom", as of 2026-11-29): billed all 730 hours of the month, not the 300 the workload runs'
    )
    assert result.hours_per_month == 730


def test_rds_for_oracle_run_part_time_is_billed_the_hours_it_runs(book):
    result = estimate(rds(hours_per_month=300), book)
    hours = result.lines[0]
    assert (hours.quantity, hours.monthly_usd, hours.note) == (
        D(300),
        D("113.40"),
        "",
    )  # 300 x 0.378 (PCW2HZETS7KBUAWU)
    assert result.hours_per_month == 300


def test_rds_custom_run_all_month_says_nothing_of_stopping(book):
    result = estimate(rds(platform="rds-custom", hours_per_month=730), book)
    assert (result.lines[0].quantity, result.lines[0].note) == (D(730), "")


def test_rds_with_read_replicas_run_part_time_is_billed_all_month_and_its_line_says_why(book):
    result = estimate(rds(hours_per_month=300, replicated=True), book)
    hours = result.lines[0]
    assert hours.quantity == D(730) and result.hours_per_month == 730
    assert hours.note.startswith("An RDS instance with read replicas, or one, cannot be stopped (Amazon RDS User Guide")
    alone = estimate(rds(hours_per_month=300), book).lines[0]
    assert alone.quantity == D(300) and alone.note == ""  # no replica: stopped outside its 300 hours


def test_replicated_is_refused_on_ec2_where_instances_are_stopped_as_you_choose(book):
    with pytest.raises(EstimateInvalid) as raised:
        estimate(ec2(replicated=True), book)
    assert any(p.field == "replicated" for p in raised.value.problems)
