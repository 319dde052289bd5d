"""The eight kinds of input a fuzzer turned into 5xx (issue 16): each now answers 400/413/422 naming the field."""

import json

import pytest
from django.db import IntegrityError
from django.test import Client

from advisor import services
from advisor.engine.ioquery.question import MAX_VOLUMES, IoQueryInvalid, parse_io_query
from advisor.models import Assessment
from config import safe_json
from pricing.snapshots import books as price_books

WORKLOAD_APIS = ["/api/v1/workloads/validate", "/api/v1/verdicts", "/api/v1/recommendations"]
JSON_APIS = [*WORKLOAD_APIS, "/api/v1/iolimits", "/api/v1/estimate"]
IO = {"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": 100}

HOSTILE = {
    "deeply nested": '{"sizing":' * 3000 + "1" + "}" * 3000,
    "thousands of digits": '{"sizing": {"db_size_gib": ' + "9" * 5000 + "}}",
    "lone surrogate": '{"oracle": {"edition": "\\ud800"}}',
    "NUL": '{"oracle": {"edition": "se2\\u0000"}}',
    "past 64 bits": json.dumps({"sizing": {"db_size_gib": 2**63}}),
    "tiny IO size": json.dumps({**IO, "io_size_kib": [5e-324]}),
    "huge decimal": '{"sizing": {"db_size_gib": 1e400}}',
    "superscript digit": json.dumps({"sizing": {"horizon_years": "²"}}),
}


def _post(client: Client, path: str, body: str):
    return client.post(path, body, content_type="application/json")


@pytest.mark.django_db
@pytest.mark.parametrize("path", JSON_APIS)
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_no_hostile_body_makes_a_server_error(client: Client, prices: None, path: str, kind: str) -> None:
    answer = _post(client, path, HOSTILE[kind])
    assert answer.status_code in (400, 413, 422), (kind, answer.status_code, answer.content[:300])
    errors = answer.json()["errors"]
    assert errors and all(e["path"] and e["message"] for e in errors)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "field"),
    [
        ("thousands of digits", "sizing.db_size_gib"),
        ("lone surrogate", "oracle.edition"),
        ("NUL", "oracle.edition"),
        ("past 64 bits", "sizing.db_size_gib"),
        ("huge decimal", "sizing.db_size_gib"),
        ("superscript digit", "sizing.horizon_years"),
    ],
)
def test_the_refusal_names_the_field(client: Client, kind: str, field: str) -> None:
    answer = _post(client, "/api/v1/workloads/validate", HOSTILE[kind])
    assert answer.status_code == 400
    assert field in [e["path"] for e in answer.json()["errors"]]


@pytest.mark.django_db
def test_deep_nesting_is_refused_before_parsing_with_the_limit(client: Client) -> None:
    answer = _post(client, "/api/v1/iolimits", "[" * 100_000 + "]" * 100_000)
    assert answer.status_code == 400
    assert f"at most {safe_json.MAX_DEPTH} levels" in answer.json()["errors"][0]["message"]


def test_volume_counts_stop_at_the_sourced_attachment_limit() -> None:
    assert MAX_VOLUMES == 128
    for volumes in (2**63, MAX_VOLUMES + 1):
        with pytest.raises(IoQueryInvalid) as refused:
            parse_io_query({**IO, "volumes": volumes})
        assert [p.field for p in refused.value.problems] == ["volumes"]


def test_io_sizes_below_the_model_are_refused() -> None:
    with pytest.raises(IoQueryInvalid) as refused:
        parse_io_query({**IO, "io_size_kib": [5e-324], "demand_io_size_kib": 5e-324})
    assert {p.field for p in refused.value.problems} == {"io_size_kib", "demand_io_size_kib"}


@pytest.mark.django_db
def test_a_huge_discount_decimal_is_refused(client: Client, prices: None) -> None:
    body = {
        "platform": "rds", "region": "us-east-1", "instance_class": "db.m5.large", "edition": "se2",
        "licence_model": "byol", "licences": {"discount_pct": "1e999999"},
    }  # fmt: skip
    answer = _post(client, "/api/v1/estimate", json.dumps(body))
    assert answer.status_code == 400
    assert "licences.discount_pct" in [e["path"] for e in answer.json()["errors"]]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        {"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": "²", "volumes": "²"},
        {"platform": "ec2", "instance": "m5.large\x00", "volume": "gp3", "size_gib": "1e400", "volumes": "9" * 5000},
        {"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": "100", "io_size_kib": "5e-324"},
    ],
)
def test_the_iolimits_page_marks_the_field_instead_of_failing(client: Client, prices: None, query: dict) -> None:
    assert client.get("/iolimits", query).status_code in (200, 400, 422)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        {"platform": "rds", "region": "us-east-1", "size_gib": "²", "hours_per_month": "²"},
        {"platform": "ec2", "region": "xx-made-up-1", "discount_pct": "1e999999", "size_gib": "9" * 5000},
        {"platform": "rds", "region": "us-east-1\x00", "vcpus": str(2**64)},
    ],
)
def test_the_estimate_page_marks_the_field_instead_of_failing(client: Client, prices: None, query: dict) -> None:
    assert client.get("/estimate", query).status_code in (200, 400, 422)


@pytest.mark.django_db
def test_invented_regions_make_no_price_book_cache_entries(prices: None) -> None:
    price_books.clear_price_books()
    for n in range(50):
        price_books.price_book_for(f"xx-invented-{n}")
    assert not price_books._BOOK_KEYS and not price_books._BOOKS


def test_stored_text_refuses_nul_and_lone_surrogates_naming_the_field() -> None:
    for bad in ("a\x00b", "a\ud800b"):
        with pytest.raises(services.WorkloadInvalid) as refused:
            services.assessment_meta_parse({"name": "ok", "customer": bad})
        assert [e.path for e in refused.value.errors] == ["customer"]


@pytest.mark.django_db(transaction=True)
def test_a_database_error_mid_import_leaves_no_row(monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.engine.scenarios import load_scenarios

    scenarios = load_scenarios()[:3]
    assert len(scenarios) == 3
    real = services.assessment_create
    calls = []

    def failing(**kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise IntegrityError("simulated failure on the second row")
        return real(**kwargs)

    monkeypatch.setattr(services, "assessment_create", failing)
    before = Assessment.objects.count()
    with pytest.raises(IntegrityError):
        services.assessments_from_scenarios(scenarios)
    assert Assessment.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["²", "\x00", "9" * 5000, str(2**63), "1e400", "5e-324", "nan"])
def test_the_questionnaire_marks_the_field_instead_of_failing(client: Client, prices: None, value: str) -> None:
    from tests.conftest import form_data

    data = {**form_data(name=f"x{value}"), "sizing.db_size_gib": value, "sizing.horizon_years": value,
            "io.db_block_size_kib": value}  # a choice of integers: "²" once reached int() (found by the property test)  # fmt: skip
    assert client.post("/assessments/validate/", data).status_code in (200, 400, 422)
    before = Assessment.objects.count()
    saved = client.post("/assessments/new/", data)
    assert saved.status_code in (302, 400, 422)
    if saved.status_code != 302:
        assert Assessment.objects.count() == before
