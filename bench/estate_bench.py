"""Benchmark: an estate of 1,000 databases assessed by 2 database task workers (``manage.py db_worker``), as a
deployment runs it.

The databases are the golden scenarios (fixtures/scenarios/) with their sizes varied (CPU, memory, storage and IO
scaled by 0.5 to 3), so few recommendations repeat. A fresh SQLite database in a temporary directory holds the
estate and the committed price snapshots. Prints databases per second over the wall time and the per-database
assessment time (median, p95). Goal: the 1,000 in under 60 s with 2 workers. Asserts nothing.

Run: ``.venv/bin/python bench/estate_bench.py [--databases N] [--workers N]``.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCALES = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


def varied_workloads(count: int) -> list[tuple[str, object]]:
    from advisor.engine.scenarios import load_scenarios
    from advisor.engine.workload import WorkloadInvalid, parse_workload

    scenarios = load_scenarios()
    out: list[tuple[str, object]] = []
    i = 0
    while len(out) < count:
        scenario = scenarios[i % len(scenarios)]
        cpu, size, io = SCALES[i % 8], SCALES[(i // 8) % 8], SCALES[(i // 64) % 8]
        data = scenario.workload.model_dump(mode="json")
        sizing, ios = data["sizing"], data["io"]
        sizing["peak_cpu"] = round(sizing["peak_cpu"] * cpu, 1)
        sizing["average_cpu"] = round(min(sizing["average_cpu"] * cpu, sizing["peak_cpu"]), 1)
        sizing["sga_gib"] = round(sizing["sga_gib"] * cpu, 1)
        sizing["db_size_gib"] = round(sizing["db_size_gib"] * size, 1)
        for key in ("peak_read_iops", "peak_write_iops", "sustained_read_iops", "sustained_write_iops"):
            ios[key] = int(ios[key] * io)
        for key in ("peak_read_mib_s", "peak_write_mib_s"):
            ios[key] = round(ios[key] * io, 1)
        i += 1
        try:
            out.append((f"{scenario.name} #{i}", parse_workload(data)))
        except WorkloadInvalid:  # a scaling the contract refuses (e.g. SE2 past its limits): skip it
            continue
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="estate-bench-")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{directory}/bench.sqlite3", "DJANGO_SETTINGS_MODULE": "config.settings",
           "TASKS_BACKEND": "django_tasks_db.DatabaseBackend", "DEBUG": "true", "LOG_LEVEL": "WARNING"}  # fmt: skip
    os.environ.update(env)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], check=True, env=env, cwd=ROOT)
    subprocess.run([*manage, "load_prices"], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)

    import django

    django.setup()
    from advisor.estates import services
    from advisor.estates.engine.inventory import Inventory, InventoryRow
    from advisor.estates.models import EstateDatabase

    rows = tuple(InventoryRow(n + 2, name, w) for n, (name, w) in enumerate(varied_workloads(args.databases)))  # type: ignore[arg-type]
    estate = services.estate_from_inventory(inventory=Inventory("csv", rows, (), (), ()), name="bench")
    print(f"{len(rows)} databases queued ({len({r.workload.model_dump_json() for r in rows})} distinct workloads); "
          f"starting {args.workers} workers")  # fmt: skip
    started = time.perf_counter()
    workers = [subprocess.Popen([*manage, "db_worker", "--interval", "0.2", "--no-startup-delay", "--no-reload",
                                 "--worker-id", f"bench-{n}"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for n in range(args.workers)]  # fmt: skip
    try:
        pending = EstateDatabase.objects.filter(estate=estate, status__in=EstateDatabase.PENDING)
        while pending.exists():
            time.sleep(0.5)
        wall = time.perf_counter() - started
    finally:
        for worker in workers:
            worker.send_signal(signal.SIGINT)
        for worker in workers:
            try:
                worker.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()
    seconds = sorted(
        EstateDatabase.objects.filter(estate=estate).exclude(seconds=None).values_list("seconds", flat=True)
    )
    counts = dict((s, EstateDatabase.objects.filter(estate=estate, status=s).count()) for s in ("done", "failed"))
    p95 = seconds[max(0, int(len(seconds) * 0.95) - 1)] if seconds else 0.0
    print(f"{counts['done']} done, {counts['failed']} failed in {wall:.1f} s wall with {args.workers} workers: "
          f"{len(seconds) / wall:.1f} databases/s")  # fmt: skip
    print(f"per database: median {statistics.median(seconds) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
          f"(goal: {args.databases} in under 60 s)")  # fmt: skip


if __name__ == "__main__":
    main()
