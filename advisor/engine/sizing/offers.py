"""Whether a catalog class may be considered at all, before its capacity is checked: can it be ordered where and how
the workload runs, and can its IO be checked.

Pure Python. Two rules, both written down here and shown to the user as the rejected class's reason:

- **Where it can be ordered.** RDS for Oracle classes must have an Oracle price in the workload's Region for its
  edition and licence model, EC2 types a price in the Region (the AWS Price List as cfn-lint 1.58.0 holds it,
  2026-10-20). A class whose family that source does not cover is considered (nothing can be said either way); RDS
  Custom's classes are not in that source and are not checked.
- **Flex instances** (m7i-flex, r8i-flex, ...) are not placed under a database: AWS describes them as offering "a
  baseline level of CPU performance with the ability to scale up to the full compute performance 95% of the time"
  (AWS SDK for Go v2, service/ec2 CHANGELOG v1.163.0, 2024-06-04, on C7i-flex; M7i-flex was launched alongside M7i
  in v1.111.0, 2023-08-11), and the need here is sized on the busiest hour's CPU, which must be there every time.
- **EBS limits not published** (the 8th generation: newer than AWS's 2024-11 guide, the newest stored source). No
  floor is invented for them. Such a class is recommendable only when the workload states no IO need (every IOPS
  and throughput answer 0); otherwise it is listed among the rejected as "cannot be checked", with the reason.
- **Sub-millisecond storage needs Nitro on EC2.** AWS rates io2 Block Express sub-millisecond when attached to a
  Nitro-based instance (and caps it at 32,000 IOPS on others: the storage data, with its source): a workload whose
  latency sensitivity is high is not placed on an EC2 class the catalog marks as not built on the Nitro System.
"""

from __future__ import annotations

from functools import cache, lru_cache

from advisor.engine.iolimits import volume_specs
from advisor.engine.sizing.need import Need
from pricing.catalog.availability import offered
from pricing.catalog.instances import catalog_rows

EBS_UNPUBLISHED_WORDS = (
    "EBS limits not published (newer than the 2024-11 edition of AWS's instance-types guide used here), so the IO "
    "need cannot be checked: recommendable only for a workload that states no IO need"
)


NOT_NITRO_WORDS = (
    "not built on the Nitro System: io2 Block Express, the only storage AWS rates sub-millisecond, is that fast only "
    "attached to Nitro-based instances (AWS EBS User Guide, 'Amazon EBS Provisioned IOPS SSD volumes'), and this "
    "workload's latency sensitivity is high"
)


def needs_nitro(name: str, need: Need, platform: str) -> str | None:
    """Why an EC2 class cannot give a latency-sensitive workload sub-millisecond storage, or None."""
    if platform != "ec2" or not need.sub_ms_latency or catalog_rows()[name].get("nitro") is not False:
        return None
    return f"not considered: {NOT_NITRO_WORDS}" if _sub_ms_needs_nitro() else None


@cache
def _sub_ms_needs_nitro() -> bool:
    """Whether every storage type rated sub-millisecond is that fast only on Nitro (the storage data, read once)."""
    fast = [spec for spec in volume_specs().values() if spec.latency_class == "sub-ms"]
    return bool(fast) and all(spec.sub_ms_needs_nitro for spec in fast)


def has_io_need(need: Need) -> bool:
    return any(value > 0 for value in (need.sustained_iops, need.peak_iops, need.peak_mib_s))


def ebs_published(name: str) -> bool:
    return catalog_rows()[name].get("ebs_limits_published", True) is not False


FLEX_WORDS = (
    "a flex instance: AWS gives it full CPU performance only 95% of the time, a baseline otherwise (Amazon EC2 API "
    "release note for C7i-flex, 2024-06-04), and a database is sized on its busiest hour's CPU"
)

# Answers kept: classes x Regions x editions x licence models a busy process asks about.
ANSWERS_KEPT = 16_384


def is_flex(name: str) -> bool:
    return name.split(".", 1)[0].removeprefix("db.").endswith("-flex")


@lru_cache(maxsize=ANSWERS_KEPT)
def not_orderable(name: str, *, platform: str, region: str, edition: str, licence_model: str) -> str | None:
    """Why ``name`` cannot be ordered for this option, or None when it can (or nothing is known). Kept: the
    catalog's offers do not change while the process runs, and every search asks for every class."""
    if is_flex(name):
        return f"not considered: {FLEX_WORDS}"
    if platform == "rds-custom":
        return None
    answer = offered(name, platform=platform, region=region, edition=edition, licence_model=licence_model)
    if answer is None or answer.offered:
        return None
    return answer.words  # with its source: the AWS Price List and its date


def cannot_check_io(name: str, need: Need) -> str | None:
    """The 'cannot be checked' reason for a class without published EBS limits when the workload has an IO need."""
    if ebs_published(name) or not has_io_need(need):
        return None
    return f"cannot be checked: {EBS_UNPUBLISHED_WORDS}"
