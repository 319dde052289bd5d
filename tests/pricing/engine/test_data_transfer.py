"""Inter-Region transfer prices, checked by hand against their sources.

infracost's aws_data_transfer golden (AWS Price List rows, no older than 2024-09-24) prices 750 GB out of eu-west-1
at $15.00 ($0.02/GB), out of ap-southeast-2 at $73.50 ($0.098/GB), out of ap-northeast-1 at $67.50 ($0.09/GB),
500 GB from us-east-1 to us-east-2 at $5.00 and 200 GB from us-east-2 to us-east-1 at $2.00 ($0.01/GB); skyplane's
matrix (2023-07) gives the same rates to every other commercial Region.
"""

import json
from decimal import Decimal

import pytest
from pydantic import ValidationError

from pricing.engine.data_transfer import (
    DATA_FILE,
    DataTransferPrices,
    cross_az_transfer,
    inter_region_transfer,
    redo_gb_per_month,
    transfer_prices,
)

D = Decimal
ASKED_FOR = (
    "eu-west-1",
    "us-east-1",
    "us-east-2",
    "us-west-2",
    "eu-central-1",
    "ap-northeast-1",
    "ap-southeast-2",
    "ca-central-1",
)


def raw() -> dict:
    return json.loads(DATA_FILE.read_text())


# --- the data file ----------------------------------------------------------------------------------


def test_rows_load_sourced_and_dated():
    prices = transfer_prices()
    assert prices.schema_version == 1
    assert len(prices.rows) == 23
    for row in [*prices.rows, *prices.facts]:
        assert len(row.source) > 40 and row.as_of[:2] == "20", row
    assert all(row.usd_per_gb > 0 for row in prices.rows)
    assert {f.key for f in prices.facts} >= {"charged_out_of_source", "rds_cross_region_replica"}


def test_a_transfer_lines_note_is_in_words_its_reader_knows():
    # the notes a transfer line shows: what the rate covers and the prices' date; how our notes dated the copy (the
    # infracost golden's pull request, skyplane's matrix, the stored copy) stays in the row's source
    prices = transfer_prices()
    research = ("golden", "stored", "lower bound", "skyplane", "'*'", "quote", "could be read", "No source")
    for row in [*prices.rows, *prices.cross_az_rows]:
        assert not [word for word in research if word in row.note], row.note
    assert all(row.note.endswith("prices of 2024-09-24 or later") for row in prices.rows)
    assert all("PR #3212 (2024-09-24)" in row.source for row in prices.rows)  # the provenance is kept
    inferred = prices.fact("rds_rate_is_the_inter_region_rate")
    assert inferred is not None and inferred.text.startswith("priced at the Region pair's inter-Region rate")


def test_every_asked_for_source_region_has_a_rate_to_any_other_region():
    prices = transfer_prices()
    for region in ASKED_FOR:
        assert prices.row(region, "*") is not None, region


def test_money_in_the_file_is_written_as_strings():
    assert all(isinstance(row["usd_per_gb"], str) for row in raw()["rows"])
    doc = raw()
    doc["rows"][0]["usd_per_gb"] = 0.01
    with pytest.raises(ValidationError, match="string"):
        DataTransferPrices.model_validate(doc)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda rows: rows.append(dict(rows[0])), "one row only"),
        (lambda rows: rows[0].update(to_region=rows[0]["from_region"]), "not an inter-Region pair"),
        (lambda rows: rows[2].update(from_region="us-gov-west-1"), "commercial Regions only"),
        (lambda rows: rows[0].update(from_region="Ireland"), "not an AWS Region code"),
        (lambda rows: rows[0].update(as_of="24 Sept 2024"), "pattern"),
        (lambda rows: rows[0].update(usd_per_gb="0"), "greater than 0"),
    ],
)
def test_bad_rows_are_refused(change, message):
    doc = raw()
    change(doc["rows"])
    with pytest.raises(ValidationError, match=message):
        DataTransferPrices.model_validate(doc)


# --- lookups ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, destination, usd",
    [
        ("eu-west-1", "us-east-1", "0.02"),  # $15.00 / 750 GB
        ("eu-west-1", "eu-central-1", "0.02"),
        ("us-east-1", "us-west-2", "0.02"),  # $15.00 / 750 GB
        ("us-east-1", "us-east-2", "0.01"),  # $5.00 / 500 GB: the pair row wins over us-east-1's '*'
        ("us-east-2", "us-east-1", "0.01"),  # $2.00 / 200 GB
        ("us-east-2", "us-west-2", "0.02"),
        ("us-west-2", "us-east-1", "0.02"),
        ("eu-central-1", "eu-west-1", "0.02"),
        ("ca-central-1", "us-east-1", "0.02"),
        ("ap-northeast-1", "ap-southeast-1", "0.09"),  # $67.50 / 750 GB
        ("ap-southeast-2", "eu-west-1", "0.098"),  # $73.50 / 750 GB
    ],
)
def test_known_pairs(source, destination, usd):
    price = inter_region_transfer(source, destination)
    assert price is not None
    assert price.usd_per_gb == D(usd)
    assert "infracost" in price.source and price.as_of == "2024-09-24"


def test_pair_row_keeps_its_own_source_and_note():
    price = inter_region_transfer("us-east-1", "us-east-2")
    assert "500 GB = $5.00" in price.source
    assert "exception" in price.note


@pytest.mark.parametrize(
    "source, destination",
    [
        ("me-central-1", "eu-west-1"),  # no row for this source Region
        ("ap-southeast-5", "us-east-1"),
        ("eu-west-1", "us-gov-west-1"),  # '*' stays inside the commercial partition
        ("us-east-1", "cn-north-1"),
        ("us-gov-west-1", "us-gov-east-1"),
    ],
)
def test_unknown_pairs_are_not_priced(source, destination):
    assert inter_region_transfer(source, destination) is None


def test_same_region_or_bad_code_is_an_error():
    with pytest.raises(ValueError, match="same Region"):
        inter_region_transfer("eu-west-1", "eu-west-1")
    with pytest.raises(ValueError, match="Region code"):
        inter_region_transfer("EU (Ireland)", "us-east-1")


# --- redo volume ------------------------------------------------------------------------------------


def test_redo_gb_per_month_counts_a_gb_as_1024_mib():
    # AWS's GB is 2^30 bytes = 1,024 MiB: 2 MiB/s x 3,600 s x 730 h = 5,256,000 MiB / 1,024 = 5,132.8125 GB
    assert redo_gb_per_month(2, D(730)) == D("5132.8125")
    assert redo_gb_per_month(2.0, D("730")) == D("5132.8125")
    assert redo_gb_per_month(D("0.5"), D(1)) == D("1.7578125")  # 0.5 x 3,600 / 1,024
    assert redo_gb_per_month(0, D(730)) == 0
    assert transfer_prices().fact("gb_is_2_30_bytes").text.startswith("AWS counts the GB")


def test_redo_priced_from_ireland():
    # 5,132.8125 GB x $0.02 = $102.65625, $102.66 a month
    gb = redo_gb_per_month(2, D(730))
    assert (gb * inter_region_transfer("eu-west-1", "eu-central-1").usd_per_gb).quantize(D("0.01")) == D("102.66")


def test_cross_az_is_charged_in_each_direction_at_a_sourced_rate():
    price = cross_az_transfer("eu-west-1")
    assert price.usd_per_gb == D("0.01") and price.directions == 2
    assert "Availability Zones" in price.source and price.as_of == "2026-05"
    assert cross_az_transfer("us-gov-west-1") is None  # no sourced row outside the commercial partition
    assert cross_az_transfer("cn-north-1") is None
    with pytest.raises(ValueError, match="Region code"):
        cross_az_transfer("EU (Ireland)")


def test_rds_multi_az_replication_is_not_charged_and_says_where_that_is_read():
    fact = transfer_prices().fact("rds_multi_az_replication_not_charged")
    assert "USER_OnDemandDBInstances" in fact.source and fact.note.startswith("inferred in part")


@pytest.mark.parametrize("rate, hours", [(-1, D(730)), (float("nan"), D(730)), (True, D(730)), (1, D(-1))])
def test_redo_refuses_nonsense(rate, hours):
    with pytest.raises(ValueError):
        redo_gb_per_month(rate, hours)
