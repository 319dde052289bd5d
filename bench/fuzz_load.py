"""A bounded fuzzing load against gunicorn on 127.0.0.1: requests, 5xx count (goal 0), worker peak RSS (< 300 MiB).

Uses PostgreSQL when DATABASE_URL is set (and reachable), else the local SQLite file. Stops by itself after
``--seconds``. A plain threaded client (no locust): the mix is the eight hostile kinds of issue 16 plus
well-formed bodies, posted to every JSON endpoint and sent to the open forms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
JSON_APIS = ["/api/v1/workloads/validate", "/api/v1/verdicts", "/api/v1/recommendations", "/api/v1/iolimits",
             "/api/v1/estimate"]  # fmt: skip
BODIES = [
    '{"sizing":' * 3000 + "1" + "}" * 3000,
    '{"sizing": {"db_size_gib": ' + "9" * 5000 + "}}",
    '{"oracle": {"edition": "\\ud800"}}',
    '{"oracle": {"edition": "se2\\u0000"}}',
    json.dumps({"sizing": {"db_size_gib": 2**63}}),
    json.dumps(
        {
            "platform": "ec2",
            "instance": "m5.large",
            "volume": "gp3",
            "size_gib": 100,
            "volumes": 2**40,
            "io_size_kib": [5e-324],
        }
    ),  # fmt: skip
    '{"sizing": {"db_size_gib": 1e400}, "licences": {"discount_pct": "1e999999"}}',
    json.dumps({"sizing": {"horizon_years": "²"}}),
    "{}",
    json.dumps({"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": 100}),
    json.dumps(
        {
            "platform": "rds",
            "region": "us-east-1",
            "instance_class": "db.m5.large",
            "edition": "se2",
            "licence_model": "li",
        }
    ),  # fmt: skip
]
QUERIES = [
    ("/iolimits", {"platform": "ec2", "instance": "m5.large", "volume": "gp3", "size_gib": "²", "volumes": "9" * 300}),
    ("/estimate", {"platform": "rds", "region": "xx-invented-9", "size_gib": "1e400", "discount_pct": "1e999999"}),
    ("/estimate", {"platform": "rds", "region": "us-east-1"}),
    ("/rules", {"q": "\x00"}),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    port = free_port()
    env = {**os.environ, "DEBUG": "true", "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(args.workers),
         "--timeout", "30", "--log-level", "warning"],  # fmt: skip
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    counts = {"requests": 0, "5xx": 0, "errors": 0}
    lock = threading.Lock()
    peak = 0
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        stop = time.monotonic() + args.seconds

        def worker(seed: int) -> None:
            rng = random.Random(seed)
            while time.monotonic() < stop:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                try:
                    if rng.random() < 0.75:
                        body = rng.choice(BODIES).encode("utf-8", "surrogatepass")
                        conn.request("POST", rng.choice(JSON_APIS), body, {"Content-Type": "application/json"})
                    else:
                        path, query = rng.choice(QUERIES)
                        conn.request("GET", f"{path}?{urlencode(query)}")
                    status = conn.getresponse().status
                    with lock:
                        counts["requests"] += 1
                        counts["5xx"] += status >= 500
                except (OSError, http.client.HTTPException):
                    with lock:
                        counts["errors"] += 1
                finally:
                    conn.close()

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(args.threads)]
        for thread in threads:
            thread.start()
        while any(t.is_alive() for t in threads):
            peak = max([peak, *(rss_kib(pid) for pid in children(server.pid))])
            time.sleep(0.25)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    database = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    print(f"fuzz load: {args.seconds:.0f} s, {args.threads} threads, {args.workers} gunicorn workers, {database}")
    print(f"requests {counts['requests']}, 5xx {counts['5xx']} (goal 0), connection errors {counts['errors']}")
    print(f"worker peak RSS {peak / 1024:.0f} MiB (goal < 300 MiB)")
    return 0 if counts["5xx"] == 0 and peak < 300 * 1024 else 1


if __name__ == "__main__":
    sys.exit(main())
