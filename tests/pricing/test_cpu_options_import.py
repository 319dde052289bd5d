"""The import that builds pricing/engine/data/cpu_options.json from ../shared."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from pricing.cpu_options_import import (
    DEFAULT_SHARED_DIR,
    CpuOptionsImportInvalid,
    build_rows,
    import_cpu_options,
    parse_ec2_doc,
    parse_rds_doc,
)
from pricing.engine.cpu_options import DATA_FILE

needs_shared = pytest.mark.skipif(
    not (DEFAULT_SHARED_DIR / "data").is_dir(), reason="shared/ is not beside the checkout"
)


@needs_shared
def test_the_committed_file_is_what_the_importer_makes(tmp_path: Path) -> None:
    written = import_cpu_options(path=tmp_path / "cpu_options.json")
    assert (written.ec2_rows, written.rds_rows) == (1191, 82)
    assert written.path.read_text() == DATA_FILE.read_text()


@needs_shared
def test_a_changed_type_replaces_its_2023_row_in_place() -> None:
    rows = build_rows()
    names = [r["instance_type"] for r in rows]
    assert len(names) == len(set(names))
    # the 2023 table lists m6a.large ... m6a.8xlarge in order; the changed row keeps its place
    assert names[names.index("m6a.8xlarge") - 1] == "m6a.4xlarge"
    assert rows[names.index("m6a.8xlarge")]["valid_cores"] == [4, 6, 8, 10, 12, 14, 16]


EC2_SNIPPET = """
| Instance type | Default vCPUs | Default CPU cores | Default threads per core | Valid CPU cores | Valid threads per core |
| --- | --- | --- | --- | --- | --- |
| u\\-6tb1\\.56xlarge | 224 | 224 | 1 | 8, 16, 24 | 1 |
| r5\\.large | 2 | 1 | 2 | 1 | 1, 2 |
"""

RDS_SNIPPET = """
### DB instance classes that support processor configuration<a name="x"></a>

| DB instance class | Default vCPUs | Default CPU cores | Default threads per core | Valid number of CPU cores | Valid number of threads per core |
| --- | --- | --- | --- | --- | --- |
|  db\\.m5\\.large  |  2  |  1  |  2  |  1  |  1, 2  |

### Setting the CPU cores<a name="y"></a>

| db\\.m5\\.xlarge | 4 | 2 | 2 | 2 | 1, 2 |
"""


def test_the_markdown_tables_are_read_with_their_escapes_removed() -> None:
    ec2 = parse_ec2_doc(EC2_SNIPPET)
    assert [(r["instance_type"], r["default_vcpus"], r["valid_cores"], r["valid_threads_per_core"]) for r in ec2] == [
        ("u-6tb1.56xlarge", 224, [8, 16, 24], [1]),
        ("r5.large", 2, [1], [1, 2]),
    ]
    rds = parse_rds_doc(RDS_SNIPPET)  # only the processor section's table
    assert [(r["instance_type"], r["platform"], r["default_cores"]) for r in rds] == [("db.m5.large", "rds", 1)]


def test_a_missing_section_or_shared_dir_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CpuOptionsImportInvalid, match="no section"):
        parse_rds_doc("# DB instance classes\n")
    with pytest.raises(FileNotFoundError, match="pass --shared"):
        build_rows(shared_dir=tmp_path / "nowhere")
    with pytest.raises(CommandError, match="pass --shared"):
        call_command("import_cpu_options", "--shared", str(tmp_path / "nowhere"))
