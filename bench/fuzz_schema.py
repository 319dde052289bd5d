"""Schemathesis against the API's own OpenAPI document (/api/v1/openapi.json), served by gunicorn on 127.0.0.1 with a
task worker beside it: every operation of the document gets requests built from its schema, valid ones (positive)
and ones breaking it (negative), signed in with an API token. Prints requests, 4xx and 5xx per endpoint (goal: 0 5xx
over at least 30,000 requests), the gunicorn workers' and the task worker's peak memory, and what the background
work left. Bounded: stops after ``--requests`` or ``--seconds``, whichever comes first. Loopback only.

Its own database like ``fuzz_load.py`` (a fresh SQLite file, or DATABASE_URL when set: give it one of its own). The
API rate limit is lifted so requests reach the endpoints. Requests are made by ``--clients`` processes, each taking
its share of the operations round after round (hypothesis draws new cases each round).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from fuzz_common import (  # bench/ is on the path when this file is run
    Peaks,
    bench_env,
    database_name,
    free_port,
    prepare,
    show_server_errors,
    start_servers,
    stop_servers,
)

ROUND = 25  # cases per operation and generation mode in one round


def _sender(
    strategy: Any,
    state: dict[str, Any],
    tally: Counter[str],
    label: str,
    url: str,
    session: Any,
    bearer: dict[str, str],
) -> Any:
    """One round of cases from ``strategy``, each sent and counted in ``tally``."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings

    @settings(max_examples=ROUND, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
              verbosity=Verbosity.quiet, print_blob=False)  # fmt: skip
    @given(case=strategy)
    def send(case: Any) -> None:
        if state["made"] >= state["budget"] or time.time() >= state["stop"]:
            return
        state["made"] += 1
        try:
            answer = case.call(base_url=url, session=session, timeout=60)
        except Exception:  # a request the client library refuses to send, or a dropped connection
            tally["errors"] += 1
            return
        tally["requests"] += 1
        tally["4xx"] += 400 <= answer.status_code < 500
        if answer.status_code >= 500:
            tally["5xx"] += 1
            state["examples"].setdefault(label, case.as_curl_command(headers=bearer))

    return send


def _client(job: tuple[str, str, list[int], int, float]) -> tuple[dict[str, dict[str, int]], dict[str, str]]:
    """One client process: schemathesis cases for its operations, round after round, until its share of requests is
    made or the time is up. Returns counts per endpoint and one example request per endpoint that answered 5xx."""
    import requests
    import schemathesis
    from schemathesis import GenerationMode

    url, key, mine, budget, stop = job
    bearer = {"Authorization": f"Bearer {key}"}
    schema = schemathesis.openapi.from_url(f"{url}/api/v1/openapi.json", headers=bearer, timeout=30)
    operations = [r.ok() for r in schema.get_all_operations()]
    operations = [op for n, op in enumerate(sorted(operations, key=lambda o: (o.path, o.method))) if n in mine]
    counts: dict[str, Counter[str]] = {}
    state: dict[str, Any] = {"made": 0, "budget": budget, "stop": stop, "examples": {}}
    examples: dict[str, str] = state["examples"]
    session = requests.Session()
    before = -1
    while state["made"] < budget and time.time() < stop and operations and state["made"] > before:
        before = state["made"]  # a round that sent nothing: done
        for operation in operations:
            label = f"{operation.method.upper()} {operation.path}"
            tally = counts.setdefault(label, Counter())
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                if state["made"] >= budget or time.time() >= stop:
                    break
                try:
                    strategy = operation.as_strategy(generation_mode=mode, headers=bearer)
                except Exception:  # an operation schemathesis cannot build cases for in this mode
                    continue

                send = _sender(strategy, state, tally, label, url, session, bearer)
                try:
                    send()
                except Exception as error:  # no case to generate (e.g. a negative case of a GET without parameters)
                    tally["no case"] += 1
                    examples.setdefault(f"{label} (no case)", f"{type(error).__name__}: {str(error)[:200]}")
    return {label: dict(c) for label, c in counts.items()}, examples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=30_000)
    parser.add_argument("--seconds", type=float, default=1800)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="fuzz-schema-"))
    env, database_url = bench_env(folder)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    servers: list[subprocess.Popen[bytes]] = []
    stats: dict[str, Counter[str]] = {}
    examples: dict[str, str] = {}
    peaks = Peaks()
    started = time.monotonic()
    stack = contextlib.ExitStack()
    background = ""
    try:
        made = prepare(env)
        log = stack.enter_context((folder / "server.log").open("wb"))
        start_servers(servers, env, port, args.workers, log, worker_options=("--no-reload",))
        import requests

        document = requests.get(f"{url}/api/v1/openapi.json", timeout=30).json()
        count = sum(1 for item in document["paths"].values() for m in item if m in {"get", "post", "put", "patch",
                                                                                     "delete"})  # fmt: skip
        stop = time.time() + args.seconds
        shares = [[n for n in range(count) if n % args.clients == c] for c in range(args.clients)]
        jobs = [(url, made["key"], share, args.requests // args.clients + 1, stop) for share in shares if share]
        with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
            pending = pool.map_async(_client, jobs)
            while not pending.ready():
                peaks.sample(servers)
                pending.wait(0.25)
            for counts, found in pending.get():
                for label, tally in counts.items():
                    stats.setdefault(label, Counter()).update(tally)
                examples.update(found)
    finally:
        background = stop_servers(servers, stack, env)
        show_server_errors(stats, folder / "server.log")
        shutil.rmtree(folder, ignore_errors=True)
    database = database_name(database_url)
    total = sum((c for c in stats.values()), Counter[str]())
    print(f"schemathesis from /api/v1/openapi.json: {time.monotonic() - started:.0f} s, {args.clients} clients, "
          f"{args.workers} gunicorn workers, {database}")  # fmt: skip
    print(f"{'endpoint':52} {'requests':>8} {'4xx':>7} {'5xx':>5}")
    for label in sorted(stats):
        c = stats[label]
        print(f"{label:52} {c['requests']:8} {c['4xx']:7} {c['5xx']:5}")
    reached = "reached" if total["requests"] >= 30_000 else "not reached: run longer"
    print(f"requests {total['requests']}, 5xx {total['5xx']} (goal 0 over at least 30,000: {reached}), "
          f"client errors {total['errors']}, rounds with no case to generate {total['no case']}")  # fmt: skip
    for label, example in sorted(examples.items()):
        print(f"  {label}: {example}")
    print(f"gunicorn worker peak RSS {peaks.gunicorn / 1024:.0f} MiB; db_worker peak {peaks.db_worker / 1024:.0f} MiB")
    print(background)
    return 0 if total["5xx"] == 0 and "'FAILED'" not in background else 1


if __name__ == "__main__":
    sys.exit(main())
