"""Standard Edition 2 past Oracle's 8-vCPU cloud cap ("Licensing Oracle Software in the Cloud Computing Environment",
as updated 2024-06-12): a peak above 8 vCPUs blocks SE2 on EC2 and SE2 BYOL on RDS; a peak within 8 that the
sizing policy's headroom takes past 8 leaves nothing deployable, and the results say so instead of "Viable"."""

from advisor.engine.recommendation.ranking_words import left_out_words
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.workload import parse_workload
from tests.advisor.engine.recommendation.test_recommender import book


def _se2(peak: float, licence_model: str = "byol"):
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": licence_model},
                               "environment": {"region": "eu-west-1"},
                               "sizing": {"peak_cpu": peak, "average_cpu": peak / 2}})  # fmt: skip
    result = recommend(workload, book())
    return result, {o.option: o for o in result.options}


def _blockers(option) -> list[str]:
    return [f.rule_id for f in option.verdict.findings if f.severity == "blocker"]


def test_a_peak_above_eight_vcpus_blocks_se2_on_ec2_and_se2_byol_on_rds():
    result, options = _se2(12)
    assert options["ec2"].verdict.verdict == "blocked" and "ec2-se2-vcpu-cap" in _blockers(options["ec2"])
    assert options["rds"].verdict.verdict == "blocked" and "rds-se2-byol-vcpu-cap" in _blockers(options["rds"])
    cap = next(f for f in options["ec2"].verdict.findings if f.rule_id == "ec2-se2-vcpu-cap")
    assert "2024-06-12" in cap.source and "12" in cap.explanation
    said = {left.option: left_out_words(left) for left in result.ranking.left_out}
    assert said["ec2"].startswith("Self-managed Oracle on EC2 is blocked: SE2 on EC2 above 8 vCPUs")


def test_licence_included_on_rds_is_not_blocked_by_the_policy_on_licences_you_bring():
    _, options = _se2(12, "li")
    assert "rds-se2-byol-vcpu-cap" not in _blockers(options["rds"])


def test_a_peak_within_eight_that_the_headroom_takes_past_eight_is_not_deployable_as_sized():
    # 7 vCPUs x 1.2 = 8.4 vCPUs, past the 8 SE2 may be licensed on: the rules allow EC2 and RDS (the peak is within
    # 8), but nothing can be deployed, and the verdict shown and the ranking say so with the cap's words
    result, options = _se2(7)
    for key, label in (("ec2", "Self-managed Oracle on EC2"), ("rds", "Amazon RDS for Oracle")):
        option = options[key]
        assert option.verdict.verdict == "caveats" and option.chosen is None
        assert option.does_not_fit and option.verdict_label == "Not deployable as sized"
        assert option.unpriced_reason.startswith(
            "Standard Edition 2 may be licensed on instances of at most 8 vCPUs, and the need is 8.4 vCPUs"
        )
        left = result.ranking.left_out_of(key)
        assert left is not None and left_out_words(left).startswith(
            f"{label} has nothing deployable as sized: Standard Edition 2 may be licensed on instances of at most "
            "8 vCPUs"
        )
    assert result.ranking.recommended is None


def test_a_peak_whose_sized_need_stays_within_eight_is_viable_as_before():
    # 6 vCPUs x 1.2 = 7.2: an 8-vCPU class fits, two SE2 sockets
    _, options = _se2(6)
    ec2 = options["ec2"]
    assert ec2.chosen is not None and not ec2.does_not_fit and ec2.verdict_label == "Viable with caveats"
    assert ec2.chosen.topology.licence.licences_per_server == 2


def test_the_json_answer_says_not_deployable_as_sized_beside_the_rules_verdict():
    from advisor.engine.recommendation.as_json import recommendation_json

    result, _ = _se2(7)
    answer = recommendation_json(result)
    options = {o["option"]: o for o in answer["options"]}
    for key in ("ec2", "rds"):
        assert options[key]["verdict"] == "caveats"  # the rules allow it ...
        assert options[key]["does_not_fit"] is True  # ... but nothing can be deployed as sized
        assert options[key]["verdict_label"] == "Not deployable as sized"
    left = {o["option"]: o for o in answer["ranking"]["left_out"]}
    assert left["ec2"]["does_not_fit"] is True and left["ec2"]["kind"] == "unpriced"
    fits, _ = _se2(6)
    ec2 = next(o for o in recommendation_json(fits)["options"] if o["option"] == "ec2")
    assert ec2["does_not_fit"] is False and ec2["verdict_label"] == "Viable with caveats"
