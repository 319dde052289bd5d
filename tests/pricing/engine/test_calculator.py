"""The cost calculator against hand-worked cases from real rows (eu-west-1, 2023-02-23) and the pricing-notes tables.

Every expected amount is worked by hand in the comment beside it: quantity x published unit price, rounded half-up
to cents per line; totals are sums of those rounded lines.
"""

from datetime import date
from decimal import Decimal

import pytest

from pricing.engine.calculator import EstimateInvalid, compare_licence_models, estimate, parse_config
from pricing.engine.prices.book import PriceBook
from pricing.engine.rows import PriceRow
from tests.pricing.engine import eu_west_1_rows as eu

D = Decimal
NO_LICENCES = {"include": False}


def rds(**kw):
    config = {
        "platform": "rds",
        "region": "eu-west-1",
        "instance_class": "db.m5.xlarge",
        "edition": "ee",
        "licence_model": "byol",
        "deployment": "single-az",
        "storage": {"type": "gp2", "size_gib": 100},
        "licences": NO_LICENCES,
    }
    return {**config, **kw}


def ec2(**kw):
    config = {
        "platform": "ec2",
        "region": "eu-west-1",
        "instance_class": "r6i.2xlarge",
        "edition": "ee",
        "licence_model": "byol",
        "volumes": [],
        "licences": NO_LICENCES,
    }
    return {**config, **kw}


def amounts(result):
    return [line.monthly_usd for line in result.lines]


def problems(config, book, **kw):
    with pytest.raises(EstimateInvalid) as exc:
        estimate(config, book, **kw)
    return {p.field: p.message for p in exc.value.problems}


def reference_row(
    sku,
    family,
    unit,
    price,
    region="us-east-1",
    source="shared/reference/pricing-notes.md 4d",
    as_of=date(2026, 7, 28),
    **attributes,
):
    return PriceRow(
        service="AmazonRDS",
        region=region,
        sku=sku,
        product_family=family,
        attributes=attributes,
        unit=unit,
        price_usd=D(price),
        source=source,
        as_of=as_of,
    )


class TestRds:
    def test_single_az_gp2(self, book):
        result = estimate(rds(), book)
        assert amounts(result) == [D("275.94"), D("12.70")]  # 730 h x 0.378 (PCW2HZETS7KBUAWU); 100 GB x 0.127
        assert result.aws_monthly_usd == result.total_monthly_usd == D("288.64")
        assert result.licence_monthly_usd == 0
        first = result.lines[0]
        assert (first.quantity, first.unit, first.unit_price_usd, first.sku, first.as_of) == (
            730,
            "Hrs",
            D("0.378"),
            "PCW2HZETS7KBUAWU",
            "2023-02-23",
        )
        assert (
            first.price_source
            == "AmazonRDS offer file eu-west-1 2023-02-23 (terracost re-serialisation), SKU PCW2HZETS7KBUAWU"
        )
        assert result.price_snapshot == "2023-02-23"
        assert not result.estimated

    def test_multi_az_gp3_with_iops_throughput_and_backup_above_the_baseline(self, book):
        config = rds(
            deployment="multi-az",
            storage={"type": "gp3", "size_gib": 500, "iops": 15000, "throughput_mib_s": 600},
            extra_backup_gib=50,
        )
        result = estimate(config, book)
        assert [(line.sku, line.monthly_usd) for line in result.lines] == [
            ("JW8E8NB4DR9BDBWP", D("551.88")),  # 730 h x 0.756
            ("644A8H9YHCFM45EQ", D("127.00")),  # 500 GB x 0.254
            ("782PYWM62BCJ32Y9", D("132.00")),  # (15,000 - 12,000) IOPS x 0.044
            ("677ENGCB9N29GP8S", D("17.70")),  # (600 - 500) MiB/s x 0.177
            ("BR8GBYX842X7FH8N", D("4.75")),  # 50 GB x 0.095
        ]
        assert result.total_monthly_usd == D("833.33")

    def test_gp3_below_200_gib_is_fixed_and_charges_nothing_extra(self, book):
        result = estimate(rds(storage={"type": "gp3", "size_gib": 150}), book)
        assert amounts(result) == [D("275.94"), D("19.05")]  # 150 GB x 0.127, no IOPS or throughput line
        assert estimate(
            rds(storage={"type": "gp3", "size_gib": 150, "iops": 3000, "throughput_mib_s": 125}), book
        ).total_monthly_usd == D("294.99")
        found = problems(rds(storage={"type": "gp3", "size_gib": 199, "iops": 15000, "throughput_mib_s": 600}), book)
        assert found["storage.iops"].startswith(
            "15,000 IOPS; RDS for Oracle gp3 below 200 GiB accepts only its fixed 3,000 IOPS: leave the IOPS blank; from 200 GiB 12,000-64,000 IOPS can be provisioned"
        )
        assert found["storage.throughput_mib_s"].startswith(
            "600 MiB/s; RDS for Oracle gp3 below 200 GiB accepts only its fixed 125 MiB/s: leave the throughput blank"
        )

    def test_gp3_from_200_gib_the_oracle_threshold_not_infracosts_400(self, book):
        # 200 GiB: 12,000 IOPS included; one IOPS more is charged: 1 x 0.022 = 0.022 -> 0.02
        result = estimate(rds(storage={"type": "gp3", "size_gib": 200, "iops": 12001}), book)
        assert amounts(result) == [D("275.94"), D("25.40"), D("0.02")]  # 200 x 0.127 = 25.40
        assert amounts(estimate(rds(storage={"type": "gp3", "size_gib": 200}), book)) == [D("275.94"), D("25.40")]
        found = problems(rds(storage={"type": "gp3", "size_gib": 300, "iops": 10000}), book)
        assert found["storage.iops"].startswith("10,000 IOPS; RDS for Oracle gp3 accepts 12,000-64,000")
        found = problems(rds(storage={"type": "gp3", "size_gib": 300, "iops": 12000, "throughput_mib_s": 3500}), book)
        assert found["storage.throughput_mib_s"].startswith(
            "3,500 MiB/s with 12,000 IOPS; RDS for Oracle gp3 allows at most 0.25 MiB/s per IOPS (3,000 MiB/s)"
        )

    def test_io1_minimums_and_bounds(self, book):
        result = estimate(rds(storage={"type": "io1", "size_gib": 100, "iops": 1000}), book)
        assert amounts(result)[1:] == [D("13.80"), D("110.00")]  # 100 GB x 0.138; 1,000 IOPS x 0.11
        assert problems(rds(storage={"type": "io1", "size_gib": 99, "iops": 1000}), book)[
            "storage.size_gib"
        ].startswith("99 GiB; RDS for Oracle io1 accepts 100-65,536 GiB")
        assert problems(rds(storage={"type": "io1", "size_gib": 100, "iops": 500}), book)["storage.iops"].startswith(
            "500 IOPS; RDS for Oracle io1 below 200 GiB accepts 1,000-9,950"
        )
        assert problems(rds(storage={"type": "io1", "size_gib": 150, "iops": 9951}), book)["storage.iops"].startswith(
            "9,951 IOPS; RDS for Oracle io1 below 200 GiB accepts 1,000-9,950"
        )
        assert problems(rds(storage={"type": "io1", "size_gib": 150}), book)["storage.iops"].startswith(
            "RDS for Oracle io1 needs provisioned IOPS; accepted below 200 GiB: 1,000-9,950"
        )
        assert problems(rds(storage={"type": "io1", "size_gib": 10000, "iops": 4000}), book)["storage.iops"].startswith(
            "4,000 IOPS on 10,000 GiB; RDS for Oracle io1 needs at least 0.5 IOPS per GiB (5,000)"
        )
        assert problems(rds(storage={"type": "io1", "size_gib": 1000, "iops": 60000}), book)["storage.iops"].startswith(
            "60,000 IOPS on 1,000 GiB; RDS for Oracle io1 allows at most 50 IOPS per GiB (at most 50,000)"
        )

    def test_io2_is_priced_at_io1_where_the_snapshot_has_no_io2_prices(self, book):
        # AWS Database Blog (2024-03): io2 Block Express at the same price as io1. The 2023-02-23 eu-west-1 rows have
        # no RDS io2 row, so io1's stand in, marked estimated: 300 GiB x 0.138 (3FFG435ESYJ72AQN) = 41.40 and
        # 5,000 IOPS x 0.11 (7TWXZRXJ3E5K3P45) = 550.00
        result = estimate(rds(storage={"type": "io2", "size_gib": 300, "iops": 5000}), book)
        storage = {line.component: line for line in result.lines if line.component in ("storage", "iops")}
        assert (storage["storage"].sku, storage["storage"].monthly_usd) == ("3FFG435ESYJ72AQN", D("41.40"))
        assert (storage["iops"].sku, storage["iops"].monthly_usd) == ("7TWXZRXJ3E5K3P45", D("550.00"))
        assert all(line.estimated for line in storage.values())
        assert all("io2 Block Express is priced as io1, AWS Database Blog, 2024-03" in line.note
                   for line in storage.values())  # fmt: skip

    def test_io2_from_the_pricing_notes_us_east_1_rows(self):
        book = PriceBook(
            [
                # pricing-notes 4a: us-east-1 db.t3.large BYOL 0.136 (IC 2026, VI21)
                reference_row("ref:t3l", "Database Instance", "Hrs", "0.136", databaseEngine="Oracle", databaseEdition="Enterprise",
                              licenseModel="Bring your own license", deploymentOption="Single-AZ", instanceType="db.t3.large"),
                # pricing-notes 4d: io2 0.125 $/GB-mo ; 0.10 $/IOPS-mo, flat (LIVE26)
                reference_row("ref:io2", "Database Storage", "GB-Mo", "0.125", databaseEngine="Any", deploymentOption="Single-AZ",
                              volumeType="Provisioned IOPS-IO2", usagetype="RDS:IO2-Storage"),
                reference_row("ref:io2-iops", "Provisioned IOPS", "IOPS-Mo", "0.10", databaseEngine="Any", deploymentOption="Single-AZ",
                              usagetype="RDS:IO2-PIOPS"),
            ]
        )  # fmt: skip
        config = rds(
            region="us-east-1", instance_class="db.t3.large", storage={"type": "io2", "size_gib": 300, "iops": 5000}
        )
        result = estimate(config, book)
        assert amounts(result) == [D("99.28"), D("37.50"), D("500.00")]  # 730 x 0.136; 300 x 0.125; 5,000 x 0.10
        assert result.price_sources == ("shared/reference/pricing-notes.md 4d (as of 2026-07-28)",)

    def test_magnetic_io_requests(self, book):
        result = estimate(rds(storage={"type": "magnetic", "size_gib": 100, "io_requests_per_month": 5_000_000}), book)
        assert amounts(result)[1:] == [D("11.00"), D("0.55")]  # 100 GB x 0.11; 5,000,000 x 0.00000011
        assert result.lines[2].sku == "TQPCZ54PMZX9Z8N8"
        unpriced = estimate(rds(storage={"type": "magnetic", "size_gib": 100}), book)
        assert "Magnetic I/O requests are not priced: set storage.io_requests_per_month" in unpriced.notes
        assert problems(rds(storage={"type": "gp2", "size_gib": 100, "io_requests_per_month": 5}), book)[
            "storage.io_requests_per_month"
        ] == ("only magnetic storage is charged per I/O request, not gp2; omit it")
        assert problems(rds(storage={"type": "magnetic", "size_gib": 4000}), book)["storage.size_gib"].startswith(
            "4,000 GiB; RDS for Oracle magnetic accepts 10-3,072 GiB"
        )

    def test_each_line_rounds_half_up_and_totals_add_the_rounded_lines(self, book):
        # 3 GB x 0.095 = 0.285 -> 0.29 half-up (banker's rounding would give 0.28)
        result = estimate(rds(extra_backup_gib=3), book)
        assert amounts(result) == [D("275.94"), D("12.70"), D("0.29")]
        assert result.total_monthly_usd == D("288.93")

    def test_additional_storage_volumes(self, book):
        config = rds(
            storage={"type": "gp3", "size_gib": 300},
            additional_volumes=[{"type": "gp3", "size_gib": 500, "iops": 14000, "throughput_mib_s": 700}],
        )
        result = estimate(config, book)
        assert amounts(result) == [
            D("275.94"),
            D("38.10"),  # 300 x 0.127
            D("63.50"),  # 500 x 0.127
            D("44.00"),  # (14,000 - 12,000) x 0.022
            D("17.60"),  # (700 - 500) x 0.088
        ]
        assert result.lines[2].name == "Additional volume 1: gp3 Single-AZ, 500 GiB"
        small = problems(rds(additional_volumes=[{"type": "gp3", "size_gib": 150}]), book)
        assert small["additional_volumes[0].size_gib"].startswith(
            "150 GiB; RDS for Oracle additional volume gp3 accepts 200-65,536 GiB"
        )
        four = problems(rds(additional_volumes=[{"type": "gp3", "size_gib": 200}] * 4), book)
        assert four["additional_volumes"].startswith("4 volumes; accepted: at most 3")
        kind = problems(rds(additional_volumes=[{"type": "io1", "size_gib": 200}]), book)
        assert kind == {"additional_volumes[0].type": "'io1' is not accepted; accepted: 'gp3' or 'io2'"}

    def test_performance_insights_per_vcpu(self, book):
        result = estimate(rds(performance_insights={"mode": "long-term-retention"}), book, vcpus=4)
        assert amounts(result)[2] == D("16.70")  # 4 vCPUs x 4.176 (EU:PI_LTR:M5) = 16.704
        assert problems(rds(performance_insights={"mode": "long-term-retention"}), book)[
            "performance_insights"
        ].startswith("priced per vCPU: the vCPU count of db.m5.xlarge is needed")

    def test_database_insights_advanced_from_the_pricing_notes_row(self):
        book = PriceBook(
            [
                eu.RDS_M5_XL_EE_BYOL_SAZ,
                eu.RDS_GP2_SAZ,
                # pricing-notes 4d: Database Insights advanced $0.0125 per vCPU-h (C1b, us-east-1; placed in eu-west-1 here)
                reference_row(
                    "ref:dbi", "Database Insights", "vCPU-Hrs", "0.0125", region="eu-west-1", databaseEngine="Any"
                ),
            ]
        )
        result = estimate(rds(performance_insights={"mode": "database-insights-advanced"}), book, vcpus=4)
        assert amounts(result)[2] == D("36.50")  # 4 vCPUs x 730 h x 0.0125

    def test_rds_custom_uses_its_own_instance_skus(self, book):
        result = estimate(
            rds(platform="rds-custom", storage={"type": "gp3", "size_gib": 300}, extra_backup_gib=10), book
        )
        assert [(line.sku, line.monthly_usd, line.estimated) for line in result.lines] == [
            ("E7QCGG8G22JR9NBC", D("331.42"), False),  # 730 h x 0.454, the Custom SKU
            ("72J7NWYHFCW885UC", D("38.10"), True),  # 300 x 0.127: no RDS Custom storage SKU, RDS row, marked estimated
            ("37DF3HUADWNPUQ55", D("0.95"), False),  # 10 x 0.095, EU-RDSCustom:ChargedBackupUsage
        ]
        assert result.estimated
        assert any(n.startswith("Estimated rather than read from the price list: Storage: gp3") for n in result.notes)
        found = problems(rds(platform="rds-custom", storage={"type": "magnetic", "size_gib": 100}), book)
        assert found["storage.type"].startswith(
            "magnetic is not a RDS Custom for Oracle storage type; accepted: gp2, gp3, io1"
        )
        assert problems(rds(platform="rds-custom", storage={"type": "gp2", "size_gib": 30}), book)[
            "storage.size_gib"
        ].startswith("30 GiB; RDS Custom for Oracle gp2 accepts 40-65,536 GiB")

    def test_se2_licence_included_multi_az(self, book):
        config = rds(
            instance_class="db.r5.xlarge", edition="se2", licence_model="li", deployment="multi-az", licences={}
        )
        result = estimate(config, book)
        assert amounts(result) == [D("1564.39"), D("25.30")]  # 730 x 2.143 (GC46B7AEC3H5KG3M); 100 x 0.253
        assert result.licence_monthly_usd == 0
        assert result.licence.notes == (
            "License Included: the Oracle licence is part of the instance price, so there are no Oracle lines",
        )

    def test_licences_beside_the_aws_bill(self, book):
        # db.r5.4xlarge, 16 vCPUs with hyper-threading: 8 EE processor licences
        result = estimate(rds(instance_class="db.r5.4xlarge", licences={"term_years": 5}), book, vcpus=16)
        aws = [line.monthly_usd for line in result.lines if line.category == "aws"]
        oracle = [line.monthly_usd for line in result.lines if line.category == "licence"]
        assert aws == [D("1505.26"), D("12.70")]  # 730 x 2.062 (K4BCBWWX3K4H9YGU); 100 x 0.127
        assert oracle == [D("6333.33"), D("6966.67")]  # 8 x 47,500 / 60 months; 8 x 47,500 x 22% / 12
        assert (result.aws_monthly_usd, result.licence_monthly_usd, result.total_monthly_usd) == (
            D("1517.96"),
            D("13300.00"),
            D("14817.96"),
        )


def test_reserved_commitment_is_labelled_and_amortised():
    """Hypothetical reserved rows (the 2023 data has none) in the shape pricing-notes 3b describes."""
    term = {"LeaseContractLength": "1yr", "PurchaseOption": "Partial Upfront", "OfferingClass": "standard"}
    base = eu.RDS_M5_XL_EE_BYOL_SAZ
    rows = [
        base,
        eu.RDS_GP2_SAZ,
        base.model_copy(update={"term": "Reserved", "term_attributes": term, "price_usd": D("0.1")}),
        base.model_copy(
            update={"term": "Reserved", "term_attributes": term, "unit": "Quantity", "price_usd": D("1000")}
        ),
    ]
    result = estimate(rds(commitment="reserved-1yr-partial-upfront"), PriceBook(rows))
    assert [(line.name, line.monthly_usd) for line in result.lines] == [
        (
            "RDS for Oracle EE BYOL db.m5.xlarge Single-AZ instance hours (Reserved 1yr Partial Upfront)",
            D("73.00"),
        ),  # 730 x 0.1
        (
            "RDS for Oracle EE BYOL db.m5.xlarge Single-AZ instance hours: Reserved 1yr Partial Upfront upfront fee $1,000 amortised over 12 months",
            D("83.33"),
        ),
        ("Storage: gp2 Single-AZ, 100 GiB", D("12.70")),
    ]


def test_licence_included_beside_byol(book):
    config = rds(instance_class="db.r5.xlarge", edition="se2", deployment="multi-az", licences={})
    comparison = compare_licence_models(config, book, vcpus=4)
    # BYOL: 730 x 1.031 + 100 x 0.253 + SE2 1 socket x 2 (standby) bought at 17,500 over 36 months + 22% support
    #       = 752.63 + 25.30 + 972.22 (35,000 / 36) + 641.67 (35,000 x 0.22 / 12) = 2,391.82
    # LI:   730 x 2.143 + 100 x 0.253 = 1,564.39 + 25.30 = 1,589.69
    assert comparison.byol.estimate.total_monthly_usd == D("2391.82")
    assert comparison.li.estimate.total_monthly_usd == D("1589.69")
    assert (comparison.cheaper, comparison.monthly_difference_usd) == ("li", D("802.13"))
    # db.r5.xlarge accepts only 2 cores (RDS processor table: "db.r5.xlarge | 4 | 2 | 2 | 2 | 1, 2")
    with_optimize = compare_licence_models({**config, "licences": {"optimize_cpus_cores": 2}}, book, vcpus=4)
    assert with_optimize.byol.estimate is not None and with_optimize.byol.estimate.licence.optimize_cpus.cores == 2
    assert with_optimize.li.estimate.total_monthly_usd == D("1589.69")  # Optimize CPUs is dropped for License Included
    ee = compare_licence_models(rds(licences={}), book, vcpus=4)
    assert ee.li.estimate is None and ee.li.problems[0].field == "licence_model"
    assert ee.cheaper is None


def test_the_json_answer_has_the_contract_fields(book):
    payload = estimate(rds(storage={"type": "magnetic", "size_gib": 10, "io_requests_per_month": 1}), book).model_dump(
        mode="json"
    )
    assert {"lines", "aws_monthly_usd", "licence_monthly_usd", "total_monthly_usd"} <= set(payload)
    line = payload["lines"][2]
    assert {
        k: line[k] for k in ("name", "quantity", "unit", "unit_price_usd", "monthly_usd", "as_of", "estimated")
    } == {
        "name": "Magnetic storage I/O requests",
        "quantity": "1",
        "unit": "IOs",
        "unit_price_usd": "0.00000011",
        "monthly_usd": "0.00",
        "as_of": "2023-02-23",
        "estimated": False,
    }
    assert line["price_source"].endswith("SKU TQPCZ54PMZX9Z8N8")


def test_the_issue_example_config_parses():
    config = parse_config(
        {
            "platform": "rds",
            "region": "us-east-1",
            "instance_class": "db.t3.large",
            "edition": "ee",
            "licence_model": "byol",
            "deployment": "single-az",
            "storage": {"type": "gp2", "size_gib": 200, "iops": 15000, "throughput_mib_s": None},
            "extra_backup_gib": 0,
            "commitment": "on-demand",
            "licences": {"include": True},
        }
    )
    assert config.storage.iops == 15000 and config.licences.include


def test_more_licensed_servers_than_the_aws_lines_price_say_what_is_left_out(book):
    three = estimate(rds(licences={"include": True, "servers": 3, "vcpus": 4}), book)
    assert three.licence.servers == 3
    assert "The AWS lines price this one instance: the instances and storage of the other 2 licensed server(s) are " \
           "not in this estimate" in three.notes  # fmt: skip
    pair = estimate(rds(deployment="multi-az", licences={"include": True, "servers": 2, "vcpus": 4}), book)
    assert not any(n.startswith("The AWS lines price") for n in pair.notes)  # Multi-AZ prices both of them
