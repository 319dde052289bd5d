"""Property-based: bodies built from the pydantic JSON schemas, with extreme and hostile values, never get a 5xx."""

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.engine.ioquery.question import IoQuery
from advisor.engine.workload import workload_json_schema
from pricing.engine.estimate_config import EstimateConfig

HOSTILE_NUMBERS = [0, -1, 5e-324, 1e308, 2**63, -(2**63) - 1, 2**64, 10**30, 0.1]
HOSTILE_TEXT = ["", "²", "\x00", "\ud800", "9" * 400, "1e999999", "nan", "Infinity", "x" * 5000]


def _value(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "$ref" in schema:
        schema = defs[schema["$ref"].split("/")[-1]]
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return st.one_of([_value(option, defs) for option in options])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    edges = [schema[k] for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") if k in schema]
    if kind in ("integer", "number"):
        near = [e + d for e in edges for d in (-1, 0, 1)]
        return st.sampled_from(HOSTILE_NUMBERS + near) | st.integers() | st.floats(allow_nan=False)
    if kind == "string":
        return st.sampled_from(HOSTILE_TEXT) | st.text(max_size=40)
    if kind == "boolean":
        return st.booleans() | st.sampled_from(["true", 1, None])
    if kind == "array":
        return st.lists(_value(schema.get("items", {}), defs), max_size=6) | st.sampled_from([[5e-324], [2**63]])
    if kind == "object":
        return _object(schema, defs)
    return st.sampled_from(HOSTILE_NUMBERS + HOSTILE_TEXT + [None, [], {}])


def _object(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties = schema.get("properties", {})
    if not properties:
        return st.dictionaries(st.text(max_size=8), st.integers() | st.text(max_size=8), max_size=3)
    return st.fixed_dictionaries({}, optional={name: _value(sub, defs) for name, sub in properties.items()})


def bodies(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    shaped = _object(schema, schema.get("$defs", {})).map(lambda d: json.dumps(d, allow_nan=True))
    raw = st.sampled_from(
        [
            '{"a":' * 200 + "1" + "}" * 200,
            '{"x": ' + "7" * 4400 + "}",
            '{"x": NaN}',
            '{"x": 1e400}',
            "[]",
            "not json",
            '"\\ud800"',
        ]
    )
    return shaped | raw


ENDPOINTS = {
    "/api/v1/workloads/validate": workload_json_schema(),
    "/api/v1/verdicts": workload_json_schema(),
    "/api/v1/recommendations": workload_json_schema(),
    "/api/v1/iolimits": IoQuery.model_json_schema(),
    "/api/v1/estimate": EstimateConfig.model_json_schema(),
}
FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@pytest.mark.django_db
@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_no_generated_body_gets_a_server_error(client: Any, prices: None, path: str) -> None:
    @FAST
    @given(body=bodies(ENDPOINTS[path]))
    def check(body: str) -> None:
        answer = client.post(path, body, content_type="application/json")
        assert answer.status_code < 500, (body[:300], answer.content[:300])

    check()


FORM_VALUES = st.sampled_from(["", "²", "\x00", "1e400", "5e-324", "9" * 300, str(2**63), "-1", "nan", "x" * 300])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "fields"),
    [
        ("/iolimits", ["platform", "instance", "volume", "size_gib", "iops", "volumes", "io_size_kib", "scan_gib"]),
        ("/estimate", ["platform", "region", "instance_class", "size_gib", "iops", "hours_per_month", "vcpus"]),
    ],
)
def test_no_generated_query_breaks_the_open_forms(client: Any, prices: None, path: str, fields: list[str]) -> None:
    @FAST
    @given(query=st.fixed_dictionaries({}, optional={f: FORM_VALUES for f in fields}))
    def check(query: dict[str, str]) -> None:
        answer = client.get(path, query)
        assert answer.status_code < 500, (query, answer.status_code)

    check()


def _questionnaire_fields() -> list[str]:
    """Every ``section.field`` the questionnaire posts, read from the workload's JSON schema."""
    schema = workload_json_schema()
    defs = schema.get("$defs", {})
    names = []
    for section, sub in schema["properties"].items():
        target = defs.get(sub.get("$ref", "").split("/")[-1], sub)
        names += [f"{section}.{field}" for field in target.get("properties", {})]
    return names


QUESTIONNAIRE_FIELDS = _questionnaire_fields()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/assessments/new/", "/assessments/validate/"])
def test_no_generated_questionnaire_breaks_the_form_or_saves_half(client: Any, prices: None, path: str) -> None:
    """Hostile values in any of the questionnaire's fields: the page answers (a field marked, or the save), never
    a 5xx; a refused post saves nothing."""
    from advisor.models import Assessment

    assert len(QUESTIONNAIRE_FIELDS) > 30  # the schema was read, not an empty list

    @settings(FAST, max_examples=20)  # each post validates and renders the whole questionnaire
    @given(
        fields=st.fixed_dictionaries(
            {"name": st.sampled_from(["Order entry", "", "\x00", "x" * 300])},
            optional={
                name: FORM_VALUES | st.sampled_from(["true", "ee", "19c", "100"]) for name in QUESTIONNAIRE_FIELDS
            },
        )
    )
    def check(fields: dict[str, str]) -> None:
        before = Assessment.objects.count()
        answer = client.post(path, fields)
        assert answer.status_code < 500, (fields, answer.status_code)
        if answer.status_code != 302:
            assert Assessment.objects.count() == before, fields

    check()
