"""Benchmark: 10,000 databases (five estates of 2,000, the upload's limit) assessed by 4 database task workers
(``manage.py db_worker``), as a deployment runs them, after the same work per worker with fewer workers (1 and 2
over a proportionate share), so the figures show how the throughput grows with the workers.

The databases are the golden scenarios (fixtures/scenarios/) with their sizes varied (CPU, memory, storage and IO
scaled by 0.5 to 3; every one distinct up to 20,480), written as CSV inventories with the documented columns and
read by the upload's own path (``services.estate_from_upload``). An inventory holds at most ``MAX_ROWS`` (2,000)
databases, so 10,000 are five inventories, i.e. five estates queued at once, as a user splitting their list would.
A fresh SQLite database in a temporary directory (or ``--database-url``, an empty database of your own, e.g.
PostgreSQL, the documented way to scale out) holds the estates and the committed price snapshots.

For each worker count it prints the wall time (workers started to last database finished, their start included),
databases per second, the per-database assessment time (median, p95), the failures and the workers' peak memory,
then the time to read the biggest estate's totals as its page does. The machine's cores are printed: workers past
the core count share the cores, so 4 workers on 2 cores cannot pass about 2 times one worker's throughput. Asserts
nothing. Stops with a message (exit 1) when a worker exits, when no database finishes for ``--stall`` seconds, or
past ``--timeout`` seconds a run; workers are stopped with the bench, even when it is killed.

Run: ``.venv/bin/python bench/estate_bench.py [--databases N] [--workers N] [--no-baseline]``.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCALES = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
MEMORY = (1.0, 0.5, 1.5, 0.75, 2.0, 1.25, 2.5, 3.0)  # on top of the CPU's scale; 1.0 first: the first 512 as before


def varied_workloads(count: int) -> list[tuple[str, Any]]:
    """``count`` (name, workload) pairs, the same every run: scenario i % 5 with CPU, storage, IO and memory scaled
    by the base-8 digits of i, so no two repeat below 5 x 8**4 = 20,480 (a scaling the contract refuses is skipped)."""
    from advisor.engine.scenarios import load_scenarios
    from advisor.engine.workload import WorkloadInvalid, parse_workload

    scenarios = load_scenarios()
    out: list[tuple[str, Any]] = []
    i = 0
    while len(out) < count:
        scenario = scenarios[i % len(scenarios)]
        cpu, size, io_ = SCALES[i % 8], SCALES[(i // 8) % 8], SCALES[(i // 64) % 8]
        memory = cpu * MEMORY[(i // 512) % 8]
        data = scenario.workload.model_dump(mode="json")
        sizing, ios = data["sizing"], data["io"]
        sizing["peak_cpu"] = round(sizing["peak_cpu"] * cpu, 1)
        sizing["average_cpu"] = round(min(sizing["average_cpu"] * cpu, sizing["peak_cpu"]), 1)
        sizing["sga_gib"] = round(sizing["sga_gib"] * memory, 1)
        sizing["pga_gib"] = round(sizing["pga_gib"] * MEMORY[(i // 512) % 8], 1)
        sizing["db_size_gib"] = round(sizing["db_size_gib"] * size, 1)
        for key in ("peak_read_iops", "peak_write_iops", "sustained_read_iops", "sustained_write_iops"):
            ios[key] = int(ios[key] * io_)
        for key in ("peak_read_mib_s", "peak_write_mib_s"):
            ios[key] = round(ios[key] * io_, 1)
        i += 1
        try:
            out.append((f"{scenario.name} #{i}", parse_workload(data)))
        except WorkloadInvalid:  # a scaling the contract refuses (e.g. SE2 past its limits): skip it
            continue
    return out


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def inventory_csv(databases: list[tuple[str, Any]]) -> bytes:
    """The databases as a user's CSV inventory: the documented columns (features as a list), and a column named by
    its workload path for any other field a database sets away from its default; a cell at the default is blank."""
    from advisor.engine.workload import Workload
    from advisor.estates.engine.columns import COLUMNS

    default = Workload().model_dump(mode="json")
    dumps = [w.model_dump(mode="json") for _, w in databases]
    documented = [c for c in COLUMNS if c.kind not in ("name", "features")]
    covered = {c.path for c in documented}
    extra = sorted({f"{section}.{field}" for d in dumps for section, fields in d.items() if isinstance(fields, dict)
                    for field, value in fields.items() if value != default[section][field]
                    and f"{section}.{field}" not in covered
                    and not (section == "features" and isinstance(value, bool))})  # fmt: skip

    def value(dump: dict[str, Any], path: str) -> Any:
        section, _, field = path.partition(".")
        return None if dump[section][field] == default[section][field] else dump[section][field]

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", *(c.header for c in documented), "features", *extra])
    for (name, _), dump in zip(databases, dumps, strict=True):
        features = "; ".join(f for f, on in dump["features"].items() if on is True)
        writer.writerow([name, *(_cell(value(dump, c.path)) for c in documented), features,
                         *(_cell(value(dump, p)) for p in extra)])  # fmt: skip
    return out.getvalue().encode()


@dataclass(frozen=True)
class Figures:
    workers: int
    databases: int
    estates: int
    wall: float
    done: int
    failed: int
    median_ms: float
    p95_ms: float
    peak_mib: float  # the largest worker's peak resident memory


class Stopped(Exception):
    """The run cannot finish: a worker exited, nothing finished for too long, or past the timeout."""


def _die_with_parent() -> None:  # Linux: a worker gets SIGTERM when the bench dies, even by SIGKILL
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _peak_mib(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((line for line in text.splitlines() if line.startswith("VmHWM:")), "VmHWM: 0 kB")
    return int(line.split()[1]) / 1024


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) or "(nothing written)"
    except OSError:
        return "(no log)"


def run(databases: list[tuple[str, Any]], workers: int, env: dict[str, str], logs: Path, args: Any) -> Figures:
    """Queue ``databases`` as inventories of at most MAX_ROWS, start ``workers`` workers, wait for the last one."""
    from advisor.estates import services
    from advisor.estates.engine.columns import MAX_FILE_BYTES, MAX_ROWS
    from advisor.estates.models import EstateDatabase

    estates = []
    for start in range(0, len(databases), MAX_ROWS):
        data = inventory_csv(databases[start : start + MAX_ROWS])
        if len(data) > MAX_FILE_BYTES:
            print(f"  note: the inventory is {len(data) / 2**20:.2f} MiB, over the upload's "
                  f"{MAX_FILE_BYTES / 2**20:.0f} MiB: it will be refused")  # fmt: skip
        estate, inventory = services.estate_from_upload(data=data, file_name=f"bench-{workers}-{start}.csv")
        if inventory is not None and inventory.invalid:
            print(f"  note: {len(inventory.invalid)} rows refused, e.g. {inventory.invalid[0].errors[0]}")
        estates.append(estate)
    rows = EstateDatabase.objects.filter(estate__in=estates)
    queued = rows.filter(status__in=EstateDatabase.PENDING).count()
    manage = [sys.executable, str(ROOT / "manage.py")]
    started = time.perf_counter()
    processes: list[tuple[subprocess.Popen[bytes], Path]] = []
    peaks: dict[int, float] = {}
    try:
        for n in range(workers):
            log = logs / f"worker-{workers}-{n}.log"
            with log.open("wb") as out:
                processes.append((subprocess.Popen(
                    [*manage, "db_worker", "--interval", "0.2", "--no-startup-delay", "--no-reload",
                     "--worker-id", f"bench-{workers}-{n}"], env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                    preexec_fn=_die_with_parent), log))  # fmt: skip
        finished, progress_at = -1, time.perf_counter()
        while True:
            pending = rows.filter(status__in=EstateDatabase.PENDING).count()
            now = time.perf_counter()
            for process, log in processes:
                peaks[process.pid] = max(peaks.get(process.pid, 0.0), _peak_mib(process.pid))
                if process.poll() is not None:
                    raise Stopped(f"worker {process.pid} exited (code {process.returncode}) with {pending:,} of "
                                  f"{queued:,} databases left; its last lines ({log}):\n{_tail(log)}")  # fmt: skip
            if not pending:
                break
            if queued - pending != finished:
                finished, progress_at = queued - pending, now
            elif now - progress_at > args.stall:
                raise Stopped(f"no database finished for {args.stall:.0f} s ({pending:,} of {queued:,} left): "
                              f"stopping. Worker logs: {logs}")  # fmt: skip
            if now - started > args.timeout:
                raise Stopped(f"not finished after {args.timeout:.0f} s ({pending:,} of {queued:,} left): stopping "
                              "(raise --timeout for a slower machine)")  # fmt: skip
            time.sleep(0.5)
        wall = time.perf_counter() - started
    finally:
        for process, _ in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
        for process, _ in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    seconds = sorted(rows.exclude(seconds=None).values_list("seconds", flat=True))
    p95 = seconds[max(0, int(len(seconds) * 0.95) - 1)] if seconds else 0.0
    return Figures(workers, queued, len(estates), wall, rows.filter(status="done").count(),
                   rows.filter(status="failed").count(), statistics.median(seconds) * 1000 if seconds else 0.0,
                   p95 * 1000, max(peaks.values(), default=0.0))  # fmt: skip


def table(results: list[Figures]) -> str:
    one = results[0] if results and results[0].workers == 1 and results[0].wall else None
    base = one.done / one.wall if one else 0.0
    head = ("workers", "databases", "estates", "wall s", "databases/s", "vs 1 worker", "median ms", "p95 ms", "failed",
            "worker peak MiB")  # fmt: skip
    lines = [head]
    for f in results:
        rate = f.done / f.wall
        lines.append((str(f.workers), f"{f.databases:,}", str(f.estates), f"{f.wall:.1f}", f"{rate:.1f}",
                      f"x{rate / base:.2f}" if base else "-", f"{f.median_ms:.0f}", f"{f.p95_ms:.0f}", str(f.failed),
                      f"{f.peak_mib:.0f}"))  # fmt: skip
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=True)) for line in lines)


def totals_read(estate: Any) -> str:
    """The biggest estate's rows and totals read as its page reads them: the time and the bench's memory growth."""
    from advisor.estates import services

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    rows = services.estate_rows(estate)
    totals = services.estate_totals_of(rows)
    seconds = time.perf_counter() - started
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    del totals
    return (f"totals of the biggest estate ({len(rows):,} databases) read as its page does in "
            f"{seconds:.2f} s, the bench's peak memory up {grown:.0f} MiB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--databases", type=int, default=10_000, help="the estate with the most workers")
    parser.add_argument("--workers", type=int, default=4, help="the most workers; 1, 2, ... below it run first")
    parser.add_argument("--no-baseline", action="store_true", help="run only the most workers")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds a run may take (default 3,600)")
    parser.add_argument("--stall", type=float, default=300, help="seconds without a database finished (default 300)")
    parser.add_argument("--database-url", default="", help="an empty database of your own (default: a new SQLite)")
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="estate-bench-"))
    url = args.database_url or f"sqlite:///{directory}/bench.sqlite3"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings",
           "TASKS_BACKEND": "django_tasks_db.DatabaseBackend", "DEBUG": "true", "LOG_LEVEL": "WARNING"}  # fmt: skip
    os.environ.update(env)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], check=True, env=env, cwd=ROOT)
    subprocess.run([*manage, "load_prices"], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)

    import django

    django.setup()
    counts = sorted({w for w in (1, 2, 4, 8, 16, 32) if w < args.workers} | {args.workers})
    counts = [args.workers] if args.no_baseline else counts
    databases = varied_workloads(args.databases)
    distinct = len({w.model_dump_json() for _, w in databases})
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"{os.cpu_count()} cores (load {load}); {'SQLite' if url.startswith('sqlite') else url.split(':')[0]}; "
        f"{len(databases):,} databases ({distinct:,} distinct workloads); runs: "
        + ", ".join(f"{w} worker{'s' * (w > 1)} over {len(databases) * w // args.workers:,}" for w in counts)
    )
    if args.workers > (os.cpu_count() or 1):
        print(f"note: {args.workers} workers share {os.cpu_count()} cores: the throughput cannot pass about "
              f"{os.cpu_count()} times one worker's")  # fmt: skip
    results: list[Figures] = []
    try:
        for workers in counts:
            results.append(run(databases[: len(databases) * workers // args.workers], workers, env, directory, args))
            f = results[-1]
            print(f"{workers} worker{'s' * (workers > 1)}: {f.done:,} done, {f.failed:,} failed in {f.wall:.1f} s")
    except Stopped as stopped:
        print(f"stopped: {stopped}\n(the database and worker logs are kept in {directory})", file=sys.stderr)
        print(table(results))
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        print(f"interrupted; the database and worker logs are kept in {directory}", file=sys.stderr)
        raise SystemExit(130) from None
    print(table(results))
    from advisor.estates.models import Estate

    biggest = max(Estate.objects.filter(file_name__startswith="bench-"), key=lambda e: e.databases.count())
    print(totals_read(biggest))
    shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
