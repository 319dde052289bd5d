"""Best placement per database is the engine's ranking as the recommendation's JSON carries it: a blocked option is
never placed there, however cheap, and a database with nothing ranked is left out and counted apart."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from advisor.estates.engine.summary import summary_from_json
from advisor.estates.engine.totals import Assessed, estate_totals

LABELS = {"rds": "Amazon RDS for Oracle", "ec2": "Self-managed Oracle on EC2", "odb": "Oracle Database@AWS"}


def _option(key: str, monthly: str | None, *, blocked: bool = False, odb_licences: int | None = None) -> dict[str, Any]:
    findings = [{"rule_id": "R-1", "severity": "blocker", "title": "Not allowed here"}] if blocked else []
    out: dict[str, Any] = {"option": key, "label": LABELS[key], "verdict": "blocked" if blocked else "viable",
                           "findings": findings, "cost": None, "odb": None, "configuration": None, "topology": None,
                           "unmet": [], "unpriced_reason": None if monthly else "no prices", "commitments": None}  # fmt: skip
    if key == "odb":
        out["odb"] = {"monthly_usd": monthly, "byol_processor_licences": odb_licences, "byol_licence_note": "",
                      "byol_options": [], "lines": [], "problems": []}  # fmt: skip
    elif monthly is not None:
        out["cost"] = {"total_monthly_usd": monthly, "prices_as_of": ["2023-02-23"], "price_sources": []}
    return out


def _summary(options: list[dict[str, Any]], recommended: str | None, licence_model: str = "li") -> Any:
    ranking = {"recommended": recommended, "basis": "monthly run-rate, AWS on-demand and Oracle licences included"}
    return summary_from_json({"options": options, "ranking": ranking}, edition="ee", licence_model=licence_model,
                             licences_owned=0)  # fmt: skip


def test_best_placement_takes_the_ranked_option_not_a_cheaper_blocked_one() -> None:
    # A: EC2 is blocked at $400.00, RDS allowed at $1,000.00; B: RDS at $250.50 is the only option
    a = _summary([_option("rds", "1000.00"), _option("ec2", "400.00", blocked=True)], recommended="rds")
    b = _summary([_option("rds", "250.50"), _option("ec2", None)], recommended="rds")

    totals = estate_totals([Assessed("A", a), Assessed("B", b)])

    best = totals.placement("best")
    assert best.monthly_usd == Decimal("1250.50")  # 1,000.00 + 250.50: the blocked $400.00 is never placed
    assert (best.placed, best.left_out) == (2, 0)
    ec2 = totals.placement("ec2")
    assert ec2.monthly_usd == Decimal("0.00") and (ec2.blocked, ec2.unpriced) == (1, 1)


def test_a_database_whose_only_priced_option_lacks_licences_is_left_out_of_best_as_not_priced_in_full() -> None:
    # Oracle Database@AWS BYOL priced without the licences brought: the ranking recommends nothing
    a = _summary(
        [_option("rds", None), _option("odb", "900.00", odb_licences=4)], recommended=None, licence_model="byol"
    )
    c = _summary([_option("rds", "100.00", blocked=True)], recommended=None)

    totals = estate_totals([Assessed("A", a), Assessed("C", c)])

    best = totals.placement("best")
    assert best.monthly_usd == Decimal("0.00") and best.placed == 0
    assert (best.unpriced, best.blocked) == (1, 1)  # A: nothing priced in full; C: every option blocked


def test_the_licences_of_oracle_database_at_aws_byol_are_counted_where_it_is_placed() -> None:
    # once ranked (licences in its total), ODB BYOL is the best placement and its 4 EE processor licences are counted
    a = _summary([_option("rds", "1000.00"), _option("odb", "900.00", odb_licences=4)], recommended="odb",
                 licence_model="byol")  # fmt: skip

    best = estate_totals([Assessed("A", a)]).placement("best")

    assert best.monthly_usd == Decimal("900.00")
    assert [(t.key, t.required, t.to_buy) for t in best.licences] == [("ee", 4, 4)]  # none owned: 4 - 0 to buy


def test_three_year_totals_compare_cash_as_paid_with_cash_as_paid() -> None:
    # A on RDS: run-rate $1,000.00 a month, cash as paid over 36 months $40,000.00 (licences bought in month 1),
    # and a reservation whose 36 months cost $33,000.00 cash as paid. B on RDS: $500.00 a month, $18,500.00 cash,
    # no commitment that beats on-demand.
    a_rds = _option("rds", "1000.00")
    a_rds["cost"]["cash_as_paid"] = {"three_year_usd": "40000.00"}
    a_rds["commitments"] = {"best_36_months": "reserved-3yr-all-upfront",
                            "totals": [{"commitment": "reserved-3yr-all-upfront", "priced": True, "label": "RI 3yr",
                                        "total_36_months_usd": "33000.00"}]}  # fmt: skip
    b_rds = _option("rds", "500.00")
    b_rds["cost"]["cash_as_paid"] = {"three_year_usd": "18500.00"}
    a = _summary([a_rds], recommended="rds")
    b = _summary([b_rds], recommended="rds")

    rds = estate_totals([Assessed("A", a), Assessed("B", b)]).placement("rds")

    assert rds.three_year_usd == Decimal("54000.00")  # run-rate: (1,000.00 + 500.00) x 36
    assert rds.cash_three_year_usd == Decimal("58500.00")  # cash as paid on-demand: 40,000.00 + 18,500.00
    # best commitments, cash as paid: A's 33,000.00 + B on-demand cash 18,500.00 (never B's run-rate x 36)
    assert rds.committed_three_year_usd == Decimal("51500.00") and rds.on_commitment == 1
