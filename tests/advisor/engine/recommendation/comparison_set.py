"""The recommendations a speed change must leave unchanged: every golden scenario and 200 workloads generated from
them (a fixed seed), each with its recommendation JSON as the API returns it.

``python -m tests.advisor.engine.recommendation.comparison_set`` writes ``data/comparison_set.jsonl.xz`` from the
code checked out; it was written once from the engine before the speed work of issue 28 (commit 0ea09d6), and
``test_results_unchanged`` compares today's engine with it.
"""

from __future__ import annotations

import json
import lzma
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import recommend
from advisor.engine.scenarios import load_scenarios
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import FeaturesSection, WorkloadInvalid, parse_workload
from pricing.engine.prices.book import PriceBook
from pricing.fixtures.sources import read_rows
from pricing.offers.files import read_offer_file

ROOT = Path(__file__).resolve().parents[4]
PRICES = ROOT / "fixtures" / "prices"
STORED = Path(__file__).with_name("data") / "comparison_set.jsonl.xz"
GENERATED = 200
SEED = 28
REGIONS = ("eu-west-1", "eu-west-1", "us-east-1", "us-east-1", "eu-central-1", "us-west-2", "ap-southeast-2")
SCALES = (0.25, 0.5, 0.75, 1.0, 1.0, 1.5, 2.0, 3.0, 5.0)
FEATURES = tuple(FeaturesSection.model_fields)


@cache
def price_book() -> PriceBook:
    """Every committed price fixture, as the benchmarks and a loaded database hold them."""
    rows = [
        row
        for name in ("AmazonRDS.json", "AmazonEC2.json")
        for row in read_offer_file(PRICES / "eu-west-1" / name, region="eu-west-1")
    ]
    for path in sorted(PRICES.glob("*.jsonl")):
        rows.extend(read_rows(path))
    return PriceBook(rows)


def _varied(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    oracle, features, ha = data["oracle"], data["features"], data["availability"]
    sizing, io, env = data["sizing"], data["io"], data["environment"]
    env["region"] = rng.choice(REGIONS)
    if rng.random() < 0.3:
        oracle["edition"] = rng.choice(("se2", "ee"))
    if rng.random() < 0.3:
        oracle["licence_model"] = rng.choice(("li", "byol"))
    for name in rng.sample(FEATURES, rng.randint(0, 4)):
        features[name] = not features.get(name, False)
    ha["multi_az"] = rng.random() < 0.6
    ha["read_replicas"] = rng.choice((0, 0, 0, 1, 2))
    ha["cross_region_dr"] = rng.random() < 0.25
    ha["dr_region"] = rng.choice(("us-west-2", "eu-central-1")) if ha["cross_region_dr"] else None
    cpu, size, load = rng.choice(SCALES), rng.choice(SCALES), rng.choice(SCALES)
    sizing["peak_cpu"] = round(sizing["peak_cpu"] * cpu, 1)
    sizing["average_cpu"] = round(min(sizing["average_cpu"] * cpu, sizing["peak_cpu"]), 1)
    sizing["sga_gib"] = round(sizing["sga_gib"] * rng.choice(SCALES), 1)
    sizing["db_size_gib"] = round(sizing["db_size_gib"] * size, 1)
    for key in ("peak_read_iops", "peak_write_iops", "sustained_read_iops", "sustained_write_iops"):
        io[key] = int(io[key] * load)
    for key in ("peak_read_mib_s", "peak_write_mib_s"):
        io[key] = round(io[key] * load, 1)
    io["latency_sensitivity"] = rng.choice(("tolerant", "moderate", "high"))
    io["full_scans_drive_peaks"] = rng.random() < 0.3
    return data


def _policy(rng: random.Random) -> SizingPolicy:
    if rng.random() < 0.8:
        return SizingPolicy()
    return SizingPolicy(include_burstable_classes=rng.random() < 0.5, use_instance_store=rng.random() < 0.5,
                        max_striped_volumes=rng.choice((1, 4, 8, 16)), cpu_headroom_pct=rng.choice((0, 20, 50)))  # fmt: skip


def cases() -> list[tuple[str, Any, SizingPolicy]]:
    """(name, workload, policy): the golden scenarios as they are, then the generated ones."""
    scenarios = load_scenarios()
    out: list[tuple[str, Any, SizingPolicy]] = [(s.name, s.workload, SizingPolicy()) for s in scenarios]
    rng = random.Random(SEED)
    tried = 0
    while len(out) < len(scenarios) + GENERATED:
        tried += 1
        base = scenarios[tried % len(scenarios)]
        data = _varied(base.workload.model_dump(mode="json"), rng)
        policy = _policy(rng)
        try:
            out.append((f"{base.name} #{tried}", parse_workload(data), policy))
        except WorkloadInvalid:  # a variation the contract refuses (e.g. RAC on SE2): another one
            continue
    return out


def recommendation_data(workload: Any, policy: SizingPolicy) -> Any:
    """The recommendation as the API's JSON (decimals and dates as the API writes them), read back."""
    result = recommend(workload, price_book(), policy=policy)
    return json.loads(json.dumps(recommendation_json(result), default=str))


def write(path: Path = STORED) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as out:
        count = 0
        for name, workload, policy in cases():
            line = {"name": name, "workload": workload.model_dump(mode="json"),
                    "policy": policy.model_dump(mode="json"), "recommendation": recommendation_data(workload, policy)}  # fmt: skip
            out.write(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n")
            count += 1
    return count


if __name__ == "__main__":
    print(f"{write(Path(sys.argv[1]) if len(sys.argv) > 1 else STORED)} recommendations written")
