"""One database assessed exactly as its results page would be: the same recommendation (``advisor.services``), the
same recommended option (the engine's ranking, carried in the recommendation's JSON), kept as the compact summary
the estate pages read."""

from __future__ import annotations

from advisor import services
from advisor.engine.licence_terms import parse_owned_options
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import Recommendation
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import Workload
from advisor.estates.engine.summary import DatabaseSummary, summary_from_json


def recommendation(workload: Workload, policy: SizingPolicy | None = None) -> Recommendation:
    return services.recommendation_for(workload, policy)


def summary_of(workload: Workload, policy: SizingPolicy | None = None) -> DatabaseSummary:
    found = recommendation(workload, policy)
    owned = parse_owned_options(workload.oracle.option_licences_owned)
    return summary_from_json(
        recommendation_json(found),
        edition=workload.oracle.edition.value,
        licence_model=workload.oracle.licence_model.value,
        licences_owned=workload.oracle.processor_licences_owned,
        options_owned=dict(owned.named),
        options_owned_every=owned.every,
        licence_metric=workload.oracle.licence_metric.value,
    )
