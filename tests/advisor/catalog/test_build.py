import json
from pathlib import Path

import pytest

from advisor.catalog.build import CATALOG_DIR, DEFAULT_SHARED_DIR, import_all


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
    # Issue 17's families, where a stored source gives the type's memory (m8id/r8id have none: left out).
    for family in ("r6in", "r7iz", "m8i", "r8i", "x2iezn", "x8i", "i3en", "i7i", "i7ie", "u7i-12tb", "m7i-flex"):
        assert ("ec2", family) in families, family
    for family in ("r6in", "m6in", "m8i", "r8i", "x2iezn"):
        assert ("rds", family) in families, family
    assert all(r["source"] and r["as_of"] for r in rows)


def test_m7i_and_r7i_are_aws_s_2024_11_guide_figures() -> None:
    # The 2024-11 guide (primary, AWS) now wins over the reference's [D] dataset for the sizes it lists:
    # ebs-optimized-limits.csv "r7i.large,650.00,10000.00,81.25,1250.00,3600.00,40000.00": baseline < maximum = burst.
    r7i = instance("r7i.large")
    assert (r7i["ebs_baseline_mbps"], r7i["ebs_max_mbps"]) == (650, 10000)
    assert (r7i["ebs_baseline_iops_16k"], r7i["ebs_max_iops_16k"], r7i["max_is_30_minute_burst"]) == (3600, 40000, True)
    assert (r7i["ebs_baseline_mb_s_128k"], r7i["ebs_max_mb_s_128k"]) == (81.25, 1250)
    # compute-specs.csv "r7i.large,False,16.00,Intel Xeon,2,1,2": 2 vCPUs, 1 core, 2 threads per core, 16 GiB.
    assert (r7i["vcpus"], r7i["cores"], r7i["threads_per_core"], r7i["memory_gib"]) == (2, 1, 2, 16)
    assert r7i["as_of"] == "2024-11-23" and "2024-11-23" in r7i["source"] and "EBS specifications" in r7i["source"]
    # The guide's PDF wraps "m7i.metal-48xl" to "m7i.metal", not a type: the [D] dataset still gives the metal sizes,
    # "48xlarge | 40,000 · 5,000 · **240,000** (= metal-48xl)".
    m7i = instance("m7i.metal-48xl")
    assert (m7i["ebs_max_mbps"], m7i["ebs_max_mb_s_128k"], m7i["ebs_max_iops_16k"]) == (40000, 5000, 240000)
    assert m7i["as_of"] == "2026-05-13" and "jpetrucciani/awl" in m7i["source"]
    assert "m7i.metal" not in {r["name"] for r in rows_of_catalog()}


def test_the_guide_confirms_the_reference_s_unconfirmed_m7i_xlarge() -> None:
    # The reference had "xlarge* | 1,250/10,000 · 6,000/40,000 (r7i; m7i **[U]** same)"; the guide lists m7i.xlarge
    # itself: "m7i.xlarge,1250.00,10000.00,156.25,1250.00,6000.00,40000.00", so nothing is left unconfirmed.
    m7i = instance("m7i.xlarge")
    assert (m7i["ebs_baseline_mbps"], m7i["ebs_max_iops_16k"]) == (1250, 40000)
    assert not {"ebs_baseline_mbps", "ebs_max_mbps", "ebs_baseline_iops_16k", "ebs_max_iops_16k"} & set(
        m7i["unconfirmed"]
    )


def test_the_2024_11_guide_wins_over_2023_06_where_aws_raised_the_limits() -> None:
    # ebs-limits-changed-vs-2023-06.csv: r6in.32xlarge 80,000 Mbps / 350,000 IOPS (2023-06) -> 100,000 / 400,000.
    r6in = instance("r6in.32xlarge")
    assert (r6in["ebs_max_mbps"], r6in["ebs_max_mb_s_128k"], r6in["ebs_max_iops_16k"]) == (100000, 12500, 400000)
    assert r6in["max_is_30_minute_burst"] is False and r6in["as_of"] == "2024-11-23"
    # "r6in.large,1562.00,25000.00,195.31,3125.00,6250.00,100000.00": a burst size.
    small = instance("r6in.large")
    assert (small["ebs_baseline_iops_16k"], small["ebs_max_iops_16k"], small["max_is_30_minute_burst"]) == (
        6250,
        100000,
        True,
    )
    assert instance("db.r6in.32xlarge")["ebs_max_iops_16k"] == 400000


def test_an_8th_generation_type_carries_its_ebs_limits_as_not_published() -> None:
    # The 2024-11 guide predates r8i (README: "Not in this edition: m8i, r8i, x8i, i7i, i7ie"): no figure is guessed.
    r8i = instance("r8i.large")
    assert r8i["ebs_limits_published"] is False
    assert all(r8i[key] is None for key in ("ebs_baseline_mbps", "ebs_max_mbps", "ebs_max_iops_16k"))
    assert "EBS limits not published" in r8i["source"]
    # ec2-cpu-options-newer.csv "r8i.large,r8i,2,1,2": 2 vCPUs, 1 core, 2 threads per core. No stored source gives
    # the nominal memory: the CoreMark run saw 15,697 MB, 15,697 / 1024 = 15.33 GiB, flagged unconfirmed.
    assert (r8i["vcpus"], r8i["cores"], r8i["threads_per_core"], r8i["memory_gib"]) == (2, 1, 2, 15.33)
    assert "memory_gib" in r8i["unconfirmed"]
    assert instance("db.r8i.large")["ebs_limits_published"] is False


def test_classes_the_2023_rds_guide_predates_are_priced_for_oracle_per_cfn_lint() -> None:
    # rds-oracle-priced-db-classes-by-region.csv lists db.r7i.large for oracle-ee BYOL and oracle-se2 BYOL and LI.
    db = instance("db.r7i.large")
    assert db["oracle_support"].startswith("Priced for Oracle EE (BYOL) and SE2 (BYOL, License Included)")
    assert "oracle_support" in db["unconfirmed"]  # a priced SKU is a proxy for orderable
    assert db["ebs_max_iops_16k"] == instance("r7i.large")["ebs_max_iops_16k"]
    assert db["deprecated_for_oracle"] is False
    assert not any(r["name"].startswith("db.") and "metal" in r["name"] for r in rows_of_catalog())
    assert not any(".tpc" in r["name"] for r in rows_of_catalog())


def test_measured_coremark_per_thread_is_carried_with_its_run_date() -> None:
    # ec2-benchmarks-coremark: "r7i.large,2025-12-10T20:28:07...,48385.14576,24192.6,2" -> per thread 24,192.6.
    mark = instance("r7i.large")["coremark"]
    assert (mark["per_thread"], mark["threads"], mark["as_of"]) == (24192.6, 2, "2025-12-10")
    assert "vantage-sh/ec2instances.info" in mark["source"]
    # The RDS class has its host's figure, saying so.
    assert instance("db.r7i.large")["coremark"]["per_thread"] == 24192.6
    assert "measured on EC2 r7i.large" in instance("db.r7i.large")["coremark"]["source"]
    assert instance("r6in.large")["coremark"] is None  # not in the benchmark file


def test_availability_lists_regions_per_edition_and_licence_model() -> None:
    rows = {(r["platform"], r["name"]): r for r in json.loads((CATALOG_DIR / "availability.json").read_text())}
    # eu-west-1,oracle-se2,license-included,db.r6i.large is a row of the cfn-lint file; db.r7i.large has none.
    r6i = rows[("rds", "db.r6i.large")]["offers"]
    assert "eu-west-1" in r6i["oracle-se2/license-included"]
    assert "eu-west-1" not in rows[("rds", "db.r7i.large")]["offers"].get("oracle-se2/license-included", [])
    assert "us-east-1" in rows[("ec2", "r8i.large")]["offers"]["ec2"]
    assert all(r["source"] and r["as_of"] == "2026-10-20" for r in rows.values())


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
    # The 2024-11 guide's instance-store.csv: "m5d.large,1 x 75 GB,NVMe SSD,30000,15000" (the 2023 sources had the
    # same IOPS but no disk size).
    m5d = instance("m5d.large")["instance_store"]
    assert (m5d["random_read_iops_4k"], m5d["write_iops_4k"], m5d["disks"], m5d["total_gb"]) == (30000, 15000, 1, 75)
    assert m5d["as_of"] == "2024-11-23"
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


def test_the_writer_refuses_half_published_ebs_limits_and_bad_availability_rows() -> None:
    from advisor.catalog.build import CatalogInvalid, validate_availability_rows, validate_instance_rows

    r8i = instance("r8i.large")
    with pytest.raises(CatalogInvalid, match=r"r8i.large: EBS limits are marked not published but ebs_max_mbps given"):
        validate_instance_rows([{**r8i, "ebs_max_mbps": 10000.0}])
    with pytest.raises(CatalogInvalid, match=r"r7i.large: ebs_max_mbps missing or not float"):
        validate_instance_rows([{**instance("r7i.large"), "ebs_max_mbps": None}])
    with pytest.raises(CatalogInvalid, match=r"r7i.large: coremark must be null or have exactly"):
        validate_instance_rows([{**instance("r7i.large"), "coremark": {"per_thread": 1}}])
    good = {
        "name": "r8i.large",
        "platform": "ec2",
        "offers": {"ec2": ["us-east-1"]},
        "source": "s",
        "as_of": "2026-10-20",
    }
    validate_availability_rows([good])
    with pytest.raises(CatalogInvalid, match=r"r8i.large: every offer must list Region codes"):
        validate_availability_rows([{**good, "offers": {"ec2": []}}])


def test_importing_again_from_the_same_sources_keeps_each_region_s_date(tmp_path: Path) -> None:
    # the committed file, read on an earlier day: importing today from the same sources writes it unchanged
    (tmp_path / "regions.json").write_text((CATALOG_DIR / "regions.json").read_text())
    import_all(catalog_dir=tmp_path, as_of="2099-01-01")
    assert (tmp_path / "regions.json").read_text() == (CATALOG_DIR / "regions.json").read_text()


def test_a_region_whose_row_changed_takes_the_day_it_was_read(tmp_path: Path) -> None:
    held = json.loads((CATALOG_DIR / "regions.json").read_text())
    held[0]["name"] = "A name botocore no longer gives"
    (tmp_path / "regions.json").write_text(json.dumps(held))
    import_all(catalog_dir=tmp_path, as_of="2099-01-01")
    rows = json.loads((tmp_path / "regions.json").read_text())
    assert rows[0]["as_of"] == "2099-01-01" and rows[0]["name"] != "A name botocore no longer gives"
    assert {row["as_of"] for row in rows[1:]} == {held[1]["as_of"]}


def test_a_missing_or_unreadable_catalog_is_written_with_the_day_it_was_read(tmp_path: Path) -> None:
    (tmp_path / "regions.json").write_text("{not json")
    import_all(catalog_dir=tmp_path, as_of="2099-01-01")
    assert {row["as_of"] for row in json.loads((tmp_path / "regions.json").read_text())} == {"2099-01-01"}
