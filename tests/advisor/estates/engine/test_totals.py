"""Estate totals for a 3-database estate, every figure worked out by hand from the summaries below."""

from decimal import Decimal

from advisor.estates.engine.summary import Blocker, DatabaseSummary, OptionSummary, ProductNeed
from advisor.estates.engine.totals import Assessed, estate_totals

LABELS = {"rds": "RDS", "rds_custom": "RDS Custom", "ec2": "EC2", "odb": "ODB"}


def option(key: str, verdict: str, monthly: str | None, *, blockers: tuple[str, ...] = (), status: str = "none",
           needs: tuple[tuple[str, int], ...] = ()) -> OptionSummary:  # fmt: skip
    return OptionSummary(
        option=key, label=LABELS[key], verdict=verdict, monthly_usd=None if monthly is None else Decimal(monthly),
        blockers=tuple(Blocker(rule_id=b, title=b) for b in blockers), licence_status=status,  # type: ignore[arg-type]
        licences=tuple(ProductNeed(key=k, name=k, metric="processor", required=n) for k, n in needs),
        prices_as_of=("2026-07-01",),
    )  # fmt: skip


# A: EE BYOL, 4 processor licences owned; EC2 is cheapest and allowed.
A = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=4, recommended="ec2", options=(
    option("rds", "caveats", "1000.00", status="counted", needs=(("ee", 8),)),
    option("rds_custom", "blocked", None, blockers=("rdsc-x",)),
    option("ec2", "viable", "900.00", status="counted", needs=(("ee", 4),)),
    option("odb", "blocked", None, blockers=("odb-y",)),
))  # fmt: skip
# B: EE BYOL, none owned; RDS blocked (but priced), ODB priced with its licence count not published.
B = DatabaseSummary(edition="ee", licence_model="byol", licences_owned=0, recommended="ec2", options=(
    option("rds", "blocked", "2000.00", blockers=("rds-z",), status="counted", needs=(("ee", 16), ("partitioning", 16))),
    option("rds_custom", "blocked", None, blockers=("rdsc-x",)),
    option("ec2", "caveats", "1500.00", status="counted", needs=(("ee", 8), ("partitioning", 8))),
    option("odb", "caveats", "3000.00", status="not-published"),
))  # fmt: skip
# C: SE2 licence included on RDS; EC2 blocked (no licence included there).
C = DatabaseSummary(edition="se2", licence_model="li", licences_owned=0, recommended="rds", options=(
    option("rds", "viable", "300.00", status="included"),
    option("rds_custom", "blocked", None, blockers=("rdsc-x",)),
    option("ec2", "blocked", "250.00", blockers=("ec2-no-li",), status="counted", needs=(("se2", 1),)),
    option("odb", "blocked", None, blockers=("odb-y",)),
))  # fmt: skip

TOTALS = estate_totals([Assessed("A", A), Assessed("B", B), Assessed("C", C)])


def licences(placement: str) -> dict[str, tuple[int, int, int, int]]:
    return {t.key: (t.required, t.owned, t.to_buy, t.freed) for t in TOTALS.placement(placement).licences}


def test_all_rds_sums_the_databases_rds_may_take_and_counts_the_blocked_one_apart() -> None:
    rds = TOTALS.placement("rds")
    assert rds.monthly_usd == Decimal("1300.00")  # A 1000.00 + C 300.00; B is blocked on RDS
    assert (rds.placed, rds.left_out, rds.blocked, rds.unpriced) == (2, 1, 1, 0)
    assert rds.three_year_usd == Decimal("46800.00")  # 1300.00 x 36
    # EE: A needs 8; owned 4 (A) + 0 (B) = 4 -> 4 to buy. C is licence included.
    assert licences("rds") == {"ee": (8, 4, 4, 0)}
    assert rds.licence_included == 1


def test_all_ec2_leaves_out_the_se2_database_that_wants_licence_included() -> None:
    ec2 = TOTALS.placement("ec2")
    assert ec2.monthly_usd == Decimal("2400.00")  # A 900.00 + B 1500.00
    assert (ec2.placed, ec2.blocked) == (2, 1)
    # EE: 4 (A) + 8 (B) = 12 needed, 4 owned -> 8 to buy; Partitioning: 8 (B), none owned -> 8 to buy
    assert licences("ec2") == {"ee": (12, 4, 8, 0), "partitioning": (8, 0, 8, 0)}


def test_best_per_database_takes_each_recommended_option() -> None:
    best = TOTALS.placement("best")
    assert best.monthly_usd == Decimal("2700.00")  # A ec2 900.00 + B ec2 1500.00 + C rds 300.00
    assert best.by_option == (("rds", 1), ("ec2", 2))
    assert best.left_out == 0
    assert licences("best") == {"ee": (12, 4, 8, 0), "partitioning": (8, 0, 8, 0)}
    assert best.licence_included == 1


def test_a_placement_with_nothing_placed_frees_nothing() -> None:
    custom = TOTALS.placement("rds_custom")
    assert (custom.monthly_usd, custom.placed, custom.blocked) == (Decimal("0.00"), 0, 3)
    assert licences("rds_custom") == {}  # no database is placed there: nothing is needed, owned or freed


def test_odb_counts_the_database_whose_licence_count_is_not_published_apart() -> None:
    odb = TOTALS.placement("odb")
    assert (odb.monthly_usd, odb.placed, odb.blocked) == (Decimal("3000.00"), 1, 2)
    assert (odb.licence_not_published, odb.owned_uncounted) == (1, 0)  # B owns none
    assert licences("odb") == {}  # B's need is unknown, and A (4 owned) is not placed on ODB: nothing freed


def test_blockers_are_counted_by_rule_most_databases_first() -> None:
    assert [(b.rule_id, b.databases, b.examples) for b in TOTALS.blockers] == [
        ("rdsc-x", 3, ("A", "B", "C")),
        ("odb-y", 2, ("A", "C")),
        ("rds-z", 1, ("B",)),  # ties: in option order, RDS before EC2
        ("ec2-no-li", 1, ("C",)),
    ]
    assert [(o.edition, o.metric, o.count) for o in TOTALS.owned] == [("ee", "processor", 4)]


def test_three_years_with_each_database_on_its_best_commitment_where_one_is_priced() -> None:
    # A's EC2 topology has a 3-year reservation totalling 30,000.00 over 36 months (vs 900.00 x 36 = 32,400.00);
    # B's has none priced, so it stays on-demand: 1,500.00 x 36 = 54,000.00. All EC2: 30,000.00 + 54,000.00.
    a_ec2 = A.option("ec2").model_copy(update={"commitment": "Reserved 3yr All Upfront",
                                               "committed_36_months_usd": Decimal("30000.00")})  # fmt: skip
    a = A.model_copy(update={"options": tuple(a_ec2 if o.option == "ec2" else o for o in A.options)})
    ec2 = estate_totals([Assessed("A", a), Assessed("B", B), Assessed("C", C)]).placement("ec2")
    assert ec2.three_year_usd == Decimal("86400.00")  # (900.00 + 1,500.00) x 36 on-demand
    assert ec2.committed_three_year_usd == Decimal("84000.00")
    assert ec2.on_commitment == 1


def ee_database(owned: int, ec2_need: int, *, options: dict[str, int] | None = None, every: int = 0,
                needs: tuple[tuple[str, int], ...] = (), odb_status: str = "counted") -> DatabaseSummary:  # fmt: skip
    return DatabaseSummary(edition="ee", licence_model="byol", licences_owned=owned, options_owned=options or {},
                           options_owned_every=every, recommended="ec2", options=(
        option("rds_custom", "blocked", None, blockers=("rdsc-x",)),
        option("ec2", "viable", "1000.00", status="counted", needs=(("ee", ec2_need), *needs)),
        option("odb", "caveats", "5000.00", status=odb_status, needs=(("ee", 4),) if odb_status == "counted" else ()),
    ))  # fmt: skip


def test_licences_are_counted_per_database_as_each_cost_buys_its_own_shortfall() -> None:
    # The audit's estate: RICH owns 16 EE and needs 3 on EC2, POOR owns 0 and needs 3. POOR's EC2 cost buys 3
    # licences (RICH's surplus is not moved to it): to buy 0 + 3 = 3; freed 13 + 0 = 13; needed 6; owned 16.
    totals = estate_totals([Assessed("RICH", ee_database(16, 3)), Assessed("POOR", ee_database(0, 3))])
    ec2 = {t.key: (t.required, t.owned, t.to_buy, t.freed) for t in totals.placement("ec2").licences}
    assert ec2 == {"ee": (6, 16, 3, 13)}


def test_option_licences_owned_are_counted_like_the_cost_counts_them() -> None:
    # OPT1 owns 8 EE and partitioning=8 and needs 6 of each on EC2: nothing to buy, 2 + 2 freed. OPT2 owns 4 of
    # every option (no product named) and needs 6 partitioning and 6 diagnostics pack: 2 + 2 to buy, none freed; its
    # EE: owns 0, needs 6 -> 6 to buy.
    opt1 = ee_database(8, 6, options={"partitioning": 8}, needs=(("partitioning", 6),))
    opt2 = ee_database(0, 6, every=4, needs=(("partitioning", 6), ("diagnostics_pack", 6)))
    totals = estate_totals([Assessed("OPT1", opt1), Assessed("OPT2", opt2)])
    ec2 = {t.key: (t.required, t.owned, t.to_buy, t.freed) for t in totals.placement("ec2").licences}
    assert ec2 == {"ee": (12, 8, 6, 2), "partitioning": (12, 12, 2, 2), "diagnostics_pack": (6, 4, 2, 0)}


def test_a_database_whose_need_is_unknown_frees_nothing_and_its_owned_licences_are_named_apart() -> None:
    # On ODB: X's count is published (needs 4, owns 10 -> 6 freed); Y's is not (owns 12: not counted, not freed).
    x = ee_database(10, 2)
    y = ee_database(12, 2, odb_status="not-published")
    odb = estate_totals([Assessed("X", x), Assessed("Y", y)]).placement("odb")
    assert {t.key: (t.required, t.owned, t.to_buy, t.freed) for t in odb.licences} == {"ee": (4, 10, 0, 6)}
    assert (odb.licence_not_published, odb.owned_uncounted) == (1, 12)


def test_licences_owned_in_the_estate_keep_named_user_plus_apart_from_processor_licences() -> None:
    # PROC owns 24 EE processor licences, NUP owns 50 EE Named User Plus, SMALL owns 2 SE2 sockets: three counts,
    # never "EE 74" (a processor licence and a named user are not the same thing)
    nup = ee_database(50, 2).model_copy(update={"licence_metric": "nup"})
    small = C.model_copy(update={"licence_model": "byol", "licences_owned": 2})
    totals = estate_totals([Assessed("PROC", ee_database(24, 2)), Assessed("NUP", nup), Assessed("SMALL", small)])
    assert [(o.edition, o.metric, o.count) for o in totals.owned] == [
        ("ee", "processor", 24),
        ("ee", "Named User Plus", 50),
        ("se2", "socket", 2),
    ]
    assert totals.owned_words == "EE 24 (processor), EE 50 (Named User Plus), SE2 2 (socket)"


def test_licence_included_frees_the_licences_its_database_owns() -> None:
    # C2: SE2, licence included on RDS, yet its row says it owns 2 sockets: it needs none of its own, 2 freed.
    c2 = C.model_copy(update={"licences_owned": 2})
    rds = estate_totals([Assessed("C2", c2)]).placement("rds")
    assert [(t.key, t.name, t.metric, t.required, t.owned, t.to_buy, t.freed) for t in rds.licences] == [
        ("se2", "Database Standard Edition 2", "socket", 0, 2, 0, 2)
    ]
    assert rds.licence_included == 1


def test_price_dates_include_the_licence_price_lists_dates_named_by_the_sources() -> None:
    ec2 = A.option("ec2").model_copy(update={"prices_as_of": ("2026-07-20",), "price_sources": (
        "AWS Price List via Karpenter, SKU K-1 (as of 2026-07-20)",
        "Oracle Technology Global Price List (as of 2026-09-15)",
        "Oracle Technology Global Price List, options (as of 2026-08-03)",
    )})  # fmt: skip
    a = A.model_copy(update={"options": tuple(ec2 if o.option == "ec2" else o for o in A.options)})
    totals = estate_totals([Assessed("A", a)])
    # A's RDS row is dated 2026-07-01 (the helper's date); EC2 adds the AWS row and the two licence lists' dates
    assert totals.prices_as_of == ("2026-07-01", "2026-07-20", "2026-08-03", "2026-09-15")


def test_a_summary_stored_by_a_newer_release_is_still_read() -> None:
    # a rolling deploy or a rollback: the worker of the newer release stored a field this release does not know
    from advisor.estates.engine.summary import DatabaseSummary

    stored = {"edition": "ee", "licence_model": "byol", "licences_owned": 2, "recommended": None, "options": [
        {"option": "ec2", "label": "Self-managed Oracle on EC2", "verdict": "viable", "monthly_usd": "100.00",
         "a_field_of_a_later_release": ["kept out"]}], "another_later_field": 1}  # fmt: skip
    summary = DatabaseSummary.model_validate(stored)
    assert summary.option("ec2").monthly_usd == Decimal("100.00")


def test_a_database_with_no_recommendation_says_whether_the_rules_or_the_prices_stopped_it() -> None:
    assert A.none_recommended == ""
    unpriced = DatabaseSummary(edition="ee", licence_model="li", licences_owned=0, recommended=None, options=(
        option("rds", "blocked", None, blockers=("rds-li-ee",)), option("odb", "caveats", None)))  # fmt: skip
    assert unpriced.none_recommended == "none priced in full"  # Oracle Database@AWS is allowed, just not priced
    blocked = DatabaseSummary(edition="ee", licence_model="li", licences_owned=0, recommended=None, options=(
        option("rds", "blocked", None, blockers=("rds-li-ee",)), option("ec2", "blocked", None, blockers=("x",))))  # fmt: skip
    assert blocked.none_recommended == "none the rules allow"


# --- totals that are lower bounds, and why databases stay on-demand in the best-commitments total ------------------

NO_STANDBY = "what the workload asks for, not built: Multi-AZ on EC2: Standard Edition 2 has no Data Guard"


def se2_multi_az(recommended: str, rds_priced: bool = True) -> DatabaseSummary:
    """SE2 BYOL with Multi-AZ, 1 socket owned: RDS prices its standby (2 sockets, primary and standby), EC2 cannot
    build one (1 socket, the primary alone)."""
    ec2 = option("ec2", "caveats", "400.00", status="counted", needs=(("se2", 1),))
    ec2 = ec2.model_copy(update={"left_out": (NO_STANDBY,), "builds_less": True})
    rds = option("rds", "caveats", "1200.00" if rds_priced else None, status="counted", needs=(("se2", 2),))
    return DatabaseSummary(edition="se2", licence_model="byol", licences_owned=1, recommended=recommended,
                           options=(rds, ec2))  # fmt: skip


def test_a_placement_whose_option_does_not_build_the_standby_asked_for_is_a_lower_bound() -> None:
    totals = estate_totals([Assessed("CRM", se2_multi_az("rds")), Assessed("Legacy", se2_multi_az("rds"))])
    ec2, rds = totals.placement("ec2"), totals.placement("rds")
    assert (ec2.monthly_usd, ec2.partial, ec2.builds_less) == (Decimal("800.00"), 2, 2)  # 2 x 400.00, both short
    assert ec2.partial_words.startswith("At least: 2 databases placed leave costs out (2 without the standby")
    # its licences leave the standby's out too: 1 socket each against RDS's 2, and the table says why
    assert [(t.key, t.required) for t in ec2.licences] == [("se2", 2)]
    assert [(t.key, t.required) for t in rds.licences] == [("se2", 4)]
    assert ec2.not_built_words.startswith("2 databases: what the workload asks for is not built")
    assert (rds.partial, rds.builds_less, rds.partial_words, rds.not_built_words) == (0, 0, "", "")
    assert totals.placement("best").partial == 0  # each on RDS, standby and all


def test_a_recommended_option_that_does_not_build_what_is_asked_makes_the_best_placement_a_lower_bound() -> None:
    # RDS has no price in that Region: EC2 is recommended alone, still without the standby
    best = estate_totals([Assessed("CRM", se2_multi_az("ec2", rds_priced=False))]).placement("best")
    assert (best.placed, best.partial, best.builds_less) == (1, 1, 1)
    assert best.partial_words == ("At least: 1 database placed leaves costs out (1 without the standby, read "
                                  "replicas or DR copy asked for); each database's results say what")  # fmt: skip


def on_ec2(basis: str, committed: str | None = None) -> DatabaseSummary:
    ec2 = option("ec2", "viable", "1000.00").model_copy(update={
        "commitment_basis": basis, "commitment": "Reserved 3yr" if committed else "",
        "committed_36_months_usd": None if committed is None else Decimal(committed)})  # fmt: skip
    return DatabaseSummary(edition="ee", licence_model="li", licences_owned=0, recommended="ec2", options=(ec2,))


def test_the_best_commitments_column_says_why_each_database_not_on_one_stays_on_demand() -> None:
    on_rds = DatabaseSummary(edition="ee", licence_model="li", licences_owned=0, recommended="rds", options=(
        option("rds", "viable", "800.00").model_copy(update={"commitment_basis": "none-held"}),))  # fmt: skip
    estate = [Assessed("A", on_ec2("commitment", "30000.00")), Assessed("B", on_ec2("none-held")),
              Assessed("C", on_ec2("on-demand-cheapest")), Assessed("D", on_rds), Assessed("OLD", on_ec2(""))]  # fmt: skip
    best = estate_totals(estate).placement("best")
    assert (best.on_commitment, best.on_demand_cheapest, best.no_commitment_price) == (1, 1, (("rds", 1), ("ec2", 1)))
    assert best.commitment_words == (
        "1 of 5 on a commitment; RDS: no commitment price held for 1 database, on-demand; EC2: no commitment price "
        "held for 1 database, on-demand; on-demand cheapest for 1 database; 1 database on-demand, assessed before "
        "the reason was recorded"
    )
    rds = estate_totals(estate).placement("rds")
    assert rds.commitment_words == "0 of 1 on a commitment; RDS: no commitment price held for 1 database, on-demand"


def test_oracle_database_at_aws_is_counted_as_no_aws_commitment_sold_never_as_a_price_to_refresh() -> None:
    def on_odb(basis: str) -> DatabaseSummary:
        odb = option("odb", "viable", "9000.00").model_copy(update={"commitment_basis": basis})
        return DatabaseSummary(edition="ee", licence_model="byol", licences_owned=8, recommended="odb", options=(odb,))

    # a summary kept before "not-offered" was recorded said "none-held" of Oracle Database@AWS: read as not offered
    estate = [Assessed("A", on_ec2("commitment", "30000.00")), Assessed("X", on_odb("not-offered")),
              Assessed("OLD", on_odb("none-held")), Assessed("B", on_ec2("none-held"))]  # fmt: skip
    best = estate_totals(estate).placement("best")

    assert (best.commitment_not_offered, best.no_commitment_price) == ((("odb", 2),), (("ec2", 1),))
    assert best.commitment_words == (
        "1 of 4 on a commitment; EC2: no commitment price held for 1 database, on-demand; Oracle Database@AWS: no AWS "
        "Reserved Instance or Savings Plan applies for 2 databases (bought by private offer)"
    )


def test_the_1_and_3_year_totals_are_each_databases_own_run_rate_not_the_monthly_figure_times_the_months():
    # EE BYOL owning its 8 licences, support rising 10 % a year: the 3-year run-rate counts support as paid, 83,600 +
    # 91,960 + 101,156 = 276,716, and year 1's 83,600, where 12 x the monthly figure (its 3-year average) says 92,238.67
    from advisor.engine.recommendation.as_json import recommendation_json
    from advisor.engine.recommendation.recommender import recommend
    from advisor.engine.workload import parse_workload
    from advisor.estates.engine.summary import summary_from_json
    from tests.advisor.engine.recommendation.test_option_commitments import book

    workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol", "processor_licences_owned": 8,
                                          "support_uplift_pct": 10},
                               "sizing": {"peak_cpu": 4, "db_size_gib": 200}, "environment": {"region": "eu-west-1"}})  # fmt: skip
    said = recommendation_json(recommend(workload, book()))
    summary = summary_from_json(said, edition="ee", licence_model="byol", licences_owned=8)
    rds = estate_totals([Assessed("HR", summary), Assessed("CRM", summary)]).placement("rds")
    aws = Decimal(next(o for o in said["options"] if o["option"] == "rds")["cost"]["aws_monthly_usd"])
    assert rds.one_year_usd == 2 * (aws * 12 + 83_600)
    assert rds.three_year_usd == 2 * (aws * 36 + 276_716)
    assert rds.one_year_usd != rds.monthly_usd * 12


def test_the_totals_count_the_databases_priced_on_figures_their_rows_did_not_give() -> None:
    # A's row gave no peak CPU and no size; B's no size; C's everything
    totals = estate_totals([Assessed("A", A, ("peak CPU", "database size")), Assessed("B", B, ("database size",)),
                            Assessed("C", C)])  # fmt: skip
    assert (totals.assumed, totals.assumed_figures) == (2, (("peak CPU", 1), ("database size", 2)))
    assert totals.assumed_words == (
        "2 of 3 databases assessed rest on figures their rows do not give, the questionnaire's defaults assumed "
        "(peak CPU for 1, database size for 2): each database's row says which"
    )
    assert estate_totals([Assessed("C", C)]).assumed_words == ""


def test_databases_an_option_cannot_take_are_counted_apart_from_those_whose_price_is_not_held() -> None:
    # BIG: SE2 past its vCPU cap on RDS and EC2 (does not fit); GAP: RDS not priced (no price held), EC2 placed
    too_big = "Standard Edition 2 may be licensed on instances of at most 8 vCPUs, and the need is 19.2 vCPUs"
    past = {"unpriced": too_big, "does_not_fit": True}
    big = DatabaseSummary(edition="se2", licence_model="byol", licences_owned=0, recommended=None, options=(
        option("rds", "caveats", None).model_copy(update=past), option("ec2", "caveats", None).model_copy(update=past),
        option("odb", "blocked", None, blockers=("odb-se2",)),
    ))  # fmt: skip
    gap = DatabaseSummary(edition="ee", licence_model="li", licences_owned=0, recommended="ec2", options=(
        option("rds", "viable", None).model_copy(update={"unpriced": "No price is held for ap-east-2"}),
        option("ec2", "viable", "500.00"), option("odb", "blocked", None, blockers=("odb-y",)),
    ))  # fmt: skip
    totals = estate_totals([Assessed("BIG", big), Assessed("GAP", gap)])
    rds, ec2, best = totals.placement("rds"), totals.placement("ec2"), totals.placement("best")
    assert (rds.left_out, rds.blocked, rds.no_fit, rds.unpriced) == (2, 0, 1, 1)
    assert rds.left_out_words == "2: 1 do not fit, 1 not priced"
    assert (ec2.left_out, ec2.no_fit, ec2.unpriced, ec2.left_out_words) == (1, 1, 0, "1 do not fit")
    assert (best.left_out, best.no_fit, best.unpriced) == (1, 1, 0)  # BIG: no option takes it, none for a price
    assert big.none_recommended == "none fits: " + too_big
    assert totals.placement("odb").left_out_words == "2 blocked"
