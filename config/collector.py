"""Python's cyclic garbage collector, set for a process that keeps large tables of answers.

A web or task worker keeps tens of thousands of price lookups, bills, licence estimates and cleaned texts (bounded
tables, see ``pricing.engine.prices.answers``), and the collector's full pass walks every one of them. With
CPython's default thresholds (700, 10, 10) a stream of new recommendations meets a full pass every few hundred
requests: 1,000 new workloads through the API in one process measured a mean of 41 ms and a 99th percentile of
770 ms, against 30 ms and 139 ms with the thresholds below (2026-11-28, ``bench/recommend_bench.py`` prints both).
The engines create few reference cycles, so waiting longer between passes costs little memory.

Set by every process the app starts (web server, task worker, commands) from ``AdvisorConfig.ready``.
"""

from __future__ import annotations

import gc

# Allocations before a young pass, young passes before a middle one, middle passes before a full one.
THRESHOLDS = (50_000, 50, 100)


def tune() -> None:
    gc.set_threshold(*THRESHOLDS)
