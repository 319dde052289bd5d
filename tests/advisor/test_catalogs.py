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
