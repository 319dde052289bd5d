"""What is kept: masking never stores a name (searched in every stored row), a failed import writes nothing,
imports follow the assessment they feed (who sees them, copies for a second assessment, deletion)."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from advisor import access as assessment_access
from advisor import services as advisor_services
from advisor.accounts.models import Membership, Team
from advisor.awr import access, services
from advisor.awr.models import ReportFile, ReportImport
from advisor.engine.workload import Workload
from tests.advisor.awr.samples import AZURE, JAS, MINER, needs_samples, sample

pytestmark = [pytest.mark.django_db, needs_samples]

# the names printed in the samples (README: the Azure ones are already anonymised, the others are as published);
# read from each report's header: database name, unique name, instance names and host names
NAMES = {
    "DBW": ([AZURE / "AWR_DBW.html", AZURE / "dbspace_DBW.lst"],
            ["DBW", "APPDBW", "DBW1", "DBW2", "exa3-c1-node1", "exa3-c1-node2"]),
    "DBS": ([AZURE / "AWR_DBS.html", AZURE / "dbspace_DBS.lst"], ["DBS", "dbs_tk08", "dbs1", "tk08db.dummyhost.com", "dummyhost.com"]),
    "AWR12": ([JAS / "awrrpt_1_2668_2669.txt"], ["BPSC", "oracle1"]),
    "SP12": ([JAS / "sp_70371_70372.txt"], ["CLINPRD", "clinprd1", "cgm-szara.root.d"]),
    "MINER": ([MINER / "dbcsi_awr_sample01.out"], ["ORA12C", "oracle-12c"]),
    "SPMINER": ([MINER / "dbcsi_statspack_sample01.out"], ["ORCL01", "ip-172-23-0-137"]),
}  # fmt: skip


def stored_text() -> str:
    """Every stored byte of every import and file row, as one lower-case text."""
    parts = []
    for row in ReportImport.objects.all():
        parts += [row.database, json.dumps(row.extraction)]
    for kept in ReportFile.objects.all():
        parts += [kept.name, kept.error, json.dumps(kept.warnings), services.kept_bytes(kept).decode("utf-8")]
    return "\n".join(parts).lower()


def present(name: str, text: str) -> bool:
    """Names of 6 characters or more anywhere (a datafile path embeds them); shorter ones as words ("dbs" inside
    "pdbs" or "dbwr" is not the database's name)."""
    if len(name) >= 6:
        return name.lower() in text
    return re.search(rf"(?<![a-z0-9]){re.escape(name.lower())}(?![a-z0-9])", text) is not None


@pytest.mark.parametrize("case", list(NAMES))
def test_masking_never_stores_a_name(user: object, case: str) -> None:
    paths, names = NAMES[case]
    services.import_reports(files=[sample(p) for p in paths], mask=True, owner=user)
    text = stored_text()
    assert "database-1" in text
    for name in names:
        assert not present(name, text), name


def test_without_masking_the_names_are_stored(user: object) -> None:
    """The search above can fail: unmasked, the same rows hold the names."""
    services.import_reports(files=[sample(AZURE / "AWR_DBW.html")], mask=False, owner=user)
    text = stored_text()
    assert present("exa3-c1-node1", text) and present("APPDBW", text) and present("DBW", text)


def test_masked_copy_keeps_the_figures(user: object) -> None:
    plain = services.import_reports(files=[sample(JAS / "awrrpt_1_2668_2669.txt")], mask=False, owner=user)
    masked = services.import_reports(files=[sample(JAS / "awrrpt_1_2668_2669.txt")], mask=True, owner=user)
    assert masked.extraction["prefill"]["workload"] == plain.extraction["prefill"]["workload"]
    kept = masked.files.get()
    assert kept.name == "awrrpt_1_2668_2669.txt"  # no name in it to mask
    assert len(services.kept_bytes(kept)) == kept.size and kept.sha256 != plain.files.get().sha256


def test_a_failed_import_writes_nothing(user: object) -> None:
    with pytest.raises(services.ImportFailed, match="empty.txt: empty file"):
        services.import_reports(files=[("empty.txt", b"")], mask=False, owner=user)
    with pytest.raises(services.ImportFailed, match="65 files: the limit is 64 files per upload"):
        services.import_reports(files=[(f"f{i}", b"x") for i in range(65)], mask=False, owner=user)
    assert ReportImport.objects.count() == ReportFile.objects.count() == 0


def test_repeated_file_names_are_told_apart(user: object) -> None:
    data = sample(JAS / "sp_70371_70372.txt")[1]
    uploads = [SimpleUploadedFile(name, data) for name in ("sp.txt", "SP.txt", "dir\\sp.txt")]
    files = services.read_uploaded(uploads)
    assert [name for name, _ in files] == ["sp.txt", "SP.txt (2)", "sp.txt (3)"]
    report_import = services.import_reports(files=files, mask=False, owner=user)
    assert [f.name for f in report_import.files.all()] == ["sp.txt", "SP.txt (2)", "sp.txt (3)"]
    assert all(not f.error for f in report_import.files.all())


def test_a_file_is_read_no_further_than_one_byte_past_its_limit(user: object) -> None:
    # 16 MiB = 16,777,216 bytes is the per-file limit: 16,777,217 bytes are read of a 17 MiB file, and it is refused
    big = SimpleUploadedFile("big.txt", b"x" * (17 * 1024 * 1024))
    [(name, data)] = services.read_uploaded([big])
    assert len(data) == 16 * 1024 * 1024 + 1
    small = sample(JAS / "sp_70371_70372.txt")
    report_import = services.import_reports(files=[small, (name, data)], mask=False, owner=user)
    refused = report_import.files.get(name="big.txt")
    # the 17 MiB file's size is not known from the 16 MiB + 1 byte read of it: "over 16 MiB", never "16.0 MiB"
    assert (
        refused.error == "over 16 MiB: the limit is 16 MiB per file; not read" and services.kept_bytes(refused) == b""
    )


def _assessment_for(owner: object, report_import: ReportImport, team: Team | None = None) -> object:
    workload = Workload.model_validate(report_import.extraction["prefill"]["workload"])
    meta = advisor_services.AssessmentMeta(name="From AWR")
    assessment = advisor_services.assessment_create(meta=meta, workload=workload, owner=owner, team=team)
    return services.attach(report_import=report_import, assessment=assessment), assessment


def test_an_attached_import_is_seen_by_whoever_sees_the_assessment(user: object) -> None:
    users = get_user_model().objects
    carol, dave = users.create_user("carol"), users.create_user("dave")
    team = Team.objects.create(name="DBA")
    Membership.objects.create(team=team, user=carol, role="viewer")
    report_import = services.import_reports(files=[sample(JAS / "sp_70371_70372.txt")], mask=False, owner=user)
    assert not access.can_view_import(carol, report_import)
    report_import, assessment = _assessment_for(user, report_import, team)
    assert assessment_access.can_view(carol, assessment)
    assert access.can_view_import(carol, report_import) and not access.can_view_import(dave, report_import)
    assert list(access.visible_imports(carol)) == [report_import]
    assert list(access.visible_imports(dave)) == []
    assert not access.can_delete_import(user, report_import)  # it goes with its assessment


def test_a_second_assessment_from_the_same_import_gets_its_own_copy(user: object) -> None:
    report_import = services.import_reports(files=[sample(JAS / "sp_70371_70372.txt")], mask=False, owner=user)
    first, a1 = _assessment_for(user, report_import)
    second, a2 = _assessment_for(user, first)
    assert first.pk == report_import.pk and second.pk != first.pk
    assert (first.assessment, second.assessment) == (a1, a2)
    assert services.kept_bytes(second.files.get()) == sample(JAS / "sp_70371_70372.txt")[1]
    a1.delete()
    assert ReportImport.objects.get() == second and ReportFile.objects.count() == 1


def test_a_nul_past_the_detected_head_is_not_stored(user: object) -> None:
    """PostgreSQL refuses NUL in text and jsonb: a file name carrying one (quoted in every figure's provenance) and
    a report carrying one past the 64 KiB its kind is detected from still import."""
    _, data = sample(JAS / "awrrpt_1_2668_2669.txt")
    patched = data.replace(b"db_block_size", b"db_block\x00_size", 1)  # at byte 248,009
    assert patched.find(b"\x00") > 64 * 1024
    report_import = services.import_reports(files=[("r\x00.txt", patched)], mask=False, owner=user)
    assert "\\u0000" not in json.dumps(report_import.extraction) and "\x00" not in report_import.files.get().name
    assert report_import.files.get().error == ""
