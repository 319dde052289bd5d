"""A bill says the dates of the price rows it was priced from, never the newest date the price book happens to hold.

Small books of real eu-west-1 rows with their dates moved: the instance row to 2021-08-03, an unused row to
2024-05-01 (the Region's newest), so a bill that reported the Region's newest row would show 2024-05-01.
"""

from datetime import date
from decimal import Decimal

from pricing.engine.calculator import as_of_span, estimate
from pricing.engine.prices.book import PriceBook
from tests.pricing.engine import eu_west_1_rows as eu

D = Decimal
OLD, NEW, NEWEST_UNUSED = date(2021, 8, 3), date(2023, 2, 23), date(2024, 5, 1)

RDS_GP2 = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "ee",
    "licence_model": "byol",
    "storage": {"type": "gp2", "size_gib": 100},
    "licences": {"include": False},
}


def dated(row, as_of):
    return row.model_copy(update={"as_of": as_of})


def test_a_bill_of_rows_of_two_dates_reports_both_and_not_the_regions_newest_row():
    book = PriceBook(
        [
            dated(eu.RDS_M5_XL_EE_BYOL_SAZ, OLD),  # used: 730 h x 0.378
            eu.RDS_GP2_SAZ,  # used: 100 GB x 0.127, as of 2023-02-23
            dated(eu.RDS_MAGNETIC_SAZ, NEWEST_UNUSED),  # not used by a gp2 bill
            dated(eu.EBS_GP2, NEWEST_UNUSED),  # not used by an RDS bill
        ]
    )
    assert book.snapshot("eu-west-1") == "2024-05-01"  # the Region's newest row, which the bill did not use

    result = estimate(RDS_GP2, book)

    assert [(line.monthly_usd, line.as_of) for line in result.lines] == [
        (D("275.94"), "2021-08-03"),  # 730 x 0.378
        (D("12.70"), "2023-02-23"),  # 100 x 0.127
    ]
    assert result.prices_as_of == ("2021-08-03", "2023-02-23")
    assert result.price_snapshot == "2021-08-03 to 2023-02-23"
    assert result.model_dump(mode="json")["prices_as_of"] == ["2021-08-03", "2023-02-23"]


def test_a_bill_of_rows_of_one_date_reports_that_date_though_the_region_has_newer_rows():
    book = PriceBook([eu.RDS_M5_XL_EE_BYOL_SAZ, eu.RDS_GP2_SAZ, dated(eu.RDS_GP2_MAZ, NEWEST_UNUSED)])
    assert book.snapshot("eu-west-1") == "2024-05-01"

    result = estimate(RDS_GP2, book)

    assert result.prices_as_of == ("2023-02-23",)
    assert result.price_snapshot == "2023-02-23"


def test_the_dates_are_of_the_aws_rows_only_not_of_oracles_price_list(book):
    result = estimate({**RDS_GP2, "licences": {}}, book, vcpus=4)
    licence_dates = {line.as_of for line in result.lines if line.category == "licence"}
    assert licence_dates == {"2026-09-15"}  # data/oracle_licences.json, the EE entry
    assert result.prices_as_of == ("2023-02-23",)
    assert result.price_snapshot == "2023-02-23"


def test_an_ec2_bill_dates_each_volume_by_its_own_row():
    book = PriceBook([eu.EC2_R6I_2XL, dated(eu.EBS_GP3, OLD), dated(eu.EBS_ST1, NEWEST_UNUSED)])
    config = {
        "platform": "ec2",
        "region": "eu-west-1",
        "instance_class": "r6i.2xlarge",
        "edition": "ee",
        "licence_model": "byol",
        "volumes": [{"type": "gp3", "size_gib": 100}],
        "licences": {"include": False},
    }
    result = estimate(config, book)
    assert [line.monthly_usd for line in result.lines] == [D("411.72"), D("8.80")]  # 730 x 0.564; 100 x 0.088
    assert result.prices_as_of == ("2021-08-03", "2023-02-23")
    assert result.price_snapshot == "2021-08-03 to 2023-02-23"


def test_as_of_span():
    assert as_of_span(["2023-02-23"]) == "2023-02-23"
    assert as_of_span(["2023-02-23", "2021-08-03", "2023-02-23"]) == "2021-08-03 to 2023-02-23"
    assert as_of_span([]) == ""
