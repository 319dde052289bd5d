"""The recommendations API answers with the engine's recommendation in the words its reader knows (sources by the
names people know them; tests/test_customer_words.py reads every text of it for our notes), every decimal and date
written as the string it reads as (the JSON is written by pydantic's serializer, not the standard library's)."""

import json
from typing import Any

from django.test import Client

from advisor import services
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.scenarios import load_scenarios
from pricing.engine.sources.json_words import customer_json


def test_each_golden_scenarios_answer_is_the_engines_recommendation_read_back(anon_client: Client, prices: Any):
    for scenario in load_scenarios():
        response = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
        assert response.status_code == 200
        engine = customer_json(recommendation_json(services.recommendation_for(scenario.workload)))
        assert response.json() == json.loads(json.dumps(engine, default=str))
        priced = next(o for o in response.json()["options"] if o.get("cost"))
        assert isinstance(priced["cost"]["total_monthly_usd"], str)  # money as a decimal string, never a float


def test_cost_lines_and_price_sources_name_the_price_list(anon_client: Client, prices: Any):
    scenario = next(s for s in load_scenarios() if "SE2" in s.name)
    answer = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
    rds = next(o for o in answer.json()["options"] if o["option"] == "rds")
    sources = rds["cost"]["price_sources"]
    assert sources == sorted(set(sources))  # each source once
    assert any(s.startswith("AWS Price List") for s in sources), sources
    line = rds["topology"]["members"][0]["lines"][0]
    assert line["price_source"].startswith("AWS Price List"), line
