"""The engine's upload: what is kept of each file (masked on request), the background job's larger limits, and the
per-file progress callback."""

from __future__ import annotations

import hashlib

import pytest

from advisor.awr.engine.importer import UploadRejected
from advisor.awr.engine.upload import read_upload, unique_names
from tests.advisor.awr.samples import AZURE, JAS, needs_samples, sample

pytestmark = needs_samples


def test_a_read_file_is_kept_as_uploaded_and_a_refused_one_without_its_bytes() -> None:
    name, data = sample(JAS / "sp_70371_70372.txt")
    upload = read_upload([(name, data), ("notes.txt", b"hello\n")])
    kept, refused = upload.files
    assert (kept.name, kept.kind, kept.data, kept.error) == (name, "statspack", data, "")
    assert kept.size == len(data) and kept.sha256 == hashlib.sha256(data).hexdigest()
    assert refused.data == b"" and refused.kind == "" and refused.error.startswith("not an AWR or Statspack report")
    assert upload.any_read


def test_masking_reaches_file_names_and_the_kept_copies() -> None:
    upload = read_upload([sample(AZURE / "AWR_DBS.html")], mask=True)
    [kept] = upload.files
    assert kept.name == "AWR_database-1.html" and upload.result.files[0].file == kept.name
    text = kept.data.decode("utf-8").lower()
    # "dr1dbs_tk08.dat" (a datafile path) embeds the unique name dbs_tk08; the host is tk08db.dummyhost.com
    assert "dbs_tk08" not in text and "dummyhost" not in text
    assert kept.sha256 == hashlib.sha256(kept.data).hexdigest()
    assert "dbwr" in read_upload([sample(AZURE / "AWR_DBW.html")], mask=True).files[0].data.decode().lower()


def test_background_limits_are_larger() -> None:
    tiny = [(f"f{i}", b"x") for i in range(65)]
    with pytest.raises(UploadRejected, match="65 files: the limit is 64 files per upload"):
        read_upload(tiny)
    assert len(read_upload(tiny, background=True).files) == 65  # read (and refused one by one) as a job
    with pytest.raises(UploadRejected, match="257 files: the limit is 256 files per upload read in the background"):
        read_upload([(f"f{i}", b"x") for i in range(257)], background=True)


def test_each_file_is_reported_as_it_is_read() -> None:
    seen: list[tuple[int, int, str]] = []
    read_upload([("a", b"x"), ("b", b"y")], on_file=lambda done, total, name: seen.append((done, total, name)))
    assert seen == [(1, 2, "a"), (2, 2, "b")]


def test_unique_names() -> None:
    assert unique_names(["a.html", "A.html", "b", ""]) == ["a.html", "A.html (2)", "b", "unnamed"]
