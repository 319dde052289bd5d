"""The recommendations API answers with the engine's recommendation, every decimal and date written as the string it
reads as (the JSON is written by pydantic's serializer, not the standard library's)."""

import json
from typing import Any

from django.test import Client

from advisor import services
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.scenarios import load_scenarios


def test_each_golden_scenarios_answer_is_the_engines_recommendation_read_back(anon_client: Client, prices: Any):
    for scenario in load_scenarios():
        response = anon_client.post("/api/v1/recommendations", scenario.workload.model_dump_json(), "application/json")
        assert response.status_code == 200
        engine = json.loads(
            json.dumps(recommendation_json(services.recommendation_for(scenario.workload)), default=str)
        )
        assert response.json() == engine
        priced = next(o for o in response.json()["options"] if o.get("cost"))
        assert isinstance(priced["cost"]["total_monthly_usd"], str)  # money as a decimal string, never a float
