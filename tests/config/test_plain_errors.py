"""Validation errors in plain words: the field's label and the bound, never pydantic's "Input should be ..."."""

import json

import pytest
from django.test import Client
from pydantic import BaseModel, Field, ValidationError, field_validator

from config.plain_errors import field_label, field_unit, plain_message


class Inner(BaseModel):
    iops: int = Field(0, ge=0, le=1000, title="Peak read IOPS")
    note: str = Field("", max_length=3)


class Outer(BaseModel):
    io: Inner = Inner()
    name: str = Field(min_length=1, title="Name")
    hit: float | None = Field(None, gt=0, lt=100, title="Hit ratio (optional)")


def messages(data: dict[str, object]) -> dict[str, str]:
    with pytest.raises(ValidationError) as caught:
        Outer.model_validate(data)
    return {
        ".".join(map(str, e["loc"])): plain_message(e, label=field_label(Outer, e["loc"]))
        for e in caught.value.errors()
    }


def test_bounds_and_required_fields_are_said_with_the_label() -> None:
    assert messages({"name": "", "io": {"iops": 1001, "note": "long"}, "hit": 100}) == {
        "name": "Name is required.",  # pydantic: "String should have at least 1 character"
        "io.iops": "Peak read IOPS must be 1,000 or less.",
        "io.note": "Note must be at most 3 characters long.",  # no title: the field's name in words
        "hit": "Hit ratio must be less than 100.",
    }
    assert messages({"io": {"iops": -1}}) == {
        "name": "Name is required.",
        "io.iops": "Peak read IOPS must be 0 or more.",
    }


def test_values_of_the_wrong_kind_are_said_with_the_label() -> None:
    assert messages({"name": "x", "io": {"iops": "lots"}, "hit": "0"}) == {
        "io.iops": "Peak read IOPS must be a whole number.",
        "hit": "Hit ratio must be more than 0.",
    }


def test_the_api_keeps_the_field_path_and_says_the_message_plainly(anon_client: Client) -> None:
    body = json.dumps({"io": {"peak_read_iops": -1}, "sizing": {"peak_cpu": 0}})
    response = anon_client.post("/api/v1/workloads/validate", body, content_type="application/json")
    assert response.status_code == 400
    assert {(e["path"], e["message"]) for e in response.json()["errors"]} == {
        ("io.peak_read_iops", "Peak read IOPS must be 0 or more."),
        ("sizing.peak_cpu", "Peak CPU used must be more than 0 vCPUs."),
    }
    body = json.dumps({"io": {"redo_mib_s": 100_001}})
    response = anon_client.post("/api/v1/workloads/validate", body, content_type="application/json")
    assert [e["message"] for e in response.json()["errors"]] == [
        "Redo generated, average must be 100,000 MiB/s or less."
    ]


class Units(BaseModel):
    redo: float = Field(0, ge=0, le=100_000, title="Redo generated", json_schema_extra={"unit": "MiB/s"})
    horizon: int = Field(1, ge=1, le=10, title="Planning horizon", json_schema_extra={"unit": "years"})
    hit: float = Field(0, gt=0, lt=100, title="Hit ratio", json_schema_extra={"unit": "%"})
    growth: float = Field(0, ge=-1, title="Growth", json_schema_extra={"unit": "% per year"})
    iops: int = Field(0, ge=0, title="Peak read IOPS", json_schema_extra={"unit": "IOPS"})
    cores: int = Field(1, ge=1, title="Physical cores (optional)", json_schema_extra={"unit": "cores"})
    pdbs: int = Field(0, le=1, title="Pluggable databases", json_schema_extra={"unit": "PDBs"})
    plain: int = Field(0, ge=0, title="Plain")


def test_a_bound_carries_the_fields_unit_once_and_singular_for_one() -> None:
    bad = {"redo": 100_001, "horizon": 0, "hit": 0, "growth": -2, "iops": -1, "cores": 0, "pdbs": 2, "plain": -1}
    with pytest.raises(ValidationError) as caught:
        Units.model_validate(bad)
    said = {
        e["loc"][0]: plain_message(e, label=field_label(Units, e["loc"]), unit=field_unit(Units, e["loc"]))
        for e in caught.value.errors()
    }
    assert said == {
        "redo": "Redo generated must be 100,000 MiB/s or less.",
        "horizon": "Planning horizon must be 1 year or more.",
        "hit": "Hit ratio must be more than 0 %.",
        "growth": "Growth must be -1 % per year or more.",  # only a word is made singular, not a symbol
        "iops": "Peak read IOPS must be 0 or more.",  # the label already says the unit
        "cores": "Physical cores must be 1 or more.",
        "pdbs": "Pluggable databases must be 1 PDB or less.",
        "plain": "Plain must be 0 or more.",  # no unit declared: none said
    }
    assert field_unit(Units, ("nowhere",)) is None and field_unit(None, ("redo",)) is None


class Validated(BaseModel):
    owned: str = Field("", title="Option licences already owned")
    ratio: str = Field("", title="Ratio")

    @field_validator("owned")
    @classmethod
    def _owned(cls, value: str) -> str:
        if value == "many":  # a message that starts with the value given names no field
            raise ValueError(f"{value!r} is not a count; accepted: a number")
        if value == "200000":
            raise ValueError("200,000 licences; accepted: 0 to 100,000")
        return value

    @field_validator("ratio")
    @classmethod
    def _ratio(cls, value: str) -> str:
        if value == "x":  # a sentence of its own, naming what it is about, stays as it is
            raise ValueError("Oracle counts two vCPUs as one licence")
        return value


def test_a_validator_s_words_that_name_no_field_start_with_the_label() -> None:
    def said(data: dict[str, str]) -> list[str]:
        with pytest.raises(ValidationError) as caught:
            Validated.model_validate(data)
        return [plain_message(e, label=field_label(Validated, e["loc"])) for e in caught.value.errors()]

    assert said({"owned": "many"}) == ["Option licences already owned: 'many' is not a count; accepted: a number."]
    assert said({"owned": "200000"}) == ["Option licences already owned: 200,000 licences; accepted: 0 to 100,000."]
    assert said({"ratio": "x"}) == ["Oracle counts two vCPUs as one licence"]
