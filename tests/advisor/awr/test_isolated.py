"""A background import reads its files in a child process (the worker's memory returns to its resting size when the
child exits): the same upload as reading in the worker, each file reported to the caller, and a child that fails
said as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.awr.engine.importer import UploadRejected
from advisor.awr.engine.upload import read_upload
from advisor.awr.isolated import ChildFailed, read_staged
from tests.advisor.awr.samples import SAMPLES


def stage(directory: Path, files: list[tuple[str, bytes]]) -> list[str]:
    for position, (_, data) in enumerate(files):
        (directory / f"{position:04d}").write_bytes(data)
    return [name for name, _ in files]


def test_the_child_reads_what_the_worker_would_and_reports_each_file(tmp_path: Path) -> None:
    files = [
        ("sp.txt", (SAMPLES / "jas-min" / "sp_70371_70372.txt").read_bytes()),
        ("noise.out", b"not a report at all"),
        ("miner.out", (SAMPLES / "aws-awr-miner" / "dbcsi_awr_sample01.out").read_bytes()),
    ]
    names = stage(tmp_path, files)
    reported: list[tuple[int, int, str]] = []
    upload = read_staged(tmp_path, names, mask=True, on_file=lambda *step: reported.append(step))
    here = read_upload(files, mask=True, background=True)
    assert upload == here  # result and kept files, masked bytes included
    assert [(done, total) for done, total, _ in reported] == [(1, 3), (2, 3), (3, 3)]
    assert upload.files[0].data and upload.files[1].data == b""  # the report's masked copy; the noise without bytes


def test_a_limit_the_upload_breaks_comes_back_as_the_same_refusal(tmp_path: Path) -> None:
    names = stage(tmp_path, [("a.txt", b"x"), ("a.txt", b"y")] * 200)  # 400 files > the 256 read in the background
    with pytest.raises(UploadRejected):
        read_staged(tmp_path, names, mask=False)


def test_a_child_that_fails_is_said_to_have_stopped(tmp_path: Path) -> None:
    with pytest.raises(ChildFailed, match="FileNotFoundError"):
        read_staged(tmp_path, ["missing.txt"], mask=False)  # nothing staged
