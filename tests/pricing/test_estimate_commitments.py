"""/estimate offers only the commitments the current snapshot prices for the chosen class and Region, and
POST /api/v1/estimate refuses any other, naming the field and what is priced. Expected figures come from the
committed shared rows (us-east-1 r6i.xlarge: Karpenter 2026-07-20 on-demand 0.252; aws-commitments 2026-05-12
Standard All Upfront effective 0.155594 for 1 year, 0.099505 for 3 years)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from django.test import Client
from django.urls import reverse

from pricing.forms import EstimateForm

EC2_CONFIG = {
    "platform": "ec2",
    "region": "us-east-1",
    "instance_class": "r6i.xlarge",
    "edition": "ee",
    "licence_model": "byol",
    "licences": {"include": False},
}


def post(client: Client, data: Any) -> Any:
    return client.post(reverse("api:api-estimate"), json.dumps(data), "application/json")


def commitment_choices(**query: str) -> list[str]:
    form = EstimateForm.from_query(query)
    return [value for value, _ in form.fields["commitment"].choices]


def test_the_form_offers_only_the_priced_commitments(prices: None) -> None:
    ec2 = commitment_choices(platform="ec2", region="us-east-1", instance_class="r6i.xlarge")
    assert ec2 == ["on-demand", "reserved-1yr-all-upfront", "reserved-3yr-all-upfront"]
    # the 8th generation has on-demand prices only (no reservation in the shared sources)
    assert commitment_choices(platform="ec2", region="us-east-1", instance_class="r8i.xlarge") == ["on-demand"]
    # RDS for Oracle: no reservation is held offline; of the six reserved terms AWS sells five for RDS (No Upfront for
    # 1 year only), and the Database Savings Plan does not cover db.m5: five a refresh could price
    rds = dict(platform="rds", region="eu-west-1", instance_class="db.m5.xlarge", edition="se2", licence_model="byol")
    assert commitment_choices(**rds) == ["on-demand"]
    form = EstimateForm.from_query(rds)
    assert form.fields["commitment"].help_text == "5 more commitments for this class: no price held"


def test_a_priced_reservation_is_billed_at_its_effective_rate(client: Client, prices: None) -> None:
    response = post(client, {**EC2_CONFIG, "commitment": "reserved-1yr-all-upfront"})

    assert response.status_code == 200, response.json()
    data = response.json()
    (line,) = [ln for ln in data["lines"] if ln["component"] == "compute"]
    # 730 h x 0.155594 = 113.58362 -> 113.58 (the upfront fee is inside the effective rate, split not published)
    assert (line["unit_price_usd"], line["monthly_usd"]) == ("0.155594", "113.58")
    assert "split into upfront and hourly fee is not published" in line["note"]
    assert "Oracle licences are not discounted by AWS commitments" in " ".join(data["notes"])


def test_the_api_refuses_a_commitment_the_snapshot_does_not_price(client: Client, prices: None) -> None:
    response = post(client, {**EC2_CONFIG, "commitment": "savings-plan-compute-3yr-no-upfront"})

    assert response.status_code == 400
    errors = {e["path"]: e["message"] for e in response.json()["errors"]}
    assert set(errors) == {"commitment"}
    assert "no savings-plan-compute-3yr-no-upfront price held" in errors["commitment"]
    assert errors["commitment"].endswith(
        "commitments priced: on-demand, reserved-1yr-all-upfront, reserved-3yr-all-upfront"
    )


def test_the_api_names_an_unknown_commitment(client: Client, prices: None) -> None:
    response = post(client, {**EC2_CONFIG, "commitment": "reserved-5yr"})

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["path"] == "commitment" and "savings-plan-ec2-instance-1yr-no-upfront" in error["message"]


def test_storage_a_region_does_not_price_is_estimated_from_a_named_region(client: Client, prices: None) -> None:
    # us-east-2 holds EC2 instance hours (OZ 2024-04-04: r6i.xlarge 0.252) but no EBS prices; gp3 is priced at
    # us-east-1's row (pricing-notes §4c: 0.08 per GB-month), marked estimated: 500 x 0.08 = 40.00.
    response = post(client, {**EC2_CONFIG, "region": "us-east-2", "volumes": [{"type": "gp3", "size_gib": 500}]})

    assert response.status_code == 200, response.json()
    data = response.json()
    instance, storage = data["lines"]
    assert (instance["monthly_usd"], instance["estimated"]) == ("183.96", False)  # 0.252 x 730, read in us-east-2
    assert (storage["monthly_usd"], storage["estimated"]) == ("40.00", True)
    assert "no us-east-2 price held for EBS volume storage: estimated at us-east-1's price" in storage["note"]
    assert {s["region"] for s in data["price_snapshots"]} == {"us-east-2", "us-east-1"}


def test_an_instance_class_a_region_does_not_price_never_falls_back(client: Client, prices: None) -> None:
    # r8i has a 2026 price in us-east-1 only: us-east-2 refuses it rather than borrowing us-east-1's rate
    response = post(client, {**EC2_CONFIG, "region": "us-east-2", "instance_class": "r8i.xlarge"})

    assert response.status_code == 400
    assert [e["path"] for e in response.json()["errors"]] == ["instance_class"]


def test_the_page_shows_every_priced_commitment_beside_on_demand(client: Client, prices: None) -> None:
    query = {"platform": "ec2", "region": "us-east-1", "instance_class": "r6i.xlarge", "licences": "exclude"}
    query |= {"volume_type": "gp3", "volume_gib": "500", "volume_count": "1"}

    response = client.get(reverse("pricing:estimate"), query)

    assert response.status_code == 200
    page = response.content.decode()
    row = page[page.index('id="commitment-reserved-1yr-all-upfront"') :]
    row = row[: row.index("</tr>")]
    # 1 year All Upfront: 0.155594 x 8,760 = 1,363.00 upfront; a month 1,363.00 / 12 + 500 x 0.08 = 113.58 + 40.00;
    # cash as paid: each year 1,363.00 + 12 x 40.00 = 1,843.00 (the term is bought again in months 13 and 25);
    # 36 months 3 x 1,363.00 + 1,440.00 = 5,529.00 (the yearly and 36-month columns in whole dollars)
    for figure in ("$1,363.00", "$153.58", "$1,843<", "$5,529<"):
        assert figure in row, figure
    assert row.count("$1,843<") == 3  # year 1, 2 and 3
    assert "AWS Price List, us-east-1, 2026-05-12 (third-party copy)" in row and "Vantage" not in row
    assert "22 commitments without a price held</summary>" in page  # not staff: nothing said of refreshing
    assert "Oracle licences are not discounted" in page


def test_a_three_year_all_upfront_reservation_pays_its_upfront_in_year_one_and_says_each_basis(
    client: Client, prices: None
) -> None:
    # RI-us-east-1-r6i.xlarge-3yr-standard-all-upfront (fixtures/prices/ec2-reserved-instances.jsonl, 2026-05-12):
    # effective 0.099505 an hour; All Upfront has no hourly part, so the upfront fee = 0.099505 x 26,280 = 2,614.9914
    # -> 2,614.99. Oracle EE on 4 vCPUs with hyper-threading: 2 processor licences x 47,500 = 95,000.00 bought once,
    # support 22% = 20,900.00 a year.
    response = post(client, {**EC2_CONFIG, "licences": {"include": True}, "commitment": "reserved-3yr-all-upfront"})

    assert response.status_code == 200, response.json()
    data = response.json()
    cash = data["cash_as_paid"]
    assert cash["basis"] == "cash as paid, year 1 / 2 / 3"
    # year 1: the upfront 2,614.99 + 12 months of hourly part (0.00) + 95,000.00 + 20,900.00 = 118,514.99
    assert cash["year_1_usd"] == "118514.99"
    # years 2 and 3: support only, 20,900.00 (the upfront fee is not paid again within the 3-year term)
    assert (cash["year_2_usd"], cash["year_3_usd"]) == ("20900.00", "20900.00")
    assert cash["three_year_usd"] == "160314.99"  # 118,514.99 + 2 x 20,900.00
    assert cash["paid_at_start_usd"] == "118514.99"
    run_rate = data["run_rate"]
    # run-rate: 2,614.99 / 36 = 72.638.. -> 72.64, + 95,000 / 36 (2,638.89) + 20,900 / 12 (1,741.67) = 4,453.20
    assert run_rate["basis"] == data["totals_basis"] == "run-rate, licences spread over 3 years"
    assert run_rate["monthly_usd"] == data["total_monthly_usd"] == "4453.20"
    assert run_rate["three_year_usd"] == "160315.20"  # 4,453.20 x 36: within cents of the cash over a 3-year term


def test_a_partial_upfront_term_whose_split_is_not_published_says_its_years_and_break_even_are_not_known(
    client: Client, prices: None
) -> None:
    # us-east-1 x2iedn.32xlarge (vantage-sh/ec2instances.info, 2025-06-11): Standard 3 years Partial Upfront held as
    # the effective rate 7.922767 only; 500 GiB gp3 x 0.08 = 40.00 a month beside it: (7.922767 x 730 + 40.00) x 36
    # = 209,650.31676 -> $209,650 over 36 months, however the upfront part is split.
    query = {"platform": "ec2", "region": "us-east-1", "instance_class": "x2iedn.32xlarge", "licences": "exclude"}
    query |= {"volume_type": "gp3", "volume_gib": "500", "volume_count": "1"}

    response = client.get(reverse("pricing:estimate"), query)

    assert response.status_code == 200
    page = response.content.decode()
    row = page[page.index('id="commitment-reserved-3yr-partial-upfront"') :]
    row = row[: row.index("</tr>")]
    assert "$209,650<" in row and "not published" in row
    assert row.count(">not known<") == 4  # year 1, 2 and 3, and the month from which it is cheaper
    one = page[page.index('id="commitment-reserved-1yr-partial-upfront"') :]
    one = one[: one.index("</tr>")]
    assert one.count(">not known<") == 1  # each year is a whole 1-year term: only the month is not known
    # said once for the terms that share a reason, naming them
    notes = re.findall(r'<p class="sub timing-not-known">(.*?)</p>', page)
    assert len(notes) == 2  # the 1-year terms' reason, and the 3-year terms'
    assert notes[1].startswith("Reserved 3yr Partial Upfront, Reserved 3yr Partial Upfront (convertible): The upfront")
    assert "not published apart from the hourly fee" in notes[1] and "year by year" in notes[1]


def test_a_partial_upfront_estimate_answers_null_for_the_years_it_does_not_know(client: Client, prices: None) -> None:
    config = {**EC2_CONFIG, "instance_class": "x2iedn.32xlarge", "commitment": "reserved-3yr-partial-upfront"}

    response = post(client, config)

    assert response.status_code == 200, response.json()
    cash = response.json()["cash_as_paid"]
    assert (cash["year_1_usd"], cash["year_2_usd"], cash["year_3_usd"]) == (None, None, None)
    assert cash["paid_at_start_usd"] is None and cash["cumulative_usd"] == []
    assert cash["three_year_usd"] == "208210.32"  # 7.922767 x 730 x 36 = 208,210.31676
    assert any("not published apart from the hourly fee" in note for note in cash["notes"])


def test_the_openapi_document_describes_both_bases(client: Client) -> None:
    document = client.get("/api/v1/openapi.json").json()

    answer = document["paths"]["/api/v1/estimate"]["post"]["responses"]["200"]
    properties = answer["content"]["application/json"]["schema"]["properties"]
    assert {"totals_basis", "run_rate", "cash_as_paid"} <= set(properties)
    assert "year_1_usd" in properties["cash_as_paid"]["properties"]
    assert "licence purchase once in month 1" in properties["cash_as_paid"]["description"]
    recommendations = document["paths"]["/api/v1/recommendations"]["post"]["responses"]["200"]
    assert "cash as paid" in recommendations["description"]


DATABASE_PLAN = "savings-plan-database-1yr-no-upfront"
ONLY = "Database Savings Plans cover RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i only"


def test_the_api_refuses_a_database_savings_plan_for_a_class_it_does_not_cover(client: Client, prices: None) -> None:
    rds = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "ee",
           "licence_model": "byol", "deployment": "single-az", "storage": {"type": "gp3", "size_gib": 100},
           "licences": {"include": False}}  # fmt: skip
    response = post(client, {**rds, "commitment": DATABASE_PLAN})

    assert response.status_code == 400
    errors = {e["path"]: e["message"] for e in response.json()["errors"]}
    assert errors == {
        "commitment": f"{ONLY}: db.m5.xlarge is not one of them; accepted for RDS for Oracle db.m5.xlarge EE BYOL "
        "Single-AZ: on-demand"
    }
    li = post(client, {**rds, "edition": "se2", "licence_model": "li", "commitment": DATABASE_PLAN})
    assert li.status_code == 400
    assert li.json()["errors"][0]["message"].startswith(f"{ONLY}: License Included is not covered; accepted for")


def test_the_api_refuses_rds_3_year_no_upfront_as_not_offered(client: Client, prices: None) -> None:
    rds = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "ee",
           "licence_model": "byol", "deployment": "single-az", "storage": {"type": "gp3", "size_gib": 100},
           "licences": {"include": False}, "commitment": "reserved-3yr-no-upfront"}  # fmt: skip
    response = post(client, rds)

    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "path": "commitment",
            "message": "not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term only (source: "
            "AWS's Amazon RDS Reserved Instances page and Archera's RDS commitment brief, 2026-03); accepted for RDS "
            "for Oracle db.m5.xlarge EE BYOL Single-AZ: on-demand",
        }
    ]


def test_the_api_refuses_a_database_savings_plan_on_ec2(client: Client, prices: None) -> None:
    response = post(client, {**EC2_CONFIG, "commitment": DATABASE_PLAN})

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["path"] == "commitment"
    assert error["message"] == (
        f"{ONLY}; they do not cover self-managed EC2 or RDS Custom; accepted for EC2 Linux r6i.xlarge: on-demand, "
        "reserved-1yr-all-upfront, reserved-3yr-all-upfront"
    )


def test_the_page_says_why_a_database_savings_plan_is_not_offered(client: Client, prices: None) -> None:
    query = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "ee",
             "licence_model": "byol", "deployment": "single-az", "storage_type": "gp3", "storage_gib": "100"}  # fmt: skip
    page = client.get(reverse("pricing:estimate"), query).content.decode()
    assert f"{ONLY}: db.m5.xlarge is not one of them" in page
    # the form offers what is priced for the class and does not count the plan among those a refresh would price
    assert commitment_choices(**query) == ["on-demand"]
    assert "5 more commitments" in EstimateForm.from_query(query).fields["commitment"].help_text


def test_the_commitments_not_priced_are_counted_as_the_form_counts_them(client: Client, prices: None) -> None:
    # RDS for Oracle SE2 BYOL on db.m5.xlarge in eu-west-1 (2023-02-23 rows): no reservation row is held for it (5
    # reservations AWS sells for RDS: 1 year, each upfront; 3 years Partial and All Upfront), 3 years No Upfront is not
    # sold for RDS and a Database Savings Plan does not cover db.m5 at all; the form says the 5 with no price held,
    # and the table counts them apart from the 2 not offered
    query = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "se2",
             "licence_model": "byol", "deployment": "single-az"}  # fmt: skip

    page = client.get(reverse("pricing:estimate"), query).content.decode()

    assert "5 more commitments for this class: no price held" in page
    assert "5 commitments without a price held; 2 commitments not offered for this deployment</summary>" in page
    assert (
        "<li>Reserved 3yr No Upfront: not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term "
        "only (source: AWS&#x27;s Amazon RDS Reserved Instances page and Archera&#x27;s RDS commitment brief, "
        "2026-03)</li>" in page
    )
    assert "Reserved 3yr No Upfront: no price held" not in page
    assert "Database Savings Plans cover RDS for Oracle BYOL on db.r7i, db.r8i and db.m8i only" in page


def _row(page: str, commitment: str) -> str:
    row = page[page.index(f'id="commitment-{commitment}"') :]
    return html.unescape(re.sub(r"\s+", " ", row[: row.index("</tr>")]))


def test_a_one_year_term_says_the_months_its_renewal_makes_it_dearer_and_a_dearer_term_costs_more(
    client: Client, prices: None
) -> None:
    query = {"platform": "ec2", "region": "us-east-1", "instance_class": "r6i.xlarge", "licences": "exclude"}
    query |= {"volume_type": "gp3", "volume_gib": "500", "volume_count": "1"}

    page = client.get(reverse("pricing:estimate"), query).content.decode()

    # on-demand 0.252 x 730 + 40.00 = 223.96 a month; 1 year All Upfront 1,363.00 a year + 40.00 a month: cheaper
    # from month 8 (1,683.00 <= 1,791.68), dearer in months 13 (3,246.00 > 2,911.48) and 14 (3,286.00 > 3,135.44)
    # once the renewal is paid, cheaper again from month 15 (3,326.00 <= 3,359.40) to month 36
    one = _row(page, "reserved-1yr-all-upfront")
    assert (">8, dearer again in months 13 and 14 when the renewal's upfront fee is paid, cheaper again from month "
            "15<") in one  # fmt: skip
    assert ">$2,534<" in one  # 8,062.56 - 5,529.00 = 2,533.56
    three = _row(page, "reserved-3yr-all-upfront")
    assert ">15<" in three  # 2,614.99 upfront once: cheaper from 14.2 months, and so to the end

    # run 200 hours a month, on-demand compute is 0.252 x 200 = 50.40 a month: 1 year All Upfront pays 3 x 1,363.00 =
    # 4,089.00 against 36 x 50.40 = 1,814.40, so 2,274.60 more
    page = client.get(reverse("pricing:estimate"), query | {"hours_per_month": "200"}).content.decode()
    one = _row(page, "reserved-1yr-all-upfront")
    assert ">costs $2,275 more<" in one and "$-" not in one
    assert ">–<" in one  # never cheaper in 36 months


def test_an_admin_is_told_of_a_refresh_only_where_one_could_price_a_commitment(
    client: Client, user: Any, prices: None
) -> None:
    user.is_staff = True
    user.save()
    hint = "(an admin can refresh this Region's prices on the Prices page)"
    # RDS on db.m5.xlarge: 5 reservations AWS sells for RDS have no price held, a refresh may bring them
    held = {"platform": "rds", "region": "eu-west-1", "instance_class": "db.m5.xlarge", "edition": "se2",
            "licence_model": "byol", "deployment": "single-az"}  # fmt: skip
    assert hint in client.get(reverse("pricing:estimate"), held).content.decode()
    # on the AWS Free Tier every commitment is not offered (it credits on-demand usage only): nothing to refresh
    free = {**held, "instance_class": "db.t3.micro", "free_tier": "on", "storage_type": "gp2", "storage_gib": "20"}
    page = client.get(reverse("pricing:estimate"), free).content.decode()
    assert "7 commitments not offered for this deployment</summary>" in page and hint not in page
