"""The request limits: 413 with the limit in words before the body is read; JSON even when a view fails."""

import pytest
from django.test import Client

from config import safe_json
from config.limits import body_limit, in_words


def test_limits_differ_by_path_and_read_in_words() -> None:
    assert in_words(body_limit("/api/v1/verdicts")) == "256 KiB"
    assert body_limit("/prices/refresh") > body_limit("/assessments/import/") > body_limit("/api/v1/iolimits")


@pytest.mark.django_db
def test_a_body_past_the_limit_gets_413_before_it_is_read(client: Client) -> None:
    answer = client.post("/api/v1/iolimits", "{}", content_type="application/json", CONTENT_LENGTH=str(300 * 1024))
    assert answer.status_code == 413
    assert "at most 256 KiB" in answer.json()["errors"][0]["message"]


@pytest.mark.django_db
def test_an_unexpected_api_error_answers_json(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from advisor.engine.ioquery import question as ioquery_question

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(ioquery_question, "_platform_problems", broken)
    client.raise_request_exception = False
    body = '{"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": 100}'
    answer = client.post("/api/v1/iolimits", body, content_type="application/json")
    assert answer.status_code == 500 and answer["Content-Type"].startswith("application/json")
    assert answer.json()["errors"][0]["message"]


def test_safe_json_counts_depth_outside_strings_only() -> None:
    assert safe_json.nesting_depth('{"a": "[[[[\\"[[", "b": [1]}') == 2
    assert safe_json.loads('{"ok": [1, 2.5, "x"]}') == {"ok": [1, 2.5, "x"]}
    with pytest.raises(safe_json.JsonRefused) as refused:
        safe_json.loads('{"a": [{"b": 18446744073709551616}]}')
    assert refused.value.path == "a[0].b"
