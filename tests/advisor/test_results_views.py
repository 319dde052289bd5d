"""The results page, its htmx preview, and POST /api/v1/recommendations (prices from the committed fixtures)."""

import html
import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.engine.workload import LicenceCosting
from advisor.models import ShareLink
from advisor.reports import pdf as report
from tests.conftest import form_data

pytestmark = pytest.mark.django_db

SMALL = load_scenario(SCENARIO_DIR / "small-oltp-se2.json")


@pytest.fixture
def small_assessment(prices):
    meta = services.AssessmentMeta(name=SMALL.name, customer=SMALL.customer, project=SMALL.project)
    return services.assessment_create(meta=meta, workload=SMALL.workload)


def test_results_show_every_option_side_by_side_with_the_recommendation(client, small_assessment):
    url = reverse("advisor:assessment-results", args=[small_assessment.public_id])
    body = client.get(url).content.decode()
    assert 'id="recommended-option">Amazon RDS for Oracle<' in body
    # db.m5.xlarge SE2 LI Multi-AZ at 1.964/h x 730 + 229 GiB gp3 at 0.254 (pricing-notes §4a/§4d, eu-west-1)
    assert "$1,491.89" in body
    for option in ("rds", "rds_custom", "ec2", "odb"):
        assert f'id="option-{option}"' in body
    assert 'data-plotly-figure="cost-chart"' in body and "Monthly cost by component as a table" in body
    # RDS Custom is BYOL and has no SE2 Multi-AZ rows in eu-west-1: the column says what is missing, and where
    assert (
        "No RDS Custom for Oracle SE2 BYOL Multi-AZ instance price is held for eu-west-1, so this option is not priced"
        " there." in body
    )
    assert "eu-west-1, 2023-02-23" in body  # the RDS bill's price rows are from the 2023-02-23 offer file
    # the EC2 column prices Reserved Instances from the committed rows: the page must not say none are held
    assert "Reserved 3yr All Upfront: $" in body and "no reserved totals" not in body
    assert "each option's commitments show the Reserved Instance and Savings Plans prices the snapshots hold" in body
    # the price sources read as users know them; the files and dataset keys stay in the tooltip only
    shown = re.sub(r"<[^>]+>", " ", body)
    assert re.search(r"AWS Price List, eu-west-1, 2023-02-23: \d+ price rows", shown)
    assert "VI21:" not in shown and "cycloidio/terracost" not in shown and "AWS bulk offer file" not in shown
    # the verdicts' counts read as words: "2 warnings", "1 cost note", never "2 warning"
    counts = re.findall(r'class="sev sev-(?:blocker|warning|cost)">(\d[^<]*)<', body)
    assert counts and all(
        re.fullmatch(r"1 (blocker|warning|cost note)|\d+ (blockers|warnings|cost notes)", c) for c in counts
    ), counts


def test_changing_an_answer_updates_the_results_without_saving(client, small_assessment):
    url = reverse("advisor:assessment-results-preview", args=[small_assessment.public_id])
    bigger = SMALL.workload.model_copy(
        update={"sizing": SMALL.workload.sizing.model_copy(update={"peak_cpu": 6, "average_cpu": 3})}
    )
    body = client.post(url, form_data(bigger, name=SMALL.name)).content.decode()
    assert body.lstrip().startswith('<section id="results-body"')
    # 6 x 1.2 = 7.2 vCPUs: the 4-vCPU db.m5.xlarge no longer fits
    assert "db.m5.xlarge: 4 vCPUs, 16 GiB" not in body  # not the configuration chosen any more
    assert "db.m5.xlarge: 4 vCPUs, needs 7.2 vCPUs" in body  # but among the cheaper classes that do not fit
    small_assessment.refresh_from_db()
    assert small_assessment.workload["sizing"]["peak_cpu"] == SMALL.workload.sizing.peak_cpu


def test_invalid_answers_list_what_is_missing_with_links_to_the_fields(client, small_assessment):
    url = reverse("advisor:assessment-results-preview", args=[small_assessment.public_id])
    data = form_data(SMALL.workload, name=SMALL.name) | {"sizing.db_size_gib": ""}
    body = client.post(url, data).content.decode()
    assert "missing or invalid: no results until they are fixed" in body
    assert 'href="#f-sizing-db-size-gib"' in body
    assert 'id="recommended-option"' not in body


def test_saving_from_the_results_page_returns_to_the_results(client, small_assessment):
    data = form_data(SMALL.workload, name=SMALL.name) | {"next": "results"}
    response = client.post(small_assessment.get_absolute_url(), data)
    assert response.status_code == 302
    assert response["Location"] == reverse("advisor:assessment-results", args=[small_assessment.public_id])


def test_api_recommends_per_option(client, prices):
    response = client.post(reverse("advisor:api-recommendations"), SMALL.workload.model_dump(mode="json"),
                           "application/json")  # fmt: skip
    assert response.status_code == 200
    rds = response.json()["options"][0]
    assert rds["configuration"]["instance_class"] == "db.m5.xlarge"
    assert rds["cost"]["total_monthly_usd"] == "1491.89"
    assert {"verdict", "findings", "capacity", "alternatives"} <= set(rds)


def test_api_refuses_an_invalid_workload_with_field_paths(client):
    response = client.post(reverse("advisor:api-recommendations"), {"sizing": {"peak_cpu": 0}}, "application/json")
    assert response.status_code == 400
    assert "sizing.peak_cpu" in {e["path"] for e in response.json()["errors"]}


def test_cli_recommend_json(tmp_path, capsys, prices):
    from django.core.management import call_command

    path = tmp_path / "w.json"
    path.write_text(SMALL.workload.model_dump_json())
    call_command("recommend", "--workload", str(path), "--json")
    out = json.loads(capsys.readouterr().out)
    assert [o["option"] for o in out["options"]] == ["rds", "rds_custom", "ec2", "odb"]
    assert out["options"][0]["cost"]["total_monthly_usd"] == "1491.89"


def test_switching_a_price_snapshot_is_seen_by_the_next_recommendation(
    small_assessment, django_capture_on_commit_callbacks
):
    from pricing.models import PriceSnapshot
    from pricing.services import snapshot_activate, snapshot_rows, snapshot_write

    first = services.recommendation_for(SMALL.workload)
    current = PriceSnapshot.objects.get(region="eu-west-1", service="AmazonRDS", is_current=True)
    # The same rows with every price doubled: the chosen class stays, its bill doubles.
    doubled = [row.model_copy(update={"price_usd": row.price_usd * 2}) for row in snapshot_rows(current)]
    with django_capture_on_commit_callbacks(execute=True):
        snapshot_write(doubled, region="eu-west-1", service="AmazonRDS", source="test: doubled", as_of=current.as_of)
    second = services.recommendation_for(SMALL.workload)
    # each line is rounded to cents on its own: 2 x 1.964 x 730 hours + 229 GiB x 2 x 0.254
    doubled_total = (Decimal("3.928") * 730).quantize(Decimal("0.01")) + (Decimal("0.508") * 229).quantize(
        Decimal("0.01")
    )
    assert second.options[0].chosen.total_monthly_usd == doubled_total
    with django_capture_on_commit_callbacks(execute=True):
        snapshot_activate(current)
    assert (
        services.recommendation_for(SMALL.workload).options[0].chosen.total_monthly_usd
        == first.options[0].chosen.total_monthly_usd
    )


LATENCY_DR = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json")


def test_the_page_the_api_and_the_cli_agree_line_for_line_on_the_topology(client, prices, tmp_path):
    from django.core.management import call_command

    meta = services.AssessmentMeta(name=LATENCY_DR.name, customer="", project="")
    assessment = services.assessment_create(meta=meta, workload=LATENCY_DR.workload)
    body = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    api = client.post("/api/v1/recommendations", data=LATENCY_DR.workload.model_dump_json(),
                      content_type="application/json").json()  # fmt: skip
    path = tmp_path / "w.json"
    path.write_text(LATENCY_DR.workload.model_dump_json())
    out = tmp_path / "out.json"
    with out.open("w") as stream:
        call_command("recommend", "--workload", str(path), "--json", stdout=stream)
    cli = json.loads(out.read_text())
    api_ec2 = next(o for o in api["options"] if o["option"] == "ec2")
    cli_ec2 = next(o for o in cli["options"] if o["option"] == "ec2")
    assert api_ec2["topology"] == cli_ec2["topology"] and api_ec2["cost"] == cli_ec2["cost"]
    members = api_ec2["topology"]["members"]
    assert [m["role"] for m in members] == ["primary", "local-standby", "dr-standby"]
    assert [m["open_read_only"] for m in members] == [False, True, False]
    assert members[2]["region"] == "eu-central-1"
    for member in members:
        assert f"${Decimal(member['monthly_usd']):,.2f}" in body
        for line in member["lines"]:
            assert line["name"] in body
    assert f"${Decimal(api_ec2['cost']['total_monthly_usd']):,.2f}" in body
    # the words say what the bill counts: r5b.4xlarge, 16 vCPUs = 8 licences a server; 3 servers x 8 = 24; Active
    # Data Guard on the primary and the standby open read-only, 2 x 8 = 16, none on the mounted DR standby
    shown = html.unescape(body)
    assert "Oracle licences: 3 servers × 8 processor licences = 24 in all, per product; Active Data Guard on 2 of " \
           "them (the primary's and those open read-only) = 16" in shown  # fmt: skip
    assert "mounted (it takes no reads): licensed like the primary but without Active Data Guard" in shown


def test_the_source_host_field_scales_the_cpu_need_and_an_unmeasured_type_is_refused(client, small_assessment):
    url = reverse("advisor:assessment-results-preview", args=[small_assessment.public_id])
    data = form_data(SMALL.workload, name=SMALL.name)
    # r5.large: 14,578.0 CoreMark per thread (ec2-benchmarks-coremark); each candidate's reason compares its own.
    body = client.post(url, {**data, "sizing.source_instance_type": "r5.large"}).content.decode()
    assert "against 14,578 on r5.large (measured 2025-12-10)" in body
    refused = client.post(url, {**data, "sizing.source_instance_type": "r6in.large"}).content.decode()
    assert "no measured CoreMark for &#x27;r6in.large&#x27;" in refused


def test_prices_older_than_the_sites_limit_are_called_out_in_neutral_words(client, small_assessment, settings):
    url = reverse("advisor:assessment-results", args=[small_assessment.public_id])
    # the RDS rows are from the 2023-02-23 eu-west-1 offer file: years past the default 180 days
    body = client.get(url).content.decode()
    assert 'class="price-age stale" role="alert"' in body
    assert "Prices as of 2023-02-23" in body and "more than 180 days" in body
    assert "Prices may have changed since" in body
    assert "on the Prices page" not in body  # the signed-in user is not staff: no admin's instruction
    settings.PRICE_STALE_AFTER_DAYS = 365 * 100  # a site that tolerates old prices: a quiet line, no banner
    quiet = client.get(url).content.decode()
    assert 'class="price-age stale"' not in quiet and '<p class="price-age">Prices as of 2023-02-23' in quiet


def test_what_to_refresh_is_said_to_staff_on_their_page_only_never_on_a_share_page_or_the_pdf(
    client, user, small_assessment
):
    hint = "An admin can refresh the AWS Price List for eu-west-1 on the Prices page."
    user.is_staff = True
    user.save()
    page = client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    assert hint in page
    client.post(reverse("accounts:share-panel", args=[small_assessment.public_id]), {"days": "7"})
    link = ShareLink.objects.get(assessment=small_assessment)
    shared = client.get(reverse("accounts:shared-results", args=[link.token])).content.decode()  # staff, even
    assert "Prices may have changed since" in shared and "on the Prices page" not in shared
    document = report.report_document(assessment=small_assessment)
    assert "Prices may have changed since" in document.html
    assert "on the Prices page" not in document.html + document.footer_html


def test_the_banner_the_table_and_the_price_section_date_the_prices_with_one_line(client, small_assessment):
    body = html.unescape(
        client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    )
    # small-oltp-se2 in eu-west-1: both fixture offer files there (AmazonEC2, AmazonRDS) are the 2023-02-23 dump
    line = "Prices as of 2023-02-23 (AWS Price List, eu-west-1)"
    assert body.count(line) == 3  # the banner, the table's row and the price section
    assert "Prices date from" not in body and "Price snapshots used" not in body


def test_the_backups_and_what_is_not_priced_are_on_the_page_and_the_total_says_it_is_partial(client, small_assessment):
    body = client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    # small-oltp-se2 on EC2: 150 GiB, 14-day retention, no daily change: the first full copy, 150 x 0.05 = 7.50
    assert "EBS snapshots for the 14-day backup retention: a first full copy of 150 GiB" in body
    assert "$7.50" in body
    assert "not priced</span> Backups after the first full copy: no daily change is given" in body
    assert "partial: it leaves out what is listed as not priced above" in body
    assert "partial: 1 cost left out (listed under the option)" in body


def test_each_option_shows_its_best_commitment_beside_on_demand(client, small_assessment):
    body = client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    # EC2 m5.xlarge eu-west-1: 3-year All Upfront at 0.080479/h effective, with the 7.50 of EBS snapshots on demand
    # 36 months, cash as paid: 2,114.99 + 27.65 x 36 + the SE2 licence 17,500.00 + 3 years of support x 3,850.00
    # = 32,160.39 (worked in test_option_commitments); the month is the run-rate
    assert ("Reserved 3yr All Upfront: $893.34 a month (run-rate), $2,115 upfront, $32,160 over 36 months, cash as "
            "paid (saves $3,509; cheaper from month 14)") in body  # fmt: skip
    # RDS for Oracle: no reservation in the offline snapshot, said rather than guessed
    assert "On-demand only: no price held for db.m5.xlarge in eu-west-1" in body
    assert "Oracle licences are not discounted" in body


def test_the_api_returns_the_commitments_the_page_shows(client, prices):
    response = client.post("/api/v1/recommendations", SMALL.workload.model_dump(mode="json"), "application/json")
    ec2 = next(o for o in response.json()["options"] if o["option"] == "ec2")
    assert ec2["commitments"]["best_36_months"] == "reserved-3yr-all-upfront"
    best = next(t for t in ec2["commitments"]["totals"] if t["commitment"] == "reserved-3yr-all-upfront")
    # 885.84 of reserved instance and volumes + 7.50 of EBS snapshots (150 GiB x 0.05), on demand whatever is committed
    assert Decimal(best["monthly_usd"]).quantize(Decimal("0.01")) == Decimal("893.34")
    assert best["break_even_month"] == 14
    # the bill's new lines and what is not priced travel in the JSON too
    topology, cost = ec2["topology"], ec2["cost"]
    assert [b["monthly_usd"] for b in topology["backups"]] == ["7.50"] and cost["partial"] is True
    assert topology["not_priced"] and topology["not_priced"][0].startswith("Backups after the first full copy")


def test_the_customers_licence_terms_change_the_licence_lines(client, prices):
    """Discount, support uplift and support-only costing from the questionnaire reach the bill."""
    oracle = SMALL.workload.oracle.model_copy(
        update={"licence_discount_pct": 40.0, "support_uplift_pct": 5.0, "licence_costing": LicenceCosting.SUPPORT_ONLY}
    )
    workload = SMALL.workload.model_copy(update={"oracle": oracle})
    response = client.post("/api/v1/recommendations", workload.model_dump(mode="json"), "application/json")
    ec2 = next(o for o in response.json()["options"] if o["option"] == "ec2")
    licences = ec2["topology"]["licences"]
    names = " | ".join(line["name"] for line in licences["lines"])
    # SE2 on m5.xlarge (4 vCPUs): 1 socket; 40 % off the $17,500 list = $10,500; support only, 22 % a year rising 5 %:
    # 10,500 x 0.22 = 2,310 in year 1; average over 3 years 2,310 x (1 + 1.05 + 1.1025) / 3 = 2,427.43 = 202.29 a month
    assert "to buy" not in names  # support only: no purchase line
    assert "of $10,500.00, rising 5% a year (the average over 3 years)" in names
    assert [line["monthly_usd"] for line in licences["lines"]] == ["202.29"]
    assert any("Support only, as asked" in note for note in licences["notes"])


def test_a_region_with_instance_prices_only_gets_storage_from_a_named_region_marked_estimated(client, prices):
    environment = SMALL.workload.environment.model_copy(update={"region": "eu-central-1"})
    workload = SMALL.workload.model_copy(update={"environment": environment})
    response = client.post("/api/v1/recommendations", workload.model_dump(mode="json"), "application/json")
    ec2 = next(o for o in response.json()["options"] if o["option"] == "ec2")
    lines = ec2["topology"]["members"][0]["lines"]
    hours = next(line for line in lines if "instance hours" in line["name"])
    volume = next(line for line in lines if "EBS volume" in line["name"])
    assert not hours["estimated"]  # instance hours are eu-central-1's own price, never borrowed
    # why it is estimated first (pages say "estimated: <note>"), then what its gp3 price includes
    assert volume["estimated"] and volume["note"] == (
        "no eu-central-1 price held for EBS volume storage: estimated at eu-west-1's price; "
        "gp3 includes 3,000 IOPS and 125 MiB/s; only what is provisioned above them is charged"
    )


def test_option_licences_owned_per_product_are_counted_product_by_product(client, prices):
    """EE on EC2 with Partitioning: owning Partitioning leaves only the database's licences to buy."""
    workload = load_scenario(SCENARIO_DIR / "large-ee-warehouse.json").workload
    workload = workload.model_copy(
        update={"environment": workload.environment.model_copy(update={"region": "eu-west-1"})}
    )
    body = workload.model_dump(mode="json")
    body["oracle"]["option_licences_owned"] = "partitioning=64"
    response = client.post("/api/v1/recommendations", body, "application/json")
    ec2 = next(o for o in response.json()["options"] if o["option"] == "ec2")
    products = {p["key"]: p for p in ec2["topology"]["licences"]["products"]}
    assert products["partitioning"]["owned"] == products["partitioning"]["required"]  # 64 owned cover the need
    assert products["partitioning"]["to_buy"] == 0
    assert products["ee"]["owned"] == workload.oracle.processor_licences_owned  # the database's own answer
    body["oracle"]["option_licences_owned"] = "partitionning=8"
    refused = client.post("/api/v1/recommendations", body, "application/json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"] == "oracle.option_licences_owned"


def test_a_dr_copy_whose_storage_is_priced_at_another_region_dates_that_region_s_rows(client, prices):
    # the DR copy runs in eu-central-1, whose snapshots price instance hours (2024-04-04) but no storage: its
    # storage lines are eu-west-1's 2023-02-23 rows; the one price-date line names both Regions and reaches
    # eu-central-1's 2024-04-04 (the oldest rows used are the RDS Multi-AZ rows copied on 2021-08-03)
    dr = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json")
    assert dr.workload.availability.dr_region == "eu-central-1"
    saved = services.assessment_create(meta=services.AssessmentMeta(name=dr.name), workload=dr.workload)

    body = client.get(reverse("advisor:assessment-results", args=[saved.public_id])).content.decode()

    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))
    assert "Prices as of 2021-08-03 to 2024-04-04 (AWS Price List, eu-central-1 and eu-west-1)" in text


def test_an_alternative_whose_dr_copy_has_no_price_there_says_so_instead_of_a_difference(client, prices):
    # eu-central-1's held RDS rows (2021) lack the newer classes: their replicas stand in at eu-west-1's price, so
    # they are listed after the classes priced in both Regions, saying why, with no difference that may be negative
    dr = load_scenario(SCENARIO_DIR / "latency-oltp-cross-region-dr.json")
    saved = services.assessment_create(meta=services.AssessmentMeta(name=dr.name), workload=dr.workload)

    body = client.get(reverse("advisor:assessment-results", args=[saved.public_id])).content.decode()

    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))
    assert (
        "(its DR copy priced at the primary Region's price, estimated: no price is held for it in the DR "
        "Region, so it is compared after the classes priced there)" in text
    )
    assert "+$-" not in text


def test_the_recommendation_is_said_once_not_again_as_the_first_reason(client, prices):
    rac = load_scenario(SCENARIO_DIR / "rac-dependent.json")
    saved = services.assessment_create(meta=services.AssessmentMeta(name=rac.name), workload=rac.workload)
    body = client.get(reverse("advisor:assessment-results", args=[saved.public_id])).content.decode()
    shown = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))
    assert 'id="recommended-option">Oracle Database@AWS<' in body
    assert shown.count("the only option the rules allow that could be priced (its total is partial:") == 1
    # what the first reason added is in the headline: the basis, three years' cash and the configuration
    assert "a month (monthly run-rate" in shown and "over three years, cash as paid" in shown


def test_commitments_not_priced_for_one_reason_are_listed_once_with_that_reason(client, small_assessment):
    body = client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    lists = re.findall(r'<ul class="unpriced-commitments">(.*?)</ul>', body, re.S)
    assert lists
    for items in lists:
        reasons = [item.split(": ", 1)[1] for item in re.findall(r"<li>(.*?)</li>", items)]
        assert len(reasons) == len(set(reasons))  # each reason once, with every commitment it holds for


def test_a_region_without_prices_shows_no_empty_charts(client, prices):
    from advisor.engine.workload import parse_workload

    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"},
                               "environment": {"region": "mx-central-1"}})  # fmt: skip
    assessment = services.assessment_create(meta=services.AssessmentMeta(name="Far away"), workload=workload)
    page = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    assert 'id="no-charts"' in page and 'data-plotly-figure="cost-chart"' not in page


def test_a_commitment_aws_does_not_sell_for_rds_is_said_not_offered_not_unpriced(client, small_assessment):
    body = client.get(reverse("advisor:assessment-results", args=[small_assessment.public_id])).content.decode()
    rds = html.unescape(re.findall(r'<ul class="unpriced-commitments">(.*?)</ul>', body, re.S)[0])
    # the five reservations AWS sells for RDS have no price held; the 3-year No Upfront one is not sold, said once
    assert (
        "<li>Reserved 1yr No Upfront, Reserved 1yr Partial Upfront, Reserved 1yr All Upfront, Reserved 3yr Partial "
        "Upfront, Reserved 3yr All Upfront: no price held for db.m5.xlarge in eu-west-1</li>"
    ) in rds
    assert (
        "<li>Reserved 3yr No Upfront: not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term "
        "only (source: AWS's Amazon RDS Reserved Instances page and Archera's RDS commitment brief, 2026-03)</li>"
    ) in rds
