"""The recommendations API answers with the engine's recommendation in the words its reader knows (sources by the
names people know them, no file, commit, dataset key or note of ours), every decimal and date written as the string
it reads as (the JSON is written by pydantic's serializer, not the standard library's)."""

import json
import re
from collections.abc import Iterator
from typing import Any

from django.test import Client

from advisor import services
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.scenarios import load_scenarios
from pricing.engine.sources.json_words import customer_json

# What only we could follow: a dataset key or a made-up SKU of ours, a file, a commit, a section of our notes, a
# citation key of the research reference.
PROVENANCE = re.compile(
    r"SKU (?:REF|VI21|OZ|TC|IC|KARPENTER)-|\b(?:TC|VI21|OZ|IC|LIVE26|RULES26|C1):|\.(?:md|go|py|jsonl?|ya?ml|sql)\b"
    r"|@[0-9a-f]{7,}|\bat [0-9a-f]{8}\b|§|pricing-notes|\b(?:shared|fixtures|testdata|www|pkg)/"
    r"|\[[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\]"
)


def _texts(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _texts(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner, f"{path}[]")
    elif isinstance(value, str) and not path.endswith("_url"):  # a page's address is how people find it
        yield path, value


def test_each_golden_scenarios_answer_is_the_engines_recommendation_read_back(anon_client: Client, prices: Any):
    for scenario in load_scenarios():
        response = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
        assert response.status_code == 200
        engine = customer_json(recommendation_json(services.recommendation_for(scenario.workload)))
        assert response.json() == json.loads(json.dumps(engine, default=str))
        priced = next(o for o in response.json()["options"] if o.get("cost"))
        assert isinstance(priced["cost"]["total_monthly_usd"], str)  # money as a decimal string, never a float


def test_no_answer_carries_our_files_commits_or_dataset_keys(anon_client: Client, prices: Any):
    raw_leaks = 0
    for scenario in load_scenarios():
        raw = recommendation_json(services.recommendation_for(scenario.workload))
        raw_leaks += sum(1 for _, text in _texts(raw) if PROVENANCE.search(text))
        answer = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
        leaks = [(path, text) for path, text in _texts(answer.json()) if PROVENANCE.search(text)]
        assert leaks == [], leaks[:5]
    assert raw_leaks > 50  # the engine's own result keeps the provenance: the answer is what takes it out


def test_cost_lines_and_price_sources_name_the_price_list(anon_client: Client, prices: Any):
    scenario = next(s for s in load_scenarios() if "SE2" in s.name)
    answer = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
    rds = next(o for o in answer.json()["options"] if o["option"] == "rds")
    sources = rds["cost"]["price_sources"]
    assert sources == sorted(set(sources))  # each source once
    assert any(s.startswith("AWS Price List") for s in sources), sources
    line = rds["topology"]["members"][0]["lines"][0]
    assert line["price_source"].startswith("AWS Price List"), line
