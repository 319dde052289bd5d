"""Benchmark: the AWR / Statspack / AWR-Miner import over the samples and a synthetic ~2 MB HTML report.

Issue 18's goal: a 2 MB HTML report parses in under 1 s and under 100 MiB. Prints reports per second and the
peak memory of one import per file (resident set growth in a fresh process, which counts lxml's C allocations,
and Python's own peak from tracemalloc), and a task worker's resting, peak and after-import memory around a
background import of 40 files, read in the worker itself and in a child process as the job does. Run:
``python bench/awr_bench.py [--shared ../shared]``. It asserts nothing: speed is a goal to watch, not a test to pass
or fail.
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


def _vm_rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _background(directory: str, names: list[str], in_child: bool, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """A stand-in task worker: resting size, then one background import's reading (here, or in a child process as
    the job does), then the size once the import is dropped."""
    import gc

    from advisor.awr.engine.upload import read_upload
    from advisor.awr.isolated import read_staged

    gc.collect()
    resting = _vm_rss_mib()
    if in_child:
        upload = read_staged(Path(directory), names, mask=True)
    else:
        files = [(name, (Path(directory) / f"{n:04d}").read_bytes()) for n, name in enumerate(names)]
        upload = read_upload(files, mask=True, background=True)
        del files
    read = len(upload.result.files)
    del upload
    gc.collect()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    queue.put((resting, peak, _vm_rss_mib(), child_peak, read))


def background_memory(paths: list[Path], copies: int) -> None:
    """The task worker's memory around a background import of ``copies`` files (the samples over and over, masked):
    resting, peak and after, reading in the worker itself vs in a child process (what the job does)."""
    with tempfile.TemporaryDirectory() as staged:
        names = []
        for n in range(copies):
            path = paths[n % len(paths)]
            (Path(staged) / f"{n:04d}").write_bytes(path.read_bytes())
            names.append(f"{n:02d}-{path.name}")
        total = sum(p.stat().st_size for p in (Path(staged) / f"{n:04d}" for n in range(copies))) / 1e6
        print(f"background import of {copies} files ({total:.0f} MB), worker memory (MiB):")
        print(f"{'read':24} {'resting':>8} {'peak':>8} {'after':>8} {'child peak':>11}")
        context = multiprocessing.get_context("spawn")
        for in_child in (False, True):
            queue = context.Queue()
            process = context.Process(target=_background, args=(staged, names, in_child, queue))
            process.start()
            resting, peak, after, child_peak, _ = queue.get(timeout=600)
            process.join()
            label = "in a child process (job)" if in_child else "in the worker itself"
            print(f"{label:24} {resting:8.0f} {peak:8.0f} {after:8.0f} {child_peak if in_child else 0:11.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--seconds", type=float, default=5.0, help="how long the throughput loop runs")
    parser.add_argument("--copies", type=int, default=40, help="files in the background import measured")
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
        background_memory([*paths, synthetic], args.copies)


if __name__ == "__main__":
    main()
