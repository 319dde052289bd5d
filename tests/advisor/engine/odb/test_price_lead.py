"""Oracle Database@AWS at a later price list seen only unconfirmed: what its total would be, never its price.

X11M servers are priced at Oracle's list of 2026-01-05 ($2.9032 an hour each, B110627 and B110629). A third-party
copy of Oracle's PaaS and IaaS Public Cloud Global Price List, last updated 2026-07-01, gives $6.3014 (database
server) and $5.4795 (storage server): not confirmed, so the lines stay at the list held and the later figures only
say what the total would be. Worked by hand, each line rounded half-up to cents as the lines are:

* the minimum infrastructure, 2 database + 3 storage servers for 730 hours: at the list 4,238.67 + 6,358.01 =
  10,596.68; at the later list 2 x 6.3014 x 730 = 9,200.04 and 3 x 5.4795 x 730 = 12,000.11 (12,000.105), 21,200.15
* the BYOL total of test_odb's workload, 25,485.17, would be 25,485.17 - 10,596.68 + 21,200.15 = 36,088.64
* 10 % off list on the infrastructure: 2 x 2.9032 x 0.9 x 730 = 3,814.80 and 3 x 2.9032 x 0.9 x 730 = 5,722.21
  (9,537.01); 2 x 6.3014 x 0.9 x 730 = 8,280.04 and 3 x 5.4795 x 0.9 x 730 = 10,800.09 (19,080.13)
"""

from decimal import Decimal

from advisor.engine.odb.exadata import recommend_odb
from advisor.engine.odb.option import odb_recommendation
from advisor.engine.odb.price_lead import lead_caveat, lead_words
from advisor.engine.odb.rates import OdbRates
from advisor.engine.rules.loader import evaluate_rules
from advisor.engine.sizing import Need
from advisor.engine.workload import parse_workload


def odb(**change):
    need = dict(vcpus_needed=16, memory_gib_needed=256, storage_gib_needed=5120, edition="ee", licence_model="byol",
                region="us-east-1", cross_region_dr=False, dr_region=None, hours_per_month=Decimal(730))  # fmt: skip
    return recommend_odb(**(need | change))


def test_the_later_list_says_what_the_infrastructure_and_total_would_be_not_the_price():
    result = odb()
    lead = result.price_lead
    assert (lead.infrastructure_usd, lead.lead_infrastructure_usd) == (Decimal("10596.68"), Decimal("21200.15"))
    assert (lead.monthly_usd, lead.lead_monthly_usd) == (Decimal("25485.17"), Decimal("36088.64"))
    assert (lead.listed_as_of, lead.lead_as_of) == ("2026-01-05", "2026-07-01")
    assert [(r.kind, r.usd_per_hour, r.lead_usd_per_hour) for r in lead.rates] == [
        ("database server", Decimal("2.9032"), Decimal("6.3014")),
        ("storage server", Decimal("2.9032"), Decimal("5.4795")),
    ]
    # never the price: the lines and the total stay at the list held
    assert result.monthly_usd == Decimal("25485.17")
    assert {line.unit_price_usd for line in result.lines if line.kind == "infrastructure"} == {Decimal("2.9032")}


def test_every_infrastructure_is_repriced_the_standby_too():
    lead = odb(multi_az=True).price_lead
    assert lead.lead_infrastructure_usd == 2 * Decimal("21200.15")
    assert lead.lead_monthly_usd == Decimal("50970.33") - 2 * Decimal("10596.68") + 2 * Decimal("21200.15")


def test_a_discount_off_list_applies_to_the_later_list_too_and_a_quoted_rate_is_kept():
    lead = odb(rates=OdbRates(infrastructure_discount_pct=Decimal(10))).price_lead
    assert (lead.infrastructure_usd, lead.lead_infrastructure_usd) == (Decimal("9537.01"), Decimal("19080.13"))
    quoted = OdbRates(database_server_usd_per_hour=Decimal("2.5"), storage_server_usd_per_hour=Decimal("2.5"))
    assert odb(rates=quoted).price_lead is None  # the buyer's own server rates: no list to move


def test_an_unpriced_total_has_no_later_figure():
    assert odb(licence_model="li").price_lead is None  # License Included ECPUs are not in the list held


def test_the_words_say_the_list_used_the_later_one_and_that_it_is_unconfirmed():
    lead = odb().price_lead
    assert (
        lead_caveat(lead) == "infrastructure at Oracle's list of 2026-01-05; a later list (not confirmed) may be higher"
    )
    words = lead_words(lead)
    assert words.startswith("Oracle Database@AWS's infrastructure is priced at Oracle's list of 2026-01-05. A later "
                            "list, Oracle's PaaS and IaaS Public Cloud Global Price List of 2026-07-01, is seen only in "
                            "a third-party copy and is not confirmed; it gives $6.3014 an hour a database server "
                            "($2.9032 on the list used) and $5.4795 an hour a storage server")  # fmt: skip
    assert words.endswith("the infrastructure would be $21,200.15 a month instead of $10,596.68, and the total "
                          "$36,088.64 instead of $25,485.17: a figure not confirmed, not used as the price.")  # fmt: skip
    assert "B110627" not in words and "B110629" not in words


def test_the_server_lines_say_it_in_words_without_a_part_number_alone():
    server = next(line for line in odb().lines if line.part_number == "B110627")
    assert server.note == ("Oracle's list of 2026-01-05; $6.3014 an hour on a later list (2026-07-01), not confirmed "
                           "and not used as the price")  # fmt: skip


def test_a_standby_s_server_lines_do_not_say_it_again():
    standby = odb(multi_az=True)
    copies = {line.copy for line in standby.lines if line.part_number == "B110627"}
    assert len(copies) == 2  # the primary's and the standby's database servers
    notes = [line.note for line in standby.lines if line.part_number == "B110627"]
    assert sum("later list" in note for note in notes) == 1


def test_the_option_notes_carry_the_words():
    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"},
                               "environment": {"region": "us-east-1"}})  # fmt: skip
    verdict = next(v for v in evaluate_rules(workload) if v.option == "odb")
    need = Need(vcpus=16, memory_gib=256, storage_gib=5120, block_kib=8, scan_kib=1024, sustained_iops=0, peak_iops=0,
                peak_mib_s=0, peak_minutes=30)  # fmt: skip
    option = odb_recommendation(workload, need, "Oracle Database@AWS", verdict)
    assert lead_words(option.odb.price_lead) in option.notes
