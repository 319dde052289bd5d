import json
from pathlib import Path

import pytest

from advisor.catalogs import CATALOG_DIR, DEFAULT_SHARED_DIR, import_all


@pytest.mark.skipif(not (DEFAULT_SHARED_DIR / "data").is_dir(), reason="shared/ is not beside the checkout")
def test_the_committed_catalogs_are_what_the_importer_makes(tmp_path: Path) -> None:
    committed = {p.name: json.loads(p.read_text()) for p in CATALOG_DIR.glob("*.json")}
    as_of = committed["regions.json"][0]["as_of"]
    written = import_all(catalog_dir=tmp_path, as_of=as_of)
    assert {w.path.name for w in written} == set(committed)
    for catalog in written:
        assert json.loads(catalog.path.read_text()) == committed[catalog.path.name], catalog.path.name


def test_every_region_row_has_a_source_and_date() -> None:
    rows = json.loads((CATALOG_DIR / "regions.json").read_text())
    assert {"us-east-1", "eu-west-1"} <= {r["code"] for r in rows}
    assert all(r["source"] and r["as_of"] for r in rows)


def test_the_importer_refuses_a_missing_shared_dir(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="pass --shared"):
        import_all(shared_dir=tmp_path / "nowhere", catalog_dir=tmp_path)


def instance(name: str) -> dict[str, object]:
    rows = json.loads((CATALOG_DIR / "instances.json").read_text())
    return next(r for r in rows if r["name"] == name)


def test_ec2_limits_are_the_ebs_optimized_tables_figures() -> None:
    # ebs-optimized.md: "m5.large * | 650 | 4750 | 81.25 | 593.75 | 3600 | 18750", * = 30-minute burst.
    m5 = instance("m5.large")
    assert (m5["ebs_baseline_mbps"], m5["ebs_max_mbps"]) == (650, 4750)
    assert (m5["ebs_baseline_iops_16k"], m5["ebs_max_iops_16k"], m5["max_is_30_minute_burst"]) == (3600, 18750, True)
    assert (m5["vcpus"], m5["memory_gib"]) == (2, 8)
    # The seed era's m4.xlarge has one figure, sustained: "m4.xlarge | 750 | 93.75 | 6000".
    m4 = instance("m4.xlarge")
    assert (m4["ebs_baseline_mbps"], m4["ebs_max_mbps"], m4["max_is_30_minute_burst"]) == (750, 750, False)


def test_rds_classes_inherit_the_ec2_hosts_limits_and_say_which_editions_run() -> None:
    db = instance("db.m5.large")
    assert db["ebs_max_mbps"] == instance("m5.large")["ebs_max_mbps"]
    assert instance("db.x2iedn.xlarge")["oracle_support"] == "Enterprise Edition and Standard Edition 2 (SE2)"
    assert instance("db.x2iedn.8xlarge")["oracle_support"] == "Enterprise Edition only"
    assert instance("db.r4.large")["deprecated_for_oracle"] is True


def test_the_catalog_covers_the_families_the_product_needs() -> None:
    rows = json.loads((CATALOG_DIR / "instances.json").read_text())
    families = {(r["platform"], r["family"]) for r in rows}
    for family in (
        "m5",
        "r5",
        "r5b",
        "m6i",
        "r6i",
        "m7i",
        "r7i",
        "x2iedn",
        "x2idn",
        "z1d",
        "i3",
        "i4i",
        "t3",
        "m4",
        "r4",
        "r3",
    ):
        assert ("ec2", family) in families, family
    for family in ("m5", "r5", "r5b", "m6i", "r6i", "m7i", "r7i", "x2iedn", "x2idn", "z1d", "t3", "m4", "r4", "r3"):
        assert ("rds", family) in families, family
    assert all(r["source"] and r["as_of"] for r in rows)


def test_m7i_and_r7i_are_the_reference_datasets_figures() -> None:
    # storage-io-limits.md §3, m7i / r7i [D]: "large* | 650/10,000 · 3,600/40,000"; MB/s = Mbps/8.
    r7i = instance("r7i.large")
    assert (r7i["ebs_baseline_mbps"], r7i["ebs_max_mbps"]) == (650, 10000)
    assert (r7i["ebs_baseline_iops_16k"], r7i["ebs_max_iops_16k"], r7i["max_is_30_minute_burst"]) == (3600, 40000, True)
    assert (r7i["ebs_baseline_mb_s_128k"], r7i["ebs_max_mb_s_128k"]) == (81.25, 1250)
    assert (r7i["vcpus"], r7i["memory_gib"], r7i["as_of"]) == (2, 16, "2026-05-13")
    assert "jpetrucciani/awl" in r7i["source"] and "[D]" in r7i["source"]
    # "48xlarge | 40,000 · 5,000 · **240,000** (= metal-48xl)": no burst, and the metal size has the same figures.
    for name in ("m7i.48xlarge", "m7i.metal-48xl"):
        m7i = instance(name)
        assert (m7i["ebs_max_mbps"], m7i["ebs_max_mb_s_128k"], m7i["ebs_max_iops_16k"]) == (40000, 5000, 240000)
        assert m7i["max_is_30_minute_burst"] is False
    # "4xlarge | 5,000/10,000* · 20,000/40,000": the star on the figure marks the burst.
    assert instance("m7i.4xlarge")["max_is_30_minute_burst"] is True
    assert not {"ebs_max_mbps", "ebs_max_iops_16k"} & set(r7i["unconfirmed"])


def test_the_reference_s_unconfirmed_m7i_xlarge_is_flagged() -> None:
    # "xlarge* | 1,250/10,000 · 6,000/40,000 (r7i; m7i **[U]** same)"
    m7i, r7i = instance("m7i.xlarge"), instance("r7i.xlarge")
    assert (m7i["ebs_baseline_mbps"], m7i["ebs_max_iops_16k"]) == (1250, 40000)
    assert {"ebs_baseline_mbps", "ebs_max_mbps", "ebs_baseline_iops_16k", "ebs_max_iops_16k"} <= set(m7i["unconfirmed"])
    assert not {"ebs_baseline_mbps", "ebs_max_iops_16k"} & set(r7i["unconfirmed"])
    assert instance("db.m7i.xlarge")["unconfirmed"] == sorted({*m7i["unconfirmed"], "oracle_support"})


def test_rds_m7i_and_r7i_oracle_support_is_secondary_and_unconfirmed() -> None:
    db = instance("db.r7i.large")
    assert "oracle_support" in db["unconfirmed"] and "[S]" in db["oracle_support"]
    assert db["ebs_max_iops_16k"] == instance("r7i.large")["ebs_max_iops_16k"]
    assert db["deprecated_for_oracle"] is False
    assert not any(r["name"].startswith("db.") and "metal" in r["name"] for r in rows_of_catalog())


def test_xen_and_nitro_follow_the_ec2_guide() -> None:
    # instance-types.md: I3, M4, R4, R3 are not in "Instances built on the Nitro System"; i3.metal is a Nitro bare metal.
    for name in ("i3.large", "i3.16xlarge", "m4.xlarge", "r4.large", "r3.xlarge", "db.m4.large"):
        assert instance(name)["nitro"] is False, name
    for name in ("i3.metal", "m5.large", "z1d.large", "i4i.large", "db.m5.large"):
        assert instance(name)["nitro"] is True, name
    assert "xen" in instance("m4.xlarge")["nitro_source"]  # the DescribeInstanceTypes sample's Hypervisor


def test_instance_store_disks_and_iops_are_the_published_figures() -> None:
    # storage-io-limits.md §5: "i4i.large ... 1×468 GB | 50,000 | 27,500"; "i3.16xlarge (metal) | 8 ×1,900 GB".
    store = instance("i4i.large")["instance_store"]
    assert (store["disks"], store["disk_size_gb"], store["total_gb"], store["nvme"]) == (1, 468, 468, True)
    assert (store["random_read_iops_4k"], store["write_iops_4k"]) == (50000, 27500)
    metal = instance("i3.metal")["instance_store"]
    assert (metal["disks"], metal["total_gb"], metal["random_read_iops_4k"]) == (8, 15200, 3300000)
    # general-purpose-instances.md: "m5d.large | 30,000 | 15,000"; no stored source gives m5d's disk size.
    m5d = instance("m5d.large")["instance_store"]
    assert (m5d["random_read_iops_4k"], m5d["write_iops_4k"], m5d["disks"], m5d["total_gb"]) == (
        30000,
        15000,
        None,
        None,
    )
    # R3's instance store is SATA SSD, not NVMe (instance-types.md previous generation table).
    assert instance("r3.xlarge")["instance_store"]["nvme"] is False
    assert instance("m5.large")["instance_store"] is None and instance("m6i.large")["instance_store"] is None


def test_rds_instance_store_classes_carry_their_ec2_twin_s_store() -> None:
    db, ec2 = instance("db.x2iedn.xlarge"), instance("x2iedn.xlarge")
    assert {k: v for k, v in db["instance_store"].items() if k != "source"} == {
        k: v for k, v in ec2["instance_store"].items() if k != "source"
    }
    assert "instance_store" in db["unconfirmed"]  # the reference marks RDS's class list [U]
    # z1d hosts have NVMe disks, but z1d is not among RDS for Oracle's instance-store classes.
    assert instance("z1d.large")["instance_store"] is not None and instance("db.z1d.large")["instance_store"] is None


def test_every_row_says_what_is_unconfirmed() -> None:
    for row in rows_of_catalog():
        assert isinstance(row["nitro"], bool) and row["nitro_source"], row["name"]
        assert set(row["unconfirmed"]) <= set(row), row["name"]
        store = row["instance_store"]
        assert store is None or (store["source"] and store["as_of"]), row["name"]


def rows_of_catalog() -> list[dict[str, object]]:
    return json.loads((CATALOG_DIR / "instances.json").read_text())
