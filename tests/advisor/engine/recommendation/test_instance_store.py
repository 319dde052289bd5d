"""The instance store on EC2: an ASM preferred-read mirror takes reads off EBS in the sizing only where a standby in
the Region takes over when it is lost (its data is erased when the instance stops, hibernates or terminates: Amazon
EC2 User Guide, 2023-06); otherwise EBS is sized for the whole need and the NVMe disks are extra read speed.

Priced from the real eu-west-1 price-list rows (2023-02-23), as the recommender's tests are."""

from advisor.engine.recommendation.as_json import configuration_json
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import parse_workload
from advisor.pages.candidate_words import configuration_words
from tests.advisor.engine.recommendation.test_recommender import book


def _oltp(multi_az: bool):
    """EE BYOL, peak 20 vCPUs, 40,000 read and 5,000 write IOPS at 8 KiB, 2,000 GiB, RTO 60 minutes."""
    return parse_workload({
        "oracle": {"edition": "ee", "licence_model": "byol"},
        "availability": {"multi_az": multi_az, "rto_minutes": 60},
        "environment": {"region": "eu-west-1"},
        "sizing": {"peak_cpu": 20, "average_cpu": 10, "db_size_gib": 2000, "yearly_growth_pct": 0},
        "io": {"peak_read_iops": 40000, "peak_write_iops": 5000, "sustained_read_iops": 40000,
               "sustained_write_iops": 5000, "db_block_size_kib": 8},
    })  # fmt: skip


def _ec2(workload, policy=None):
    return next(o for o in recommend(workload, book(), policy=policy).options if o.option == "ec2")


def _volumes(candidate):
    return {(v.type, v.size_gib, v.iops, v.throughput_mib_s) for v in candidate.layout.volumes}


def test_without_a_standby_ebs_is_sized_for_every_read_and_write():
    # (40,000 + 5,000) x 1.2 = 54,000 IOPS must come from EBS alone. gp3 includes 3,000 IOPS a volume and allows
    # 500 IOPS/GiB: 8 volumes (the policy's most) of 250 GiB at 6,750 IOPS pay for 8 x 3,750 = 30,000 IOPS, against
    # 51,000 on one volume, 48,000 on two and 42,000 on four. i3.8xlarge's EBS gives 32,500 IOPS, short of 54,000,
    # so it is no candidate (with its NVMe counted it was: 2 x gp3 1,000 GiB at 3,000 IOPS for the writes).
    ec2 = _ec2(_oltp(multi_az=False))
    candidates = [ec2.chosen, *ec2.alternatives]
    assert all(c.instance_store != "preferred_read" for c in candidates)
    assert "i3.8xlarge" not in {c.instance_class for c in candidates}
    assert _volumes(ec2.chosen) == {("gp3", 250, 6750, 125)} and len(ec2.chosen.layout.volumes) == 8
    for candidate in candidates:
        iops = next(d for d in candidate.capacity.dimensions if d.name == "IOPS at 8 KiB")
        assert iops.need == 54_000 and iops.met and iops.capacity >= 54_000


def test_with_a_standby_the_mirror_counts_and_the_words_say_what_losing_it_leaves():
    # Multi-AZ on EE builds a Data Guard standby in a second AZ: i3.8xlarge's mirror serves the 48,000 reads and EBS
    # the 6,000 writes (2 x gp3 1,000 GiB at 3,000 IOPS, 125 MiB/s each). Lost, EBS serves 6,000 of the 54,000 IOPS
    # while 2,000 GiB are copied back at 250 MiB/s: 2,000 x 1,024 / 250 = 8,192 s, 136.5 minutes -> 2 h 17 min.
    ec2 = _ec2(_oltp(multi_az=True))
    i3 = next(c for c in [ec2.chosen, *ec2.alternatives] if c.instance_class == "i3.8xlarge")
    assert i3.instance_store == "preferred_read" and _volumes(i3) == {("gp3", 1000, 3000, 125)}
    words = configuration_words(i3)
    assert (
        "Losing it (a stop, a host failure) leaves EBS serving 6,000 IOPS of the 54,000 needed until the mirror is "
        "rebuilt: at least 2 h 17 min to copy 2,000 GiB at the 250 MiB/s EBS gives, so the database fails over to "
        "its standby instead" in words
    )
    assert configuration_json(i3)["instance_store"] in words
    # the side-by-side table and the summary say it in a few words; the option's own configuration says it whole
    brief = configuration_words(i3, brief=True)
    assert brief.endswith("instance-store NVMe as an ASM preferred-read mirror, erased on a stop (the option's "
                          "details say what that leaves)")  # fmt: skip
    assert "Losing it" not in brief and brief.split("; instance-store")[0] == words.split("; instance-store")[0]


def test_without_a_standby_the_nvme_disks_are_offered_as_extra_read_speed_and_the_policy_can_turn_them_off():
    # 60,000 read and 2,000 write IOPS on a 200 GiB database: with a standby i3.xlarge's NVMe carries the reads; on a
    # single instance EBS must carry all 74,400 IOPS, and a class whose NVMe holds the database says its disks would
    # only add read speed
    workload = parse_workload({
        "environment": {"region": "eu-west-1"}, "availability": {"multi_az": False},
        "sizing": {"peak_cpu": 2, "average_cpu": 1, "sga_gib": 8, "pga_gib": 2, "db_size_gib": 200,
                   "yearly_growth_pct": 0},
        "io": {"peak_read_iops": 60000, "peak_write_iops": 2000, "sustained_read_iops": 40000,
               "sustained_write_iops": 1000, "peak_read_mib_s": 100, "peak_write_mib_s": 20},
    })  # fmt: skip
    ec2 = _ec2(workload)
    candidates = [ec2.chosen, *ec2.alternatives]
    assert all(c.instance_store != "preferred_read" for c in candidates)
    extra = [c for c in candidates if c.instance_store == "extra_reads"]
    assert extra, [c.instance_class for c in candidates]
    for candidate in extra:
        assert "not counted in the sizing" in configuration_words(candidate)
        assert "EBS is sized to serve every read and write on its own" in configuration_words(candidate)
        iops = next(d for d in candidate.capacity.dimensions if d.name == "IOPS at 8 KiB")
        assert iops.need == (60_000 + 2_000) * 1.2 and iops.met
    off = _ec2(workload, SizingPolicy(use_instance_store=False))
    assert all(c.instance_store is None and not c.instance_store_words for c in [off.chosen, *off.alternatives])
