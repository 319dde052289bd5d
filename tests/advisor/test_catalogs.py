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
    for family in ("m5", "r5", "r5b", "m6i", "r6i", "x2iedn", "x2idn", "z1d", "i3", "i4i", "t3", "m4", "r4", "r3"):
        assert ("ec2", family) in families, family
    for family in ("m5", "r5", "r5b", "m6i", "r6i", "x2iedn", "x2idn", "z1d", "t3", "m4", "r4", "r3"):
        assert ("rds", family) in families, family
    assert all(r["source"] and r["as_of"] for r in rows)
