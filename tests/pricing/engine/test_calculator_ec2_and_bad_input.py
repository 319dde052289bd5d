"""The cost calculator on EC2 (self-managed Oracle) and its refusals of bad configs, against hand-worked cases from
real rows (eu-west-1, 2023-02-23); every expected amount is worked by hand in the comment beside it."""

import pytest

from pricing.engine.calculator import EstimateInvalid, estimate
from tests.pricing.engine.test_calculator import D, amounts, ec2, problems, rds


class TestEc2:
    def test_every_ebs_volume_type(self, book):
        volumes = [
            {"type": "gp2", "size_gib": 100},
            {"type": "gp3", "size_gib": 1000, "iops": 6000, "throughput_mib_s": 250},
            {"type": "io1", "size_gib": 200, "iops": 5000},
            {"type": "io2", "size_gib": 500, "iops": 70000},
            {"type": "st1", "size_gib": 500},
            {"type": "sc1", "size_gib": 500},
            {"type": "standard", "size_gib": 100, "io_requests_per_month": 1_000_000},
        ]
        result = estimate(ec2(volumes=volumes, snapshot_gib=200), book)
        expected = [
            D("411.72"),  # 730 h x 0.564 (H2NVRKQAFR9EX5NJ)
            D("11.00"),  # gp2 100 x 0.11
            D("88.00"),  # gp3 1,000 x 0.088
            D("16.50"),  # gp3 (6,000 - 3,000) IOPS x 0.0055
            D("5.50"),  # gp3 (250 - 125) MiB/s = 125/1024 GiBps x 45.056
            D("27.60"),  # io1 200 x 0.138
            D("360.00"),  # io1 5,000 IOPS x 0.072
            D("69.00"),  # io2 500 x 0.138
            D("2304.00"),  # io2 tier 1: 32,000 x 0.072
            D("1612.80"),  # io2 tier 2: 32,000 x 0.0504
            D("211.68"),  # io2 tier 3: 6,000 x 0.03528
            D("25.00"),  # st1 500 x 0.05
            D("8.40"),  # sc1 500 x 0.0168
            D("5.50"),  # standard 100 x 0.055
            D("0.06"),  # 1,000,000 I/Os x 0.000000055 = 0.055 -> 0.06
            D("10.00"),  # snapshots 200 x 0.05
        ]
        assert amounts(result) == expected
        assert result.total_monthly_usd == sum(expected) == D("5166.76")
        gp3_throughput = result.lines[4]
        assert (gp3_throughput.quantity, gp3_throughput.unit) == (D("0.1220703125"), "GiBps-mo")
        assert result.lines[9].name == "EBS volume 4: io2 provisioned IOPS, tier 2 (32,001-64,000)"
        # each tier line says the tiers and where their bounds come from (aws_rules.json: 32,000 and 64,000, the
        # EBS pricing page), in a reader's words: no price-list codes or notes of ours
        tiers = "io2 IOPS tiers: up to 32,000; 32,001-64,000; above 64,000 (Amazon EBS pricing page; bounds not confirmed, 2026-11-22)"
        assert all(line.note == tiers for line in result.lines[8:11])
        assert not any("EBS:" in line.note or "stored source" in line.note for line in result.lines)

    def test_gp3_baseline_is_free(self, book):
        result = estimate(ec2(volumes=[{"type": "gp3", "size_gib": 100}]), book)
        assert amounts(result) == [D("411.72"), D("8.80")]  # 100 x 0.088, 3,000 IOPS and 125 MiB/s included

    def test_volume_bounds(self, book):
        volumes = [
            {"type": "gp3", "size_gib": 100, "iops": 2000},
            {"type": "gp3", "size_gib": 100, "iops": 3000, "throughput_mib_s": 1000},
            {"type": "io1", "size_gib": 100, "iops": 100000},
            {"type": "gp2", "size_gib": 100, "iops": 500},
            {"type": "st1", "size_gib": 100},
            {"type": "standard", "size_gib": 2000},
            {"type": "io2", "size_gib": 100},
        ]
        found = problems(ec2(volumes=volumes), book)
        assert found["volumes[0].iops"].startswith("2,000 IOPS; EBS gp3 accepts 3,000-80,000")
        assert found["volumes[1].throughput_mib_s"].startswith(
            "1,000 MiB/s with 3,000 IOPS; EBS gp3 allows at most 0.25 MiB/s per IOPS (750 MiB/s)"
        )
        assert found["volumes[2].iops"].startswith("100,000 IOPS; EBS io1 accepts 100-64,000")
        assert found["volumes[3].iops"].startswith("EBS gp2 IOPS cannot be provisioned; leave the IOPS blank")
        assert found["volumes[4].size_gib"].startswith("100 GiB; EBS st1 accepts 125-16,384 GiB")
        assert found["volumes[5].size_gib"].startswith("2,000 GiB; EBS standard accepts 1-1,024 GiB")
        assert found["volumes[6].iops"].startswith("EBS io2 needs provisioned IOPS; accepted: 100-256,000")

    def test_rds_settings_are_refused_on_ec2(self, book):
        found = problems(
            ec2(
                storage={"type": "gp2", "size_gib": 100}, extra_backup_gib=5, licence_model="li", deployment="multi-az"
            ),
            book,
        )
        assert found["storage"] == "an RDS setting; on EC2 use volumes: [{type, size_gib, iops, throughput_mib_s}, ...]"
        assert found["extra_backup_gib"] == "an RDS setting; on EC2 leave it out"
        assert found["licence_model"].startswith(
            "License Included (li) is not available for EE on EC2; accepted: BYOL (byol)"
        )
        assert found["deployment"] == (
            "Multi-AZ ('multi-az') is not offered on EC2; accepted: Single-AZ ('single-az') (EC2 prices one "
            "instance: a Multi-AZ design on EC2 is a second instance running Data Guard in another Availability Zone, "
            "which you build yourself; estimate it separately and count it as a licensed standby)"
        )


class TestBadInput:
    def test_unknown_keys_are_refused_with_the_accepted_ones(self, book):
        found = problems({**rds(), "storage_type": "gp2"}, book)
        assert found["storage_type"].startswith(
            "unknown key; accepted keys: platform, region, instance_class, edition, licence_model"
        )
        found = problems(rds(licences={"include": True, "cores": 4}), book)
        assert found["licences.cores"].startswith("unknown key; accepted keys: include, vcpus, hyperthreading, options")

    def test_unknown_values_name_what_is_accepted(self, book):
        found = problems(rds(edition="xe", platform="aurora", storage={"type": "st1", "size_gib": 100}), book)
        assert found == {
            "platform": "'aurora' is not accepted; accepted: 'rds', 'rds-custom' or 'ec2'",
            "edition": "'xe' is not accepted; accepted: 'ee' or 'se2'",
            "storage.type": "'st1' is not accepted; accepted: 'gp2', 'gp3', 'io1', 'io2' or 'magnetic'",
        }
        assert problems(ec2(volumes=[{"type": "gp4", "size_gib": 10}]), book) == {
            "volumes[0].type": "'gp4' is not accepted; accepted: 'gp2', 'gp3', 'io1', 'io2', 'st1', 'sc1' or 'standard'"
        }
        assert problems({"platform": "rds"}, book) == {
            "region": "required",
            "instance_class": "required",
            "edition": "required",
            "licence_model": "required",
        }

    def test_unknown_region_and_class(self, book):
        assert problems(rds(region="eu-west-9"), book) == {
            "region": "'eu-west-9' has no prices in this price book; priced regions: eu-west-1"
        }
        found = problems(rds(instance_class="db.m5.huge"), book)
        assert found["instance_class"].startswith(
            "db.m5.huge has no RDS for Oracle EE BYOL Single-AZ price in eu-west-1 (prices as of 2023-02-23); priced classes: db.m5.xlarge"
        )

    def test_ee_licence_included_on_rds_is_refused(self, book):
        found = problems(rds(licence_model="li"), book)
        assert found == {
            # the source as a reader knows it: the guide's page, without our notes' keys and rows
            # with its date; past 100 characters the refusal keeps the document's name and date, as it says what is
            # accepted already
            "licence_model": "License Included (li) is not available for EE on RDS for Oracle; accepted: BYOL (byol) (source: AWS RDS User Guide 'RDS for Oracle licensing "
            "options', as of 2026)"
        }

    def test_every_problem_is_reported_at_once(self, book):
        config = rds(
            instance_class="db.m5.huge",
            storage={"type": "io1", "size_gib": 50, "iops": 100},
            extra_backup_gib=-1,
            licences={"discount_pct": 120},
        )
        assert set(problems(config, book)) == {
            "instance_class",
            "storage.size_gib",
            "extra_backup_gib",
            "licences.vcpus",
            "licences.discount_pct",
        }

    def test_free_tier_only_where_it_applied(self, book):
        with pytest.raises(EstimateInvalid) as exc:
            estimate(rds(free_tier=True, deployment="multi-az"), book)
        messages = [p.message for p in exc.value.problems if p.field == "free_tier"]
        assert messages[0].startswith("the Free Tier covers Single-AZ micro classes (*.micro), not db.m5.xlarge")
        assert messages[1] == "the Free Tier covers single-az only, not multi-az"
