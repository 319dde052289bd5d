"""Issue 17's families the catalog had missed (m5dn, m5zn, r5dn, m6idn, r6idn), read from AWS's 2024-11 guide, and
the priced types it leaves out (m8id, r8id, ...) saying why. Figures are read by hand from the shared CSVs."""

import json

import pytest

from advisor.catalog.build import (
    CATALOG_DIR,
    DEFAULT_SHARED_DIR,
    CatalogInvalid,
    build_left_out,
    validate_left_out_rows,
)
from pricing.catalog.instances import instance_names

NEEDS_SHARED = pytest.mark.skipif(
    not (DEFAULT_SHARED_DIR / "data").is_dir(), reason="shared/ is not beside the checkout"
)


def catalog(name: str) -> list[dict[str, object]]:
    return json.loads((CATALOG_DIR / f"{name}.json").read_text())


def instance(name: str) -> dict[str, object]:
    return next(r for r in catalog("instances") if r["name"] == name)


def test_r6idn_32xlarge_has_the_guide_s_raised_ebs_limits_and_its_disks() -> None:
    # ebs-optimized-limits.csv "r6idn.32xlarge,100000.00,100000.00,12500.00,12500.00,400000.00,400000.00" (the 2023-06
    # docs had 80,000 Mbps / 350,000 IOPS, ebs-limits-changed-vs-2023-06.csv): one figure, so no burst.
    row = instance("r6idn.32xlarge")
    assert (row["ebs_baseline_mbps"], row["ebs_max_mbps"]) == (100000, 100000)
    assert (row["ebs_max_mb_s_128k"], row["ebs_baseline_iops_16k"], row["ebs_max_iops_16k"]) == (12500, 400000, 400000)
    assert row["max_is_30_minute_burst"] is False and row["as_of"] == "2024-11-23"
    # compute-specs.csv "r6idn.32xlarge,False,1024.00,Intel Xeon Ice,128,64,2".
    assert (row["vcpus"], row["cores"], row["threads_per_core"], row["memory_gib"]) == (128, 64, 2, 1024)
    # instance-store.csv "r6idn.32xlarge,4 x 1900 GB,NVMe SSD,2146664,1073336".
    store = row["instance_store"]
    assert (store["disks"], store["disk_size_gb"], store["total_gb"], store["nvme"]) == (4, 1900, 7600, True)
    assert (store["random_read_iops_4k"], store["write_iops_4k"]) == (2146664, 1073336)


def test_m5zn_12xlarge_is_ebs_only_with_the_guide_s_shape() -> None:
    # compute-specs.csv "m5zn.12xlarge,False,192.00,Intel Xeon,48,24,2"; ebs-optimized-limits.csv
    # "m5zn.12xlarge,19000.00,19000.00,2375.00,2375.00,80000.00,80000.00".
    row = instance("m5zn.12xlarge")
    assert (row["vcpus"], row["cores"], row["threads_per_core"], row["memory_gib"]) == (48, 24, 2, 192)
    assert (row["ebs_max_mbps"], row["ebs_max_mb_s_128k"], row["ebs_max_iops_16k"]) == (19000, 2375, 80000)
    # instance-types.md (2023-06): "| M5zn | Yes | Yes | No | ..." (no instance store); the guide lists no m5zn disks.
    assert row["instance_store"] is None and "no instance store" in row["source"]


def test_the_small_sizes_keep_their_30_minute_burst() -> None:
    # ebs-optimized-limits.csv "m6idn.large,1562.00,25000.00,195.31,3125.00,6250.00,100000.00".
    small = instance("m6idn.large")
    assert (small["ebs_baseline_mbps"], small["ebs_max_mbps"]) == (1562, 25000)
    assert (small["ebs_baseline_iops_16k"], small["ebs_max_iops_16k"], small["max_is_30_minute_burst"]) == (
        6250,
        100000,
        True,
    )
    # instance-store.csv "m5dn.24xlarge,4 x 900 GB,NVMe SSD,1400000,700000"; compute-specs "...,384.00,...,96,48,2".
    m5dn = instance("m5dn.24xlarge")
    assert (m5dn["vcpus"], m5dn["cores"], m5dn["memory_gib"]) == (96, 48, 384)
    assert (m5dn["instance_store"]["total_gb"], m5dn["instance_store"]["random_read_iops_4k"]) == (3600, 1400000)


def test_every_size_the_guide_lists_for_the_five_families_is_in_the_catalog_and_offered() -> None:
    # compute-specs.csv holds 9 m5dn, 7 m5zn, 9 r5dn, 10 m6idn and 10 r6idn sizes (large .. metal).
    rows = [r for r in catalog("instances") if r["platform"] == "ec2"]
    counts = {f: sum(r["family"] == f for r in rows) for f in ("m5dn", "m5zn", "r5dn", "m6idn", "r6idn")}
    assert counts == {"m5dn": 9, "m5zn": 7, "r5dn": 9, "m6idn": 10, "r6idn": 10}
    assert {"r6idn.32xlarge", "m5zn.12xlarge", "r5dn.metal", "m6idn.large"} <= set(instance_names("ec2"))
    # RDS for Oracle has no such classes (not in the 2023 RDS guide, no Oracle price in cfn-lint's file).
    assert not any(
        r["name"].startswith(("db.m5dn", "db.m5zn", "db.r5dn", "db.m6idn", "db.r6idn")) for r in catalog("instances")
    )


def test_m8id_and_r8id_are_listed_as_left_out_with_the_reason() -> None:
    left_out = {r["name"]: r for r in catalog("left_out")}
    names = {r["name"] for r in catalog("instances")}
    assert not any(n.startswith(("m8id.", "r8id.")) for n in names)
    # ec2-cpu-options-newer.csv "m8id.large,m8id,2,1,2": the CPU is known, the memory is not.
    m8id = left_out["m8id.large"]
    assert m8id["reason"].startswith("no AWS document used here gives its memory")
    assert "2 vCPUs, 1 core(s), 2 threads per core" in m8id["reason"] and "rather than guessed" in m8id["reason"]
    # ec2-instance-types-by-region-oracle-relevant.csv prices r8id.large in eu-west-1 and us-east-1 (cfn-lint).
    assert {"eu-west-1", "us-east-1"} <= set(left_out["r8id.large"]["priced_in"])
    # The bare-metal sizes are not in the CPU options file either.
    assert "vCPUs and cores or its memory" in left_out["r8id.metal-48xl"]["reason"]
    # r3.large is in the 2024-04 dataset but not EBS-optimized (no row in ebs-optimized.md).
    assert "not EBS-optimized" in left_out["r3.large"]["reason"] and left_out["r3.large"]["priced_in"] == []
    assert not set(left_out) & names


@NEEDS_SHARED
def test_no_priced_type_of_a_covered_family_vanishes_silently() -> None:
    from advisor.catalog.availability import ec2_regions
    from advisor.catalog.docs import FAMILIES

    names = {r["name"] for r in catalog("instances")}
    listed = names | {r["name"] for r in catalog("left_out")}
    priced = {n for n in ec2_regions(DEFAULT_SHARED_DIR) if n.split(".")[0] in FAMILIES}
    assert priced - listed == set()
    assert build_left_out(shared_dir=DEFAULT_SHARED_DIR, names=names) == catalog("left_out")


def test_the_writer_refuses_a_left_out_row_without_a_reason() -> None:
    row = catalog("left_out")[0]
    validate_left_out_rows([row])
    with pytest.raises(CatalogInvalid, match=rf"{row['name']}: needs a reason"):
        validate_left_out_rows([{**row, "reason": ""}])
    with pytest.raises(CatalogInvalid, match="appears more than once"):
        validate_left_out_rows([row, row])
