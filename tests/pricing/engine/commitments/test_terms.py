"""The commitments AWS sells for each platform, and the terms of a platform's list it does not sell: RDS reservations
are sold No Upfront for 1 year only (AWS's Amazon RDS Reserved Instances page; Archera's RDS commitment brief, data
of March 2026), a sourced and dated fact of the data, checked when read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from pricing.engine.commitments import terms
from pricing.engine.commitments.terms import commitment_facts, commitments_for, not_offered


@pytest.fixture
def data_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the commitments data that a test may change, read afresh."""
    copy = tmp_path / "commitments.json"
    copy.write_text(terms.DATA_FILE.read_text())
    monkeypatch.setattr(terms, "DATA_FILE", copy)
    commitment_facts.cache_clear()
    yield copy
    commitment_facts.cache_clear()


def test_rds_sells_no_upfront_reservations_for_one_year_only_as_aws_says() -> None:
    (fact,) = commitment_facts().not_offered
    assert (fact.platform, fact.commitment, fact.as_of) == ("rds", "reserved-3yr-no-upfront", "2026-03")
    assert "https://aws.amazon.com/rds/reserved-instances/" in fact.source
    assert "No Upfront Reserved Instances are only available for one year term" in fact.source
    assert "data sourced March 2026" in fact.source
    # every other term of RDS's list, and every one of EC2's, is sold
    unsold = [(p, c) for p in ("ec2", "rds") for c in commitments_for(p) if not_offered(p, c)]
    assert unsold == [("rds", "reserved-3yr-no-upfront")]
    assert not_offered("rds", "reserved-3yr-no-upfront").startswith(
        "not offered for RDS: AWS sells No Upfront RDS reservations for a 1-year term only (source: "
    )


def test_a_fact_for_a_commitment_the_platform_does_not_list_is_refused(data_file: Path) -> None:
    data = json.loads(data_file.read_text())
    data["not_offered"][0]["commitment"] = "savings-plan-compute-3yr-no-upfront"  # never on RDS's list
    data_file.write_text(json.dumps(data))

    with pytest.raises(ValueError, match="savings-plan-compute-3yr-no-upfront is not a commitment of rds"):
        commitment_facts()


def test_a_fact_without_its_source_or_date_is_refused(data_file: Path) -> None:
    data = json.loads(data_file.read_text())
    del data["not_offered"][0]["as_of"]
    data_file.write_text(json.dumps(data))

    with pytest.raises(ValidationError, match="as_of"):
        commitment_facts()
