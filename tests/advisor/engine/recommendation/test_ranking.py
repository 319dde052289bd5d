"""One basis for every ranking: only options the rules allow, with totals complete on the same basis, are ranked;
every other option is left out with why, in words a customer reads."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from advisor.engine.recommendation.as_json import ranking_json
from advisor.engine.recommendation.ranking import BASIS, rank_options
from advisor.engine.recommendation.ranking_words import left_out_words, ranking_words
from advisor.engine.recommendation.recommender import OptionRecommendation
from advisor.engine.rules.verdicts import Finding, OptionVerdict

LABELS = {"rds": "Amazon RDS for Oracle", "rds_custom": "Amazon RDS Custom for Oracle",
          "ec2": "Self-managed Oracle on EC2", "odb": "Oracle Database@AWS"}  # fmt: skip


def _blocker(option: str, title: str) -> Finding:
    return Finding("R-1", option, "blocker", title, "", None, "", "", "2026-01-01")


def _member(label: str, unpriced: str | None = None) -> Any:
    return SimpleNamespace(plan=SimpleNamespace(label=label), unpriced=unpriced)


def option(key: str, monthly: str | None, *, blocked: str = "", notes: tuple[str, ...] = (), unpriced: str = "",
           unmet: tuple[str, ...] = (), members: tuple[Any, ...] = (),
           licences_in_total: bool = True, no_price: tuple[str, ...] = (),
           needs_input: tuple[str, ...] = (),
           lacking: tuple[tuple[str, str], ...] = ()) -> OptionRecommendation:  # fmt: skip
    """An option as the recommender leaves it: ODB carries its total on ``odb``, the others on the chosen topology."""
    findings = (_blocker(key, blocked),) if blocked else ()
    verdict = OptionVerdict(key, LABELS[key], "blocked" if blocked else "viable", findings)
    total = None if monthly is None else Decimal(monthly)
    if key == "odb":
        odb = SimpleNamespace(monthly_usd=total, licences_in_total=licences_in_total)
        return OptionRecommendation(key, LABELS[key], verdict, None, (), (), unmet, notes, unpriced, odb=odb)
    chosen = None if total is None else SimpleNamespace(
        total_monthly_usd=total, topology=SimpleNamespace(members=members or (_member("Primary"),), unpriced=no_price,
                                                          needs_input=needs_input, lacking=lacking))  # fmt: skip
    return OptionRecommendation(key, LABELS[key], verdict, chosen, (), (), unmet, notes, unpriced)  # type: ignore[arg-type]


def test_a_blocked_option_is_never_recommended_even_when_it_is_the_cheapest() -> None:
    ranking = rank_options(options=(
        option("rds", "1500.00"),
        option("rds_custom", "400.00", blocked="Kerberos authentication cannot be configured on RDS Custom"),
        option("ec2", "1234.50"),
    ))  # fmt: skip

    assert ranking.recommended is not None and ranking.recommended.option == "ec2"
    blocked = ranking.left_out_of("rds_custom")
    assert blocked is not None and blocked.kind == "blocked"
    assert blocked.reason == "Kerberos authentication cannot be configured on RDS Custom"
    assert blocked.monthly_usd == Decimal("400.00")  # what it would cost if the blocker were removed, not ranked
    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]


def test_runner_up_and_margin_are_worked_from_the_two_cheapest_totals() -> None:
    ranking = rank_options(options=(option("rds", "1500.00"), option("ec2", "1234.50")))

    # 1,500.00 - 1,234.50 = 265.50 a month; 265.50 / 1,234.50 = 0.21507... -> 21.5 %
    assert ranking.runner_up is not None and ranking.runner_up.option == "rds"
    assert ranking.margin_usd == Decimal("265.50")
    assert ranking.margin_pct == Decimal("21.5")
    assert ranking.basis == "monthly run-rate, AWS on-demand and Oracle licences included"
    assert ranking.scope == "the cheapest option the rules allow"


def test_a_total_without_the_oracle_licences_brought_is_never_ranked_against_full_ones() -> None:
    # Oracle Database@AWS BYOL at $900 a month leaves out the processor licences; EC2 at $1,234.50 counts them
    ranking = rank_options(options=(option("ec2", "1234.50"), option("odb", "900.00", licences_in_total=False)))

    assert ranking.recommended is not None and ranking.recommended.option == "ec2"
    assert ranking.runner_up is None and ranking.margin_usd is None
    partial = ranking.left_out_of("odb")
    assert partial is not None and partial.kind == "partial"
    assert partial.reason == "Oracle licences you bring are not counted"
    assert ranking.scope == "the cheapest of the options priced in full"
    assert left_out_words(partial) == ("Oracle Database@AWS is not compared ($900.00 a month): its total is not on "
                                       "the same basis, Oracle licences you bring are not counted.")  # fmt: skip


def test_oracle_database_at_aws_license_included_is_ranked_like_the_others() -> None:
    ranking = rank_options(options=(option("ec2", "1234.50"), option("odb", "1100.00")))

    assert ranking.recommended is not None and ranking.recommended.option == "odb"
    assert ranking.margin_usd == Decimal("134.50")  # 1,234.50 - 1,100.00


def test_a_topology_member_left_unpriced_makes_the_total_partial() -> None:
    members = (_member("Primary"), _member("Data Guard standby in eu-central-1", "No price is held there."))
    ranking = rank_options(options=(option("ec2", "800.00", members=members), option("rds", "1000.00")))

    assert ranking.recommended is not None and ranking.recommended.option == "rds"
    partial = ranking.left_out_of("ec2")
    assert partial is not None and partial.kind == "partial"
    assert partial.reason == "the Data Guard standby in eu-central-1 could not be priced (no price is held there)"


def test_a_viable_option_without_a_price_is_named_with_why_and_the_headline_says_of_those_priced() -> None:
    why = "No RDS for Oracle EE BYOL Multi-AZ instance price is held for eu-west-1"
    ranking = rank_options(options=(option("rds", None, unpriced=why), option("ec2", "1234.50")))

    words = ranking_words(ranking)

    assert words[0] == ("Self-managed Oracle on EC2 is the cheapest of the options priced: $1,234.50 a month (monthly "
                        "run-rate, AWS on-demand and Oracle licences included).")  # fmt: skip
    assert words[1] == ("Amazon RDS for Oracle could not be priced: no RDS for Oracle EE BYOL Multi-AZ instance price "
                        "is held for eu-west-1.")  # fmt: skip


def test_an_option_nothing_fits_says_which_need_was_not_met() -> None:
    ranking = rank_options(options=(option("rds", None, unmet=("vCPUs: the most any configuration gives is 96",)),))

    left = ranking.left_out_of("rds")
    assert left is not None and left.kind == "unpriced"
    assert left.reason == "nothing in the catalog meets the need (vCPUs: the most any configuration gives is 96)"
    assert ranking.recommended is None
    assert ranking_words(ranking)[0] == "No option the rules allow could be priced in full, so none is recommended."


def test_every_option_blocked_recommends_none() -> None:
    ranking = rank_options(options=(option("ec2", "100.00", blocked="Not offered"), option("rds", None, blocked="No")))

    assert ranking.recommended is None and ranking.viable_left_out == ()
    assert ranking_words(ranking)[0] == "Every option is blocked by a rule, so none is recommended."


def test_the_json_carries_the_option_basis_runner_up_margin_and_those_left_out() -> None:
    ranking = rank_options(options=(
        option("rds", "1500.00"),
        option("rds_custom", "400.00", blocked="Kerberos authentication cannot be configured on RDS Custom"),
        option("ec2", "1234.50"),
        option("odb", "900.00", licences_in_total=False),
    ))  # fmt: skip

    said = ranking_json(ranking)

    assert said["recommended"] == "ec2" and said["monthly_usd"] == "1234.50"
    assert said["basis"] == BASIS
    assert said["runner_up"] == {"option": "rds", "label": "Amazon RDS for Oracle", "monthly_usd": "1500.00"}
    assert said["margin_monthly_usd"] == "265.50" and said["margin_pct"] == "21.5"  # as worked above
    assert [(o["option"], o["kind"]) for o in said["left_out"]] == [("rds_custom", "blocked"), ("odb", "partial")]
    assert said["left_out"][0]["monthly_usd"] == "400.00"


def test_a_cost_no_sourced_price_prices_makes_the_total_partial() -> None:
    no_rate = "Redo shipped to the standby in a second Availability Zone: no sourced rate between Availability Zones"
    ranking = rank_options(options=(option("ec2", "800.00", no_price=(no_rate,)), option("rds", "1000.00")))

    assert ranking.recommended is not None and ranking.recommended.option == "rds"
    partial = ranking.left_out_of("ec2")
    assert partial is not None and partial.kind == "partial" and "no sourced rate" in partial.reason


def test_a_cost_awaiting_a_figure_from_the_user_is_said_beside_the_ranking_not_hidden() -> None:
    redo = "Redo rate not given: the transfer to the DR Region (eu-central-1) is not priced; enter the redo rate"
    ranking = rank_options(
        options=(option("ec2", "800.00", needs_input=(redo,)), option("rds", "1000.00", needs_input=(redo,)))
    )

    # both totals leave out the same kind of cost for want of the same figure: still compared, $200.00 apart
    assert ranking.recommended is not None and ranking.recommended.option == "ec2"
    assert ranking.margin_usd == Decimal("200.00")
    assert [a.option for a in ranking.awaiting_input] == ["ec2", "rds"]
    words = ranking_words(ranking)[-1]
    assert words.startswith("The totals compared leave out costs that need a figure not given yet")
    # the same cost is said once, with the options whose totals leave it out
    assert words.count("edo rate not given") == 1
    assert "(Self-managed Oracle on EC2, Amazon RDS for Oracle)" in words
    assert ranking_json(ranking)["awaiting_input"][0] == {"option": "ec2", "label": LABELS["ec2"], "items": [redo]}


def test_a_service_that_ends_is_an_exit_path_never_ranked_even_when_cheapest() -> None:
    # an estate on RDS Custom: the rules warn (not block) that the service ends; it is where the database runs now
    ends = Finding("rdsc-retired-existing-estate", "rds_custom", "warning",
                   "RDS Custom for Oracle ends on 2027-03-31: plan the exit for this estate", "", None, "", "",
                   "2026-11-22", service_ends="2027-03-31")  # fmt: skip
    custom = option("rds_custom", "900.00")
    custom = OptionRecommendation("rds_custom", LABELS["rds_custom"],
                                  OptionVerdict("rds_custom", LABELS["rds_custom"], "caveats", (ends,)), custom.chosen,
                                  (), (), (), (), "")  # fmt: skip
    ranking = rank_options(options=(option("rds", "1500.00"), custom, option("ec2", "1234.50")))

    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]
    left = ranking.left_out_of("rds_custom")
    assert left is not None and (left.kind, left.monthly_usd) == ("retiring", Decimal("900.00"))
    assert left_out_words(left) == (
        "Amazon RDS Custom for Oracle is not compared ($900.00 a month where it runs now): RDS Custom for Oracle ends "
        "on 2027-03-31: plan the exit for this estate. It is an exit path, not a destination."
    )
    assert ranking.scope == "the cheapest option the rules allow"  # an exit path is not an option priced in part


NO_STANDBY = ("standby", "Multi-AZ on EC2: Standard Edition 2 has no Data Guard; a cold standby would be needed, "
                         "not priced here")  # fmt: skip


def test_an_option_without_the_standby_another_builds_is_left_out_not_ranked_cheapest() -> None:
    # SE2 BYOL with Multi-AZ: RDS prices its Multi-AZ standby; EC2 cannot build one, so its total is one server
    ranking = rank_options(options=(option("rds", "2223.94"), option("ec2", "990.81", lacking=(NO_STANDBY,),
                                                                           needs_input=("daily change",))))  # fmt: skip
    assert ranking.recommended is not None and ranking.recommended.option == "rds"
    assert [r.option for r in ranking.ranked] == ["rds"]
    left = ranking.left_out_of("ec2")
    assert left is not None and left.kind == "partial" and left.monthly_usd == Decimal("990.81")
    assert "does not build what the workload asks for and another option builds: Multi-AZ on EC2" in left.reason
    assert ranking.awaiting_input == ()  # what a left-out total awaits is not said of the totals compared
    assert ranking.unbuilt == ()
    # it costs less because it builds less: not said to be "already below" the recommendation
    assert not any("already" in line for line in ranking_words(ranking))


def test_what_no_option_compared_builds_leaves_them_ranked_and_is_said_beside_the_recommendation() -> None:
    replicas = ("replicas", "1 read replica(s) on EC2: Standard Edition 2 has no Data Guard; not built")
    ranking = rank_options(options=(
        option("rds", "1500.00", blocked="RDS for Oracle replicas are Enterprise Edition only"),
        option("ec2", "990.81", lacking=(NO_STANDBY, replicas)),
    ))  # fmt: skip
    assert ranking.recommended is not None and ranking.recommended.option == "ec2"
    assert ranking.unbuilt == (NO_STANDBY[1], replicas[1])
    words = ranking_words(ranking)
    assert words[1].startswith("No option compared builds everything the workload asks for, so no total counts it: "
                               "Multi-AZ on EC2")  # fmt: skip
    assert ranking_json(ranking)["unbuilt"] == [NO_STANDBY[1], replicas[1]]


def test_options_that_each_lack_what_the_other_builds_all_stay_ranked_not_all_left_out() -> None:
    no_dr = ("dr", "Cross-Region DR: not built")
    ranking = rank_options(options=(option("rds", "1500.00", lacking=(no_dr,)), option("ec2", "990.81",
                                                                                       lacking=(NO_STANDBY,))))  # fmt: skip
    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]
    assert ranking.unbuilt == (NO_STANDBY[1],)  # the recommended option's own gap, said beside it


def test_a_partial_total_already_below_the_recommended_one_is_said_with_the_gap() -> None:
    ranking = rank_options(options=(option("ec2", "272966.00"), option("odb", "203605.00", notes=(),
                                                                          licences_in_total=False)))  # fmt: skip
    assert ranking.recommended is not None and ranking.recommended.option == "ec2"
    said = ranking_words(ranking)
    assert ("Oracle Database@AWS's total leaves costs out, yet at $203,605.00 a month it is already $69,361.00 below "
            "Self-managed Oracle on EC2's before them: price what it leaves out to compare the two.") in said  # fmt: skip
    above = rank_options(options=(option("ec2", "1000.00"), option("odb", "2000.00", licences_in_total=False)))
    assert not any("already" in line for line in ranking_words(above))


AZ_REDO = ("Redo rate not given: the Data Guard traffic to the standby in a second Availability Zone is not priced; "
           "enter the redo rate from AWR")  # fmt: skip


def test_a_total_waiting_for_a_figure_the_other_total_does_not_need_is_left_out_not_ranked_cheapest() -> None:
    # EE with Multi-AZ and no redo rate: EC2's Data Guard traffic between AZs waits for the redo rate; RDS's
    # Multi-AZ replication costs nothing, so its total is complete. Ranking EC2 first would compare a part with a whole.
    ranking = rank_options(options=(option("rds", "5840.38"), option("ec2", "5715.16", needs_input=(AZ_REDO,))))

    assert [r.option for r in ranking.ranked] == ["rds"]
    assert ranking.scope == "the cheapest of the options priced in full"
    left = ranking.left_out_of("ec2")
    assert left is not None and (left.kind, left.monthly_usd, left.awaiting) == ("partial", Decimal("5715.16"), True)
    assert "need a figure not given yet" in left.reason and "enter the redo rate from AWR" in left.reason
    assert ranking.awaiting_input == ()  # a left-out total's wait is said with it, not beside the totals compared
    said = ranking_words(ranking)
    assert ("Self-managed Oracle on EC2's total leaves costs out, yet at $5,715.16 a month it is already $125.22 below "
            "Amazon RDS for Oracle's before them: give the figure it waits for to compare the two.") in said  # fmt: skip


def test_a_recommended_total_that_itself_waits_for_a_figure_is_not_called_priced_in_full() -> None:
    # RDS waits for the daily change (its backups); EC2 waits for that and the redo rate, so it is left out: RDS is
    # the cheapest of the totals compared, not of totals "priced in full" (its own leaves the backups' changes out)
    change = "Daily change not given: the backups beyond the first copy are not priced"
    ranking = rank_options(options=(option("rds", "1000.00", needs_input=(change,)),
                                    option("ec2", "900.00", needs_input=(AZ_REDO, change))))  # fmt: skip
    assert [r.option for r in ranking.ranked] == ["rds"] and ranking.left_out_of("ec2").kind == "partial"
    assert ranking.scope == "the cheapest of the options compared"
    assert "priced in full" not in " ".join(ranking_words(ranking))


def test_totals_each_waiting_for_something_the_other_does_not_stay_ranked() -> None:
    change = "Daily change not given: the backups beyond the first copy are not priced"
    ranking = rank_options(options=(option("rds", "1000.00", needs_input=(change,)),
                                    option("ec2", "900.00", needs_input=(AZ_REDO,))))  # fmt: skip
    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]
    assert ranking.scope == "the cheapest option the rules allow on the costs priced so far"
    # one waits for more than the other: the one waiting for less is the complete total beside it
    more = rank_options(options=(option("rds", "1000.00", needs_input=(change,)),
                                 option("ec2", "900.00", needs_input=(AZ_REDO, change))))  # fmt: skip
    assert [r.option for r in more.ranked] == ["rds"]
    assert [a.option for a in more.awaiting_input] == ["rds"]
    # its reason names what only it waits for: the daily change both wait for is no difference between them
    left = more.left_out_of("ec2")
    assert left is not None and "redo rate" in left.reason and "Daily change" not in left.reason


def test_oracle_database_at_aws_without_the_replicas_asked_for_says_so_and_is_not_said_to_be_already_below() -> None:
    # EE with a read replica: EC2 and RDS each build and price it; Oracle Database@AWS builds none, and leaves its
    # backups and networking out: both said, and its lower total is not called "already below" (it builds less)
    replica = ("replicas", "1 read replica on Oracle Database@AWS: not built")
    odb = option("odb", "19101.49")
    odb = OptionRecommendation("odb", LABELS["odb"], odb.verdict, None, (), (), (), (), "",
                               odb=SimpleNamespace(monthly_usd=Decimal("19101.49"), licences_in_total=True,
                                                   not_priced=("backup storage",), lacking=(replica,)))  # fmt: skip
    ranking = rank_options(options=(option("rds", "23240.18"), option("ec2", "22608.30"), odb))

    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]
    left = ranking.left_out_of("odb")
    assert left is not None and left.kind == "partial" and left.builds_less
    assert "backup storage are not priced" in left.reason
    assert "does not build what the workload asks for and another option builds: 1 read replica" in left.reason
    assert not any("already" in line for line in ranking_words(ranking))


STANDBY = ("standby", "Multi-AZ on Oracle Database@AWS: not built; in Canada (Central) the service can be used in one "
                      "Availability Zone (cac1-az4): the availability asked for is not met")  # fmt: skip


def _odb_without_standby(monthly: str) -> OptionRecommendation:
    base = option("odb", monthly)
    return OptionRecommendation("odb", LABELS["odb"], base.verdict, None, (), (), (), (), "",
                                odb=SimpleNamespace(monthly_usd=Decimal(monthly), licences_in_total=True,
                                                    not_priced=("backup storage",), lacking=(STANDBY,)))  # fmt: skip


def test_oracle_database_at_aws_without_the_multi_az_standby_is_not_compared_with_options_that_build_it() -> None:
    # a Region where the service runs in one zone: its total (one VM cluster) is not compared with Multi-AZ totals
    ranking = rank_options(options=(option("rds", "30000.00"), _odb_without_standby("25485.17")))
    left = ranking.left_out_of("odb")
    assert left is not None and left.builds_less
    assert "another option builds: Multi-AZ on Oracle Database@AWS: not built" in left.reason
    assert not any("already" in line for line in ranking_words(ranking))


def test_the_one_option_priced_says_the_standby_it_does_not_build_beside_its_recommendation() -> None:
    ranking = rank_options(options=(option("rds", None, unpriced="no storage price"), _odb_without_standby("25485.17")))
    assert ranking.partial_alone and ranking.unbuilt == (STANDBY[1],)
    said = ranking_words(ranking)
    assert said[1] == ("Oracle Database@AWS does not build everything the workload asks for, so its total does not "
                       "count it: Multi-AZ on Oracle Database@AWS: not built; in Canada (Central) the service can be "
                       "used in one Availability Zone (cac1-az4): the availability asked for is not met.")  # fmt: skip


def test_totals_that_each_wait_for_the_same_cost_are_ranked_on_the_costs_priced_so_far() -> None:
    # the warehouse: RDS and EC2 both leave out the backups after the first full copy (no daily change given), yet
    # what that cost adds differs: with 400 GiB changed a day, 8,192 GiB + 13 x 400 GiB = 13,392 GiB is kept; RDS
    # keeps it free (under the 16,000 GiB allocated), EC2's snapshots at $0.05 a GB go from 8,192 x 0.05 = $409.60 to
    # 13,392 x 0.05 = $669.60: the order the totals give holds only on the costs priced so far
    change = "Backups after the first full copy: no daily change is given; enter the data changed a day"
    ranking = rank_options(options=(option("rds", "55992.09", needs_input=(change,)),
                                    option("ec2", "50624.95", needs_input=(change,))))  # fmt: skip

    assert [r.option for r in ranking.ranked] == ["ec2", "rds"]
    assert ranking.scope == "the cheapest option the rules allow on the costs priced so far"
    assert ranking_words(ranking)[0].startswith(
        "Self-managed Oracle on EC2 is the cheapest option the rules allow on the costs priced so far: $50,624.95"
    )
