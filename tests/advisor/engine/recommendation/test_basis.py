"""A ranked total says what it is counted on: AWS on-demand for the AWS options, Oracle's list for Oracle
Database@AWS (the shared price notes: "the rows are Oracle's OCI list prices for the same services, not an AWS price.
Treat them as list prices before any private-offer discount"), and whether the Oracle licences are in it."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from advisor.engine.recommendation.basis import odb_not_counted
from advisor.engine.recommendation.ranking import rank_options
from advisor.engine.recommendation.ranking_words import ranking_words
from advisor.engine.recommendation.recommender import OptionRecommendation
from tests.advisor.engine.recommendation.test_ranking import LABELS, option

ORACLE_LIST = "Oracle's OCI list prices before any private-offer discount"
BACKUPS = "backup storage (Autonomous Recovery Service or Amazon S3)"


def odb(monthly: str, *, licences_in_total: bool = True, not_priced: tuple[str, ...] = ()) -> OptionRecommendation:
    base = option("odb", monthly)
    result = SimpleNamespace(monthly_usd=Decimal(monthly), licences_in_total=licences_in_total,
                             not_priced=not_priced, price_basis=ORACLE_LIST, lacking=())  # fmt: skip
    return OptionRecommendation("odb", LABELS["odb"], base.verdict, None, (), (), (), (), "", odb=result)


def test_an_oracle_database_at_aws_total_recommended_alone_is_not_said_to_be_at_aws_on_demand() -> None:
    # the RAC case: every other option blocked, Oracle Database@AWS priced with its backups and networking left out
    ranking = rank_options(options=(option("rds", "343958.69", blocked="ASM is not supported on RDS for Oracle"),
                                    odb("169276.20", not_priced=(BACKUPS,))))  # fmt: skip

    assert ranking.recommended is not None and ranking.recommended.option == "odb" and ranking.partial_alone
    assert "AWS on-demand" not in ranking.basis
    assert ranking.basis == (
        "monthly run-rate at Oracle's OCI list prices before any private-offer discount, Oracle licences included"
    )
    assert "AWS on-demand" not in ranking_words(ranking)[0]


def test_an_oracle_database_at_aws_total_without_the_licences_brought_says_so_in_its_basis() -> None:
    ranking = rank_options(options=(odb("900.00", licences_in_total=False),))

    assert ranking.recommended is not None and ranking.recommended.option == "odb"
    assert ranking.basis == (
        "monthly run-rate at Oracle's OCI list prices before any private-offer discount; "
        "Oracle licences you bring are not counted"
    )
    assert "licences included" not in ranking.basis


def test_totals_ranked_from_both_price_lists_name_each() -> None:
    ranking = rank_options(options=(option("ec2", "1234.50"), odb("1100.00")))

    assert [r.option for r in ranking.ranked] == ["odb", "ec2"]
    assert ranking.basis == (
        "monthly run-rate, Oracle licences included: AWS on-demand, and Oracle Database@AWS at Oracle's OCI list "
        "prices before any private-offer discount"
    )


def test_aws_totals_alone_keep_the_aws_on_demand_basis_even_beside_an_oracle_database_at_aws_left_out() -> None:
    ranking = rank_options(options=(option("rds", "1500.00"), odb("900.00", not_priced=(BACKUPS,))))

    assert ranking.left_out_of("odb") is not None
    assert ranking.basis == "monthly run-rate, AWS on-demand and Oracle licences included"


def test_what_an_oracle_database_at_aws_total_leaves_out() -> None:
    assert odb_not_counted(odb("900.00", not_priced=(BACKUPS,)).odb) == (BACKUPS,)
    assert odb_not_counted(odb("900.00", licences_in_total=False).odb) == ("Oracle licences you bring are not counted",)
    assert odb_not_counted(odb("900.00").odb) == ()
    assert odb_not_counted(SimpleNamespace(monthly_usd=None, licences_in_total=False, not_priced=(BACKUPS,))) == ()


def test_support_only_says_the_licences_to_buy_are_not_counted_not_that_they_are_included() -> None:
    from advisor.engine.recommendation.recommender import recommend
    from advisor.engine.workload import parse_workload
    from tests.advisor.engine.recommendation.test_recommender import book

    asked = {"oracle": {"licence_costing": "support-only"}, "environment": {"region": "eu-west-1"}}
    ranking = recommend(parse_workload(asked), book()).ranking
    assert ranking.ranked  # RDS and EC2 are both priced, on support alone
    assert "Oracle licences included" not in ranking.basis
    assert ranking.basis.startswith("monthly run-rate, AWS on-demand and Oracle support only: the licences to buy")
    full = recommend(parse_workload({"environment": {"region": "eu-west-1"}}), book()).ranking
    assert full.basis == "monthly run-rate, AWS on-demand and Oracle licences included"
