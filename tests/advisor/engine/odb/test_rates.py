"""Oracle Database@AWS is bought by private offer: the buyer's quoted rates or discounts price its lines, each line
says whether it is at Oracle's list price (2026-01-05) or the buyer's rate, and implausible rates are refused.

List prices (Oracle, as of 2026-01-05): X11M database and storage servers 2.9032/h each, BYOL ECPU 0.0807/h;
730 hours a month; the 16 vCPU need of tests/advisor/engine/odb/test_odb.py is 2 database + 3 storage servers and 32 ECPUs.
"""

from decimal import Decimal

import pytest

from advisor.engine.odb.exadata import recommend_odb
from advisor.engine.odb.option import odb_rates, odb_terms_words
from advisor.engine.odb.rates import OdbRates
from advisor.engine.workload import WorkloadInvalid, parse_workload


def odb(**change):
    need = dict(vcpus_needed=16, memory_gib_needed=256, storage_gib_needed=5 * 1024, edition="ee",
                licence_model="byol", region="us-east-1", cross_region_dr=False, dr_region=None,
                hours_per_month=Decimal(730))  # fmt: skip
    return recommend_odb(**(need | change))


def line(result, part_number):
    (found,) = [ln for ln in result.lines if ln.part_number == part_number and ln.copy == "primary"]
    return found


def test_without_terms_every_line_is_at_oracles_list_price_and_says_so():
    result = odb()
    for part in ("B110627", "B110629", "B110632"):
        assert line(result, part).rate_basis == "Oracle list price, 2026-01-05"
    assert not result.quoted_rates


def test_a_20_percent_infrastructure_discount_scales_the_server_lines_by_0_8():
    listed, discounted = odb(), odb(rates=OdbRates(infrastructure_discount_pct=Decimal(20)))
    # database servers 2 x 2.9032 x 0.8 x 730 = 3,390.9376; storage servers 3 x 2.9032 x 0.8 x 730 = 5,086.4064
    assert line(discounted, "B110627").monthly_usd == Decimal("3390.94")
    assert line(discounted, "B110629").monthly_usd == Decimal("5086.41")
    assert line(discounted, "B110627").unit_price_usd == Decimal("2.9032") * Decimal("0.8")
    assert line(discounted, "B110627").rate_basis == "Oracle list price, 2026-01-05, less your 20 % discount"
    # the ECPUs keep their list price: 32 x 0.0807 x 730 = 1,885.15
    assert line(discounted, "B110632").monthly_usd == line(listed, "B110632").monthly_usd == Decimal("1885.15")
    # the BYOL total falls by the servers' saving: (4,238.67 - 3,390.94) + (6,358.01 - 5,086.41) = 2,119.33
    assert listed.total_byol_usd - discounted.total_byol_usd == Decimal("2119.33")
    assert discounted.quoted_rates and "private-offer terms" in discounted.reasons[1]


def test_a_quoted_rate_replaces_the_list_price_and_the_discount_of_its_line():
    rates = OdbRates(infrastructure_discount_pct=Decimal(20), database_server_usd_per_hour=Decimal("2.5"),
                     ecpu_usd_per_hour=Decimal("0.06"))  # fmt: skip
    result = odb(rates=rates)
    db = line(result, "B110627")
    assert (db.unit_price_usd, db.monthly_usd, db.rate_basis) == (
        Decimal("2.5"),
        Decimal("3650.00"),
        "your quoted rate",
    )
    assert line(result, "B110629").rate_basis.endswith("less your 20 % discount")  # no quote: the discount
    # 32 ECPUs x 0.06 x 730 = 1,401.60
    assert (line(result, "B110632").monthly_usd, line(result, "B110632").rate_basis) == (Decimal("1401.60"),
                                                                                      "your quoted rate")  # fmt: skip


def test_a_quoted_ecpu_rate_prices_license_included_which_the_list_leaves_unpriced():
    assert odb(licence_model="li").total_li_usd is None
    result = odb(licence_model="li", rates=OdbRates(ecpu_usd_per_hour=Decimal("0.3")))
    li = line(result, "B110631")
    # 32 x 0.3 x 730 = 7,008.00, on top of the servers 4,238.67 + 6,358.01
    assert (li.monthly_usd, li.rate_basis) == (Decimal("7008.00"), "your quoted rate")
    assert result.total_li_usd == result.monthly_usd == Decimal("17604.68") and result.licences_in_total
    # the quote is for the licence model asked: the BYOL ECPUs stay at list price
    assert line(result, "B110632").rate_basis == "Oracle list price, 2026-01-05"


def test_the_workload_carries_the_terms_into_the_rates():
    workload = parse_workload({"oracle": {"odb_infrastructure_discount_pct": 20, "odb_ecpu_usd_per_hour": 0.05}})
    rates = odb_rates(workload)
    assert rates == OdbRates(infrastructure_discount_pct=Decimal(20), ecpu_usd_per_hour=Decimal("0.05"))
    assert odb_terms_words(rates) == (
        "20 % off Oracle's list price for a database server-hour; 20 % off Oracle's list price for a storage "
        "server-hour; $0.05 an ECPU-hour (your quoted rate)"
    )
    assert odb_terms_words(OdbRates()) == "Oracle's list prices of 2026-01-05, before any private-offer discount"


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("odb_database_server_usd_per_hour", -1, "$-1 per database server-hour is negative"),
        ("odb_storage_server_usd_per_hour", 0, "$0 per storage server-hour is zero"),
        # 10 x 2.9032 = 29.032
        (
            "odb_database_server_usd_per_hour",
            29.04,
            "over 10 times Oracle's list price of $2.9032 (2026-01-05): at most $29.032",
        ),
        # 10 x 0.0807 = 0.807
        ("odb_ecpu_usd_per_hour", 0.81, "over 10 times Oracle's list price of $0.0807 (2026-01-05): at most $0.807"),
        ("odb_infrastructure_discount_pct", 101, "must be 100 % or less"),
        ("odb_ecpu_discount_pct", -5, "must be 0 % or more"),
    ],
)
def test_an_implausible_rate_or_discount_is_refused_naming_the_field(field, value, says):
    with pytest.raises(WorkloadInvalid) as refused:
        parse_workload({"oracle": {field: value}})
    (error,) = refused.value.errors
    assert error.path == f"oracle.{field}" and says in error.message
    assert "Accepted:" in error.message or " must be " in error.message  # what is accepted, said either way


def test_a_rate_at_exactly_ten_times_the_list_price_is_taken():
    assert parse_workload({"oracle": {"odb_ecpu_usd_per_hour": 0.807}}).oracle.odb_ecpu_usd_per_hour == 0.807


def test_license_included_without_a_quote_is_said_to_be_unpriced():
    from advisor.engine.odb.option import LI_UNPRICED, odb_recommendation
    from advisor.engine.rules.loader import evaluate_rules
    from advisor.engine.sizing import Need

    workload = parse_workload({"oracle": {"licence_model": "li"}, "environment": {"region": "us-east-1"}})
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    need = Need(vcpus=16, memory_gib=256, storage_gib=5120, block_kib=8, scan_kib=1024, sustained_iops=0,
                peak_iops=0, peak_mib_s=0, peak_minutes=30)  # fmt: skip
    option = odb_recommendation(workload, need, "Oracle Database@AWS", verdict)
    assert option.odb.monthly_usd is None and not option.odb.licences_in_total
    assert LI_UNPRICED in option.notes and "License Included ECPU price" in LI_UNPRICED
