"""The aggregation of an upload's files of one database into one set of figures.

Pure Python. ``aggregate`` picks the database the files describe (``database_choice``), groups the samples of one
window (``window_groups``: per-instance reports of one RAC window are summed: AWR's by snapshot ids, Statspack's,
whose ids differ by instance, by their times), merges each file's facts
(``merge_facts``: memory and host figures the largest over the reports), says which RAC instances the reports cover
(``rac_coverage``) and which figures a report prints but cannot be known from it (``unknown``), and summarises each
rate over its windows (average, peak, P95).
"""

from advisor.awr.engine.aggregation.aggregate import (
    LONG_WINDOW_MINUTES,
    Aggregation,
    MetricSummary,
    aggregate,
    label,
    percentile,
    summarise,
)
from advisor.awr.engine.aggregation.rac_coverage import INSTANCE_KINDS, PartialRac

__all__ = [
    "INSTANCE_KINDS",
    "LONG_WINDOW_MINUTES",
    "Aggregation",
    "MetricSummary",
    "PartialRac",
    "aggregate",
    "label",
    "percentile",
    "summarise",
]
