"""The Oracle Database@AWS price and Region files: regenerated from ../shared they are unchanged, they hold the
CSV's numbers (pinned below from odb-prices.csv by hand), and the README's caveats travel with them."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from pricing.engine.odb_prices import PRICES_FILE, REGIONS_FILE, odb_price_list, odb_regions
from pricing.fixture_sources import DEFAULT_SHARED_DIR
from pricing.odb_import import (
    FOLDER,
    PRICES_CSV,
    README,
    REFERENCE,
    REGIONS_CSV,
    OdbSourceError,
    build_prices,
    build_regions,
    import_odb,
)

SHARED = DEFAULT_SHARED_DIR
needs_shared = pytest.mark.skipif(
    not (SHARED / FOLDER).is_dir(), reason="../shared/data/odb-and-cpu-options is not here"
)


def source(relative: Path) -> str:
    return (SHARED / relative).read_text()


@needs_shared
def test_committed_files_are_what_the_importer_makes_from_shared(tmp_path: Path) -> None:
    import_odb(shared_dir=SHARED, out_dir=tmp_path)
    for committed in (PRICES_FILE, REGIONS_FILE):
        assert (tmp_path / committed.name).read_bytes() == committed.read_bytes(), (
            f"{committed.name} is stale: run python manage.py import_odb --shared ../shared"
        )


def test_the_csv_prices_are_kept_exactly() -> None:
    prices = {p.part_number: p for p in odb_price_list().prices}
    assert len(prices) == 27
    assert prices["B110627"].usd_price == Decimal("2.9032")  # X11M database server
    assert prices["B110629"].usd_price == Decimal("2.9032")  # X11M storage server
    assert prices["B110632"].usd_price == Decimal("0.0807")  # ECPU, Dedicated, BYOL
    assert prices["B88592"].usd_price == Decimal("1.3441")  # OCPU, Dedicated, License Included
    assert prices["B110632"].unit == "ECPU Per Hour" and prices["B110632"].as_of == "2026-01-05"
    assert "B110631" not in prices


def test_the_missing_license_included_ecpu_travels_with_the_data() -> None:
    (missing,) = odb_price_list().missing
    assert (missing.part_number, missing.twin_part_number, missing.license_model) == (
        "B110631",
        "B110632",
        "License Included",
    )
    assert missing.component == "database compute ECPU" and "not in the 602-product dump" in missing.reason


def test_the_2026_x11m_price_lead_is_a_warning_on_both_server_skus() -> None:
    (warning,) = odb_price_list().price_warnings
    assert warning.part_numbers == ("B110627", "B110629")
    assert warning.lead_usd_per_hour == {"B110627": Decimal("6.3014"), "B110629": Decimal("5.4795")}
    assert odb_price_list().warnings_for("B110632") == ()


def test_prices_are_called_list_prices_before_any_private_offer_discount() -> None:
    data = odb_price_list()
    assert data.price_basis == "Oracle's OCI list prices before any private-offer discount"
    assert "private offer" in data.about[0]


def test_regions_keep_us_east_1_from_the_csv_and_us_west_2_from_the_reference() -> None:
    regions = odb_regions()
    assert regions.as_of == "2026-02-02"
    assert set(regions.codes()) == {
        "ap-northeast-1", "us-east-2", "eu-central-1", "ap-southeast-2", "ca-central-1", "us-east-1", "us-west-2",
    }  # fmt: skip
    east, west = regions.get("us-east-1"), regions.get("us-west-2")
    assert east.basis == "odb-regions.csv" and east.oci_paired_region == "US East (Ashburn)"
    assert (
        west.basis == "reference"
        and "[ODB-HIST]" in west.date_source
        and "earlier N. Virginia & Oregon" in west.date_source
    )
    assert "no primary source was found" in west.note
    assert regions.get("ap-northeast-1").az_ids == ("apne1-az1", "apne1-az4")


@needs_shared
def test_a_changed_csv_or_readme_stops_the_importer() -> None:
    prices_csv, readme = source(PRICES_CSV), source(README)
    with pytest.raises(OdbSourceError, match="columns"):
        build_prices(prices_csv.replace("usd_price", "price_usd", 1), readme)
    with pytest.raises(OdbSourceError, match="is not a number"):
        build_prices(prices_csv.replace(",2.9032,", ",n/a,", 1), readme)
    with pytest.raises(OdbSourceError, match="BYOL twin"):
        build_prices(prices_csv.replace(",0.0807,,2026-01-05", ",0.0808,,2026-01-05", 1), readme)
    with pytest.raises(OdbSourceError, match="the missing SKU"):
        build_prices(prices_csv, readme.replace("is not in the 602-product dump", "was found late"))
    with pytest.raises(OdbSourceError, match="private-offer"):
        build_prices(
            prices_csv, readme.replace("Treat them as list prices before any", "Treat them as prices before any")
        )


@needs_shared
def test_a_changed_reference_stops_the_region_import() -> None:
    regions_csv, readme, reference = source(REGIONS_CSV), source(README), source(REFERENCE)
    with pytest.raises(OdbSourceError, match="earlier"):
        build_regions(regions_csv, readme, reference.replace("earlier N. Virginia & Oregon [ODB-HIST]", "[ODB-HIST]"))
    with pytest.raises(OdbSourceError, match="cannot map"):
        build_regions(regions_csv, readme, reference.replace("N. Virginia & Oregon", "N. Virginia & Milan"))


def test_without_shared_data_nothing_is_written(tmp_path: Path) -> None:
    with pytest.raises(OdbSourceError, match="no shared data"):
        import_odb(shared_dir=tmp_path / "nowhere", out_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(CommandError, match="no shared data"):
        call_command("import_odb", shared=tmp_path / "nowhere", out=tmp_path)


@needs_shared
def test_the_command_writes_both_files(tmp_path: Path) -> None:
    out = io.StringIO()
    call_command("import_odb", shared=SHARED, out=tmp_path, stdout=out)
    assert "27 prices, 7 Regions" in out.getvalue()
    assert json.loads((tmp_path / "odb_regions.json").read_text())["regions"][-1]["aws_region"] == "us-west-2"
