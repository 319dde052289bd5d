"""Benchmark: the AWR / Statspack / AWR-Miner import over the samples and a synthetic ~2 MB HTML report.

Issue 18's goal: a 2 MB HTML report parses in under 1 s and under 100 MiB. Prints reports per second and the
peak memory of one import per file (resident set growth in a fresh process, which counts lxml's C allocations,
and Python's own peak from tracemalloc). Run: ``python bench/awr_bench.py [--shared ../shared]``. It asserts
nothing: speed is a goal to watch, not a test to pass or fail.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GOAL_SECONDS, GOAL_MIB = 1.0, 100.0
SYNTHETIC_BYTES = 2 * 1024 * 1024
SAMPLES = (
    "azure-oracle-workloads/AWR_DBS.html",
    "azure-oracle-workloads/AWR_DBW.html",
    "azure-oracle-workloads/dbspace_DBS.lst",
    "azure-oracle-workloads/dbspace_DBW.lst",
    "jas-min/awrrpt_1_2668_2669.txt",
    "jas-min/sp_70371_70372.txt",
    "aws-awr-miner/dbcsi_awr_sample01.out",
    "aws-awr-miner/dbcsi_statspack_sample01.out",
)


def synthetic_html(source: Path, target_bytes: int = SYNTHETIC_BYTES) -> bytes:
    """AWR_DBS.html grown to about ``target_bytes`` by repeating the rows of its Instance Activity table (lxml)."""
    import lxml.html

    root = lxml.html.document_fromstring(source.read_bytes())
    table = next(t for t in root.iter("table") if "Instance activity statistics" in (t.get("summary") or ""))
    rows = [tr for tr in table.iter("tr")][1:]
    size = len(lxml.html.tostring(root))
    per_round = sum(len(lxml.html.tostring(tr)) for tr in rows)
    parent = rows[-1].getparent()
    for _ in range(max(0, (target_bytes - size) // per_round)):
        for tr in rows:
            parent.append(copy.deepcopy(tr))
    return lxml.html.tostring(root, doctype="<!DOCTYPE html>")


def _measure(path: str, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    from advisor.awr.engine.importer import import_files

    data = Path(path).read_bytes()
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    started = time.perf_counter()
    result = import_files([(Path(path).name, data)])
    seconds = time.perf_counter() - started
    python_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - baseline  # KiB on Linux
    queue.put((seconds, grown / 1024, python_peak / 1024 / 1024, len(result.errors)))


def one_import(path: Path) -> tuple[float, float, float, int]:
    """Seconds, resident-set growth (MiB), Python peak (MiB) and file errors of one import, in a fresh process."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_measure, args=(str(path), queue))
    process.start()
    figures = queue.get(timeout=120)
    process.join()
    return figures


def throughput(paths: list[Path], seconds: float = 5.0) -> tuple[float, float]:
    """Reports per second and MB per second, importing the files one at a time for about ``seconds``."""
    from advisor.awr.engine.importer import import_files

    files = [(p.name, p.read_bytes()) for p in paths]
    count, volume, started = 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for name, data in files:
            import_files([(name, data)])
            count, volume = count + 1, volume + len(data)
    elapsed = time.perf_counter() - started
    return count / elapsed, volume / elapsed / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the throughput loop runs")
    args = parser.parse_args()
    root = Path(args.shared) / "data" / "awr-samples"
    paths = [root / s for s in SAMPLES]
    with tempfile.TemporaryDirectory() as tmp:
        synthetic = Path(tmp) / "synthetic_2mb.html"
        synthetic.write_bytes(synthetic_html(root / SAMPLES[0]))
        print(f"{'file':34} {'size':>9} {'seconds':>8} {'RSS +MiB':>9} {'py MiB':>7}")
        for path in [*paths, synthetic]:
            runs = [one_import(path) for _ in range(3)]
            seconds = statistics.median(r[0] for r in runs)
            rss, py = max(r[1] for r in runs), max(r[2] for r in runs)
            errors = runs[0][3]
            print(
                f"{path.name:34} {path.stat().st_size / 1e6:8.2f}M {seconds:8.3f} {rss:9.1f} {py:7.1f}"
                + (f"  ({errors} file errors)" if errors else "")
            )
            if path == synthetic:
                verdict = "meets" if seconds < GOAL_SECONDS and rss < GOAL_MIB else "MISSES"
                print(f"goal for a 2 MB HTML report: < {GOAL_SECONDS:g} s and < {GOAL_MIB:g} MiB: {verdict}")
        per_second, mb_per_second = throughput(paths, args.seconds)
        print(f"throughput over the 8 samples: {per_second:,.1f} reports/s ({mb_per_second:,.1f} MB/s)")


if __name__ == "__main__":
    main()
