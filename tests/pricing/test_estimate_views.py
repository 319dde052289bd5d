"""The /estimate page (its form, bill and problems) and POST /api/v1/estimate.

Expected amounts come from the price rows (the committed eu-west-1 offer file read with plain json, or the current
snapshot's rows) and from the Oracle price list in shared/reference/oracle-on-aws-features.md section 4 (EE $47,500
and SE2 $17,500 per processor/socket, support 22 % a year), worked by hand: quantity x unit price, rounded half-up
to cents per line.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from pricing import services
from tests.pricing.offer_data import offer, price_of
from tests.pricing.test_views import body_of, text_of

D = Decimal
HOURS = 730  # AWS's hours in a month (pricing-notes)
SE2_LIST, EE_LIST, SUPPORT = D(17500), D(47500), D("0.22")  # oracle-on-aws-features.md section 4


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(D("0.01"), rounding=ROUND_HALF_UP)


def money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def rds_price(family: str, **attributes: str) -> Decimal:
    """The one price of every eu-west-1 RDS product matching ``attributes`` (AWS repeats identical SKUs)."""
    data = offer("AmazonRDS")
    found = {
        D(price_of(data, sku))
        for sku, product in data["products"].items()
        if product["productFamily"] == family
        and all(product["attributes"].get(k, "") == v for k, v in attributes.items())
    }
    assert len(found) == 1, (family, attributes, found)
    return found.pop()


def se2_instance(licence: str) -> Decimal:
    return rds_price(
        "Database Instance",
        instanceType="db.m5.xlarge",
        databaseEdition="Standard Two",
        licenseModel=licence,
        deploymentOption="Single-AZ",
        deploymentModel="",
    )


GP3_SINGLE_AZ = {"volumeType": "General Purpose-GP3", "deploymentOption": "Single-AZ"}
SE2_CONFIG = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
    "storage": {"type": "gp3", "size_gib": 400},
    "commitment": "on-demand",
}


# --- /estimate --------------------------------------------------------------------------------------------------


def test_the_page_opens_on_a_worked_example_priced_line_by_line(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"))
    text = text_of(response)
    assert response.status_code == 200

    instance = cents(HOURS * se2_instance("Bring your own license"))  # 730 h x 0.378 = 275.94
    storage = cents(400 * rds_price("Database Storage", databaseEngine="Any", **GP3_SINGLE_AZ))  # 400 x 0.127
    purchase = cents(SE2_LIST / 36)  # 1 socket (4 vCPUs), bought over 3 years: 486.11
    support = cents(SE2_LIST * SUPPORT / 12)  # 22 % a year: 320.83
    aws, licences = instance + storage, purchase + support
    for amount in (instance, storage, purchase, support):
        assert f"{amount:,.2f}" in text
    assert f"AWS, monthly {money(aws)}" in text
    assert f"Oracle licences, monthly {money(licences)}" in text
    run_rate = "run-rate, licences spread over 3 years"
    assert f"Total, monthly {run_rate} {money(aws + licences)}" in text
    assert f"1 year (12 months) {run_rate} {money((aws + licences) * 12)}" in text
    assert f"3 years (36 months) {run_rate} {money((aws + licences) * 36)}" in text
    # cash as paid: the socket bought once in year 1, support (22% of 17,500 = 3,850.00) each year, AWS every month
    year_1 = aws * 12 + SE2_LIST + cents(SE2_LIST * SUPPORT)
    later = aws * 12 + cents(SE2_LIST * SUPPORT)
    assert f"Year 1 cash as paid, year 1 / 2 / 3 {money(year_1)}" in text
    assert f"Year 2 cash as paid, year 1 / 2 / 3 {money(later)}" in text
    assert f"3 years cash as paid, year 1 / 2 / 3 {money(year_1 + 2 * later)}" in text
    # every line names its price row and date; the snapshot is named next to the totals
    assert "AWS Price List, eu-west-1, 2023-02-23 · SKU RZQTAEF3AZC855U9" in text  # the name users know the row by
    # where the snapshot's rows came from, as a reader knows it: no database id, no "fixture"
    assert text.count("Amazon RDS prices for eu-west-1 held by the advisor, as of 2023-02-23") >= 4
    assert "snapshot #" not in text and "fixture" not in text
    assert "AmazonRDS" not in text and "bundled" not in text  # the price list's service code, how rows are kept
    assert response.context["share_url"].endswith("/estimate?")  # the defaults stay out of the link


def test_license_included_beside_byol_with_the_cheaper_one_and_the_difference(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"))
    text = text_of(response)
    storage = cents(400 * D("0.127"))
    byol = cents(HOURS * se2_instance("Bring your own license")) + storage
    byol += cents(SE2_LIST / 36) + cents(SE2_LIST * SUPPORT / 12)
    li = cents(HOURS * se2_instance("License included")) + storage  # 730 h x 0.982: the licence is in the price
    assert li < byol
    assert f"License Included cheaper AWS {money(li)} Oracle licences $0.00 Total a month {money(li)}" in text
    # both are run-rates: BYOL's licence purchase spread over the 3-year term, its year the monthly difference x 12
    assert (
        f"License Included is cheaper by {money(byol - li)} a month on the run-rate ({money((byol - li) * 12)} a year "
        "at that rate, the monthly difference x 12; run-rate, licences spread over 3 years)" in text
    )


def test_a_1_year_licence_term_says_the_3_year_run_rate_counts_the_purchase_once(client: Client, prices: None) -> None:
    text = text_of(client.get(reverse("pricing:estimate"), {"term_years": "1"}))

    aws = cents(HOURS * se2_instance("Bring your own license")) + cents(400 * D("0.127"))  # 275.94 + 50.80
    monthly = aws + cents(SE2_LIST / 12) + cents(SE2_LIST * SUPPORT / 12)  # + 1,458.33 + 320.83
    # 3 years: the monthly figure x 36, less the socket's 1,458.33.. a month for the 24 months past its 1-year spread
    # (17,500 / 12 x 24 = 35,000.00): the socket bought once, AWS and support for 36 months
    basis = "run-rate, licences spread over 1 year; the 3-year total counts the purchase once"
    assert f"3 years (36 months) {basis} {money(monthly * 36 - 35000)}" in text
    assert f"1 year (12 months) {basis} {money(monthly * 12)}" in text
    assert f"Total, monthly run-rate, licences spread over 1 year {money(monthly)}" in text


def test_license_included_is_not_offered_for_ee_on_rds(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"edition": "ee"})
    text = text_of(response)
    assert response.status_code == 200
    assert (
        "Not priced here: License Included (li) is not available for EE on RDS for Oracle; accepted: BYOL (byol)"
        in text
    )
    assert "is cheaper by" not in text


def test_optimize_cpus_saving_is_shown(client: Client, prices: None) -> None:
    # db.r5.2xlarge: 8 vCPUs; 2 active cores x 2 threads = 4 vCPUs = 2 EE processor licences instead of 4
    params = {"edition": "ee", "instance_class": "db.r5.2xlarge", "optimize_cpus_cores": "2"}
    text = text_of(client.get(reverse("pricing:estimate"), params))

    def monthly(licences: int) -> Decimal:
        return cents(licences * EE_LIST / 36) + cents(licences * EE_LIST * SUPPORT / 12)

    saving = monthly(4) - monthly(2)  # 8,761.11 - 4,380.56
    assert f"Optimize CPUs: saves {money(saving)} a month in Oracle licences" in text
    assert f"Oracle licences, monthly {money(monthly(2))}" in text


def test_htmx_requests_get_only_the_form_and_result(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"storage_gib": "500"}, headers={"HX-Request": "true"})
    body = body_of(response)
    assert body.lstrip().startswith('<div id="estimate" class="estimate-layout">')
    assert "<html" not in body
    assert f"{cents(500 * D('0.127')):,.2f}" in body


def test_the_query_string_is_the_configuration_and_the_share_link_reproduces_it(client: Client, prices: None) -> None:
    params = {
        "platform": "ec2",
        "instance_class": "r6i.2xlarge",
        "edition": "ee",
        "volume_type": "gp3",
        "volume_gib": "1000",
        "volume_iops": "6000",
        "volume_throughput": "250",
        "volume_count": "3",
        "snapshot_gib": "200",
        "options": ["diagnostics_pack", "tuning_pack"],
    }
    response = client.get(reverse("pricing:estimate"), params)
    text = text_of(response)
    share = response.context["share_url"]
    for key in ("platform=ec2", "volume_count=3", "options=diagnostics_pack&options=tuning_pack", "snapshot_gib=200"):
        assert key in share
    ec2 = offer("AmazonEC2")

    def ebs(family: str, **attributes: str) -> Decimal:
        found = {
            D(price_of(ec2, sku))
            for sku, p in ec2["products"].items()
            if p["productFamily"] == family and all(p["attributes"].get(k) == v for k, v in attributes.items())
        }
        assert len(found) == 1
        return found.pop()

    gp3 = cents(1000 * ebs("Storage", volumeApiName="gp3"))  # 1,000 GB x 0.088
    iops = cents(3000 * ebs("System Operation", usagetype="EU-EBS:VolumeP-IOPS.gp3"))  # 6,000 - 3,000 included
    assert text.count("EBS volume 3: gp3, 1,000 GiB") == 1 and text.count(f"{gp3:,.2f}") >= 3
    assert text.count(f"{iops:,.2f}") >= 3
    assert "EBS snapshots" in text and "Diagnostics Pack" in text and "Tuning Pack" in text

    again = client.get(share.replace("http://testserver", ""))
    assert text_of(again) == text


def test_switching_platform_keeps_the_instance_classs_twin(client: Client, prices: None) -> None:
    response = client.get(reverse("pricing:estimate"), {"platform": "ec2", "instance_class": "db.r5.large"})
    assert '<option value="r5.large" selected>' in body_of(response)
    back = client.get(reverse("pricing:estimate"), {"platform": "rds", "instance_class": "r5.large"})
    assert '<option value="db.r5.large" selected>' in body_of(back)


def test_estimated_lines_are_marked_with_their_note(client: Client, prices: None) -> None:
    # us-east-1 has no Multi-AZ instance price in its sources: the row is derived (2 x Single-AZ) and says so
    params = {"region": "us-east-1", "deployment": "multi-az", "edition": "ee", "instance_class": "db.r5.2xlarge"}
    response = client.get(reverse("pricing:estimate"), params)
    text = text_of(response)
    row = next(
        r
        for r in services.current_rows("us-east-1", "AmazonRDS")
        if r.attributes.get("instanceType") == "db.r5.2xlarge"
        and r.attributes.get("deploymentOption") == "Multi-AZ"
        and r.attributes.get("databaseEdition") == "Enterprise"
    )
    assert row.estimated and row.estimate_note
    assert "is-estimated" in body_of(response)
    # shown by the name users know (AWS's price list, where, when, and that a third party copied it) and the note in
    # words a customer reads; the full provenance stays in the price row (no tooltip: users read those too)
    assert (
        f"estimated AWS Price List, us-east-1, {row.as_of.isoformat()} (third-party copy) "
        "Estimated: twice the Single-AZ price: the copy of the AWS price list used has no Multi-AZ price, and AWS "
        "rounds each Multi-AZ price on its own, so it may be off by a fraction of a cent an hour" in text
    )
    assert "VI21" in row.description and "VI21" not in text
    assert f"SKU {row.sku}" not in text  # a key made up for a copied row cannot be looked up at AWS: not shown
    assert row.source not in body_of(response)
    assert f"{cents(HOURS * row.price_usd):,.2f}" in text


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"storage_gib": "10"}, "storage_gib", "10 GiB; RDS for Oracle gp3 accepts 20-65,536 GiB"),
        ({"edition": "ee", "licence_model": "li"}, "licence_model", "License Included (li) is not available for EE on RDS for Oracle; accepted: BYOL (byol)"),
        ({"discount_pct": "lots"}, "discount_pct", "'lots' is not a number; accepted: a percentage from 0 to 100"),
        ({"region": "eu-north-9"}, "region", "has no RDS for Oracle prices held; priced regions: af-south-1"),
        ({"instance_class": "db.zz.huge"}, "instance_class", "db.zz.huge has no RDS for Oracle SE2 BYOL Single-AZ price"),
        ({"platform": "ec2", "volume_count": "0"}, "volume_count", "accepted: a whole number of identical volumes from 1 to 64"),
        ({"standby": "maybe"}, "standby", "'maybe' is not accepted; accepted: blank (the default), true, false"),
        ({"av1_type": "gp3", "av1_gib": "100"}, "av1_gib", "100 GiB; RDS for Oracle additional volume gp3 accepts 200-65,536 GiB"),
        ({"av1_type": "gp3", "av2_type": "gp3", "av2_gib": "lots"}, "av2_gib", "'lots' is not a number; accepted: a whole number of GiB"),
        ({"av1_type": "gp9"}, "av1_type", "'gp9' is not accepted; accepted: 'gp3' or 'io2'"),
        ({"hours_per_month": "900"}, "hours_per_month", "900; accepted: 1-744 hours (a 31-day month), default 730"),
        ({"pdbs": "-1"}, "pdbs", "must be 0 or more"),
        ({"vcpus": "0"}, "vcpus", "0 vCPUs; accepted: 1 or more"),
        ({"db_version": "9i"}, "db_version", "'9i' is not accepted; accepted: '12.1', '12.2', '18c', '19c'"),
        ({"platform": "ec2", "free_tier": "on", "av1_type": "gp3"}, "volume_count", ""),  # RDS-only fields are not read on EC2
    ],
)  # fmt: skip
def test_bad_values_mark_the_field_and_say_what_is_accepted(
    client: Client, prices: None, params: dict[str, str], field: str, message: str
) -> None:
    if not message:
        response = client.get(reverse("pricing:estimate"), params)
        assert response.status_code == 200 and 'aria-invalid="true"' not in body_of(response)
        return
    response = client.get(reverse("pricing:estimate"), params)
    body = body_of(response)
    assert response.status_code == 422
    control = re.search(rf'<(input|select)[^>]* id="est-{field}"[^>]*>', body)
    assert control is not None and 'aria-invalid="true"' in control.group(0)
    error = re.search(rf'<p id="err-est-{field}" class="field-error">([^<]*)</p>', body)
    assert error is not None and message in error.group(1).replace("&#x27;", "'")
    assert "Monthly bill" not in body  # never a partial bill


def test_every_problem_is_listed_at_once(client: Client, prices: None) -> None:
    params = {"storage_gib": "10", "discount_pct": "x", "edition": "ee", "options": ["rac"], "region": "eu-west-1"}
    text = text_of(client.get(reverse("pricing:estimate"), params))
    assert "3 settings cannot be priced" in text
    # each named by the field's label, as the form shows it, not the config's path
    assert "Options and packs : Real Application Clusters is not available on RDS for Oracle" in text
    assert "licences.options" not in text and "storage.size_gib" not in text


def test_additional_volumes_and_instance_hours_are_priced_line_by_line(client: Client, prices: None) -> None:
    params = {"av1_type": "gp3", "av1_gib": "500", "av2_type": "gp3", "av2_gib": "1000", "hours_per_month": "200"}
    response = client.get(reverse("pricing:estimate"), params)
    text = text_of(response)
    assert response.status_code == 200
    gp3 = rds_price("Database Storage", databaseEngine="Any", **GP3_SINGLE_AZ)
    instance = cents(200 * se2_instance("Bring your own license"))  # 200 hours, not 730
    extra = cents(500 * gp3) + cents(1000 * gp3)
    assert "Additional volume 1: gp3 Single-AZ, 500 GiB" in text and f"{cents(500 * gp3):,.2f}" in text
    assert "Additional volume 2: gp3 Single-AZ, 1,000 GiB" in text and f"{cents(1000 * gp3):,.2f}" in text
    assert f"AWS, monthly {money(instance + cents(400 * gp3) + extra)}" in text
    assert "200 hours a month" in text
    share = response.context["share_url"]
    assert "av2_gib=1000" in share and "av1_gib=500" in share and "hours_per_month=200" in share
    assert text_of(client.get(share.replace("http://testserver", ""))) == text


def test_the_free_tier_credits_a_micro_instance_and_its_storage(client: Client, prices: None) -> None:
    params = {
        "free_tier": "on",
        "instance_class": "db.t3.micro",
        "storage_type": "gp2",
        "storage_gib": "20",
        "vcpus": "2",
    }
    text = text_of(client.get(reverse("pricing:estimate"), params))
    hourly = rds_price(
        "Database Instance",
        instanceType="db.t3.micro",
        databaseEdition="Standard Two",
        licenseModel="Bring your own license",
        deploymentOption="Single-AZ",
        deploymentModel="",
    )
    assert "AWS Free Tier: 730 micro instance hours" in text and f"-{cents(730 * hourly):,.2f}" in text
    assert "AWS Free Tier: 20 GB of gp2 storage" in text


def test_oracle_version_pdbs_and_the_vcpus_to_license_reach_the_licences(client: Client, prices: None) -> None:
    # 5 PDBs on 19c are more than the 3 a CDB holds without Multitenant: EE on the 4 vCPUs given of db.m5.2xlarge's 8
    # = 2 processors of each
    params = {"edition": "ee", "pdbs": "5", "db_version": "19c", "instance_class": "db.m5.2xlarge", "vcpus": "4"}
    text = text_of(client.get(reverse("pricing:estimate"), params))
    assert "Oracle Multitenant: 2 processor licence(s) to buy" in text
    assert "Oracle Database Enterprise Edition: 2 processor licence(s) to buy" in text
    # Hyper-threading off leaves one thread on each core: db.m5.2xlarge runs 2 threads per core (AWS's RDS processor
    # table), so the 4 vCPUs are 2 cores and run as 2 vCPUs, 1 per processor licence = 2, as many as with it on.
    no_ht = text_of(client.get(reverse("pricing:estimate"), {**params, "hyperthreading": "false"}))
    assert "Oracle Database Enterprise Edition: 2 processor licence(s) to buy" in no_ht
    assert "with hyper-threading off each core runs one" in no_ht


def test_an_unpriced_class_in_the_chosen_region_stays_selected_with_its_error(client: Client, prices: None) -> None:
    # db.x2iedn.xlarge is priced in eu-west-1 (2023 offer file) but not in af-south-1 (2021 data)
    response = client.get(reverse("pricing:estimate"), {"region": "af-south-1", "instance_class": "db.x2iedn.xlarge"})
    body = body_of(response)
    assert '<option value="db.x2iedn.xlarge" selected>db.x2iedn.xlarge (not available here)</option>' in body
    assert "priced classes:" in body


def test_the_bill_says_how_old_its_prices_are_and_warns_past_the_sites_limit(
    client: Client, user: Any, prices: None, settings: Any
) -> None:
    # the default page prices eu-west-1 RDS from the 2023-02-23 offer file, years past the default 180 days
    body = body_of(client.get(reverse("pricing:estimate")))
    assert 'class="price-age stale" role="alert"' in body
    assert "Prices as of 2023-02-23 (AWS Price List, eu-west-1)" in body and "Prices may have changed since" in body
    assert "on the Prices page" not in body  # what an admin does about it is said to staff only
    user.is_staff = True
    user.save()
    staff = body_of(client.get(reverse("pricing:estimate")))
    assert "An admin can refresh the AWS Price List for eu-west-1 on the Prices page." in staff
    settings.PRICE_STALE_AFTER_DAYS = 365 * 100
    assert 'class="price-age stale"' not in body_of(client.get(reverse("pricing:estimate")))


def test_more_vcpus_than_the_instance_has_or_a_term_past_ten_years_is_refused_on_its_field(
    client: Client, prices: None
) -> None:
    # db.m5.xlarge has 4 vCPUs: licences for 1,000 would be for vCPUs that do not exist
    text = text_of(client.get(reverse("pricing:estimate"), {"edition": "ee", "vcpus": "1000", "term_years": "1000"}))
    assert "1000 vCPUs; db.m5.xlarge has 4: accepted: 1 to 4" in text
    assert "1000; accepted: 1 to 10 years" in text
    assert "settings cannot be priced" in text


def test_a_number_past_the_shape_says_what_is_accepted_in_plain_words(client: Client, prices: None) -> None:
    text = text_of(client.get(reverse("pricing:estimate"), {"storage_gib": "99999999999999"}))
    # the largest volume any platform takes, not pydantic's wording
    assert "99,999,999,999,999 must be 65,536 or less." in text
    assert "Input should be" not in text
    # a long source is cut to the document's name: the refusal says what is accepted
    text = text_of(client.get(reverse("pricing:estimate"), {"storage_gib": "10"}))
    assert (
        "10 GiB; RDS for Oracle gp3 accepts 20-65,536 GiB (source: Amazon RDS User Guide, 'Amazon RDS DB instance storage' gp3 table, as of 2023-06-10)"
        in text
    )


def test_named_user_plus_is_priced_per_named_user_with_the_minimum_said(client: Client, prices: None) -> None:
    # the worked example (SE2 BYOL on db.m5.xlarge, single-AZ: 1 server) with 15 named users, above SE2's minimum of
    # 10 per server (Oracle's Technology Global Price List): 15 x $350 = $5,250 / 36 = $145.83, support x 22 % / 12 =
    # $96.25
    text = text_of(client.get(reverse("pricing:estimate"), {"metric": "nup", "named_users": "15"}))
    assert "15 named users, at least 10 per server = 15 Named User Plus × 1 server = 15" in text
    assert f"Oracle licences, monthly {money(D('145.83') + D('96.25'))}" in text
    assert "(Named User Plus)" in text and "Named User Plus metric" in text


def test_named_user_plus_without_its_named_users_is_refused_on_the_field(client: Client, prices: None) -> None:
    text = text_of(client.get(reverse("pricing:estimate"), {"metric": "nup"}))
    assert "Named User Plus needs the number of named users" in text
