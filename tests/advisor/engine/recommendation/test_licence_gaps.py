"""Oracle options with no list price held (OLAP, Real Application Testing, GoldenGate) are licensed by every option
alike: the totals that leave out the same options' licences stay ranked on the costs priced so far, each gap said,
and where a dearer total needs fewer of them, what price a licence would need to reach to change the order."""

from decimal import Decimal
from types import SimpleNamespace

from advisor.engine.recommendation.licence_gaps import beyond_others, order_caveat
from advisor.engine.recommendation.ranking_words import ranking_words
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.workload import parse_workload
from tests.advisor.engine.recommendation.test_recommender import book


def _gapped(label: str, **licences: int) -> SimpleNamespace:
    names = {"olap": "OLAP", "goldengate": "GoldenGate"}
    gaps = tuple(SimpleNamespace(key=key, name=names[key], licences=n) for key, n in licences.items())
    return SimpleNamespace(label=label, chosen=SimpleNamespace(topology=SimpleNamespace(unpriced_licences=gaps)))


def test_rds_and_ec2_both_without_olap_s_price_are_still_compared_on_the_costs_priced_so_far():
    # every figure the standby's traffic and the backups wait for is given, so only OLAP's licences are left out
    workload = parse_workload({"environment": {"region": "eu-west-1"}, "features": {"olap": True},
                               "sizing": {"peak_cpu": 6, "backup_daily_change_gib": 5}, "io": {"redo_mib_s": 2}})  # fmt: skip
    ranking = recommend(workload, book()).ranking
    assert sorted(r.option for r in ranking.ranked) == ["ec2", "rds"]
    assert ranking.scope.endswith("on the costs priced so far")
    said = " ".join(ranking_words(ranking))
    assert "The totals compared leave out licences no list price is held for: Oracle OLAP licences" in said
    assert "(Amazon RDS for Oracle)" in said and "(Self-managed Oracle on EC2)" in said
    assert all(left.option not in ("rds", "ec2") for left in ranking.left_out)


def test_a_total_leaving_out_an_option_another_does_not_need_is_not_the_like_of_it():
    assert beyond_others({"rds": _gapped("RDS", olap=8), "ec2": _gapped("EC2", olap=8, goldengate=8)}) == {
        "ec2": ("GoldenGate",)
    }
    assert beyond_others({"rds": _gapped("RDS", olap=8), "ec2": _gapped("EC2", olap=10)}) == {}


def test_a_dearer_total_needing_fewer_unpriced_licences_says_the_price_that_would_change_the_order():
    # the cheaper total needs 16 OLAP licences, the dearer one 10 and costs $600 more: beyond $600 / 6 = $100.00 a
    # licence a month the dearer one is the cheaper in full
    best, other = _gapped("RDS", olap=16), _gapped("EC2", olap=10)
    (said,) = order_caveat(best, Decimal("1000"), [(other, Decimal("1600"))])
    assert said == ("EC2 needs fewer of the licences no list price is held for (OLAP: 16 against 10), so its total "
                    "could be the lower once they are priced: it would be if a licence cost more than $100.00 a month, "
                    "support included.")  # fmt: skip
    assert order_caveat(other, Decimal("1000"), [(best, Decimal("1600"))]) == ()  # the cheaper one needs fewer: sure
