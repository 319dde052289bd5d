"""What the two fuzzing benches share (``fuzz_load.py``, ``fuzz_schema.py``): their own database, migrated, with the
price fixtures, a user signed in by an API token and one saved assessment; gunicorn and a ``db_worker`` on
127.0.0.1; the servers' peak memory; the background work left when they stop, and the server's errors after a 5xx.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
SETUP = """
import json
from django.contrib.auth import get_user_model
from advisor import services
from advisor.apikeys.services import apikey_create
from advisor.engine.workload import parse_workload
user, _ = get_user_model().objects.get_or_create(username="fuzz-bench", defaults={"email": "fuzz@example.com"})
_, key = apikey_create(user=user, name="fuzz load")
workload = parse_workload({"oracle": {"edition": "ee", "licence_model": "byol"}, "sizing": {"db_size_gib": 300}})
saved = services.assessment_create(meta=services.AssessmentMeta(name="Fuzz"), workload=workload, owner=user)
print(json.dumps({"key": key, "assessment": str(saved.public_id)}))
"""
AFTER = """
from collections import Counter
from django_tasks_db.models import DBTaskResult
from advisor.estates.models import EstateDatabase
tasks = Counter(DBTaskResult.objects.values_list("status", flat=True))
failed = Counter(DBTaskResult.objects.filter(status="FAILED").values_list("exception_class_path", flat=True))
databases = Counter(EstateDatabase.objects.values_list("status", flat=True))
print(f"background tasks {dict(tasks)}; failed by exception {dict(failed)}; estate databases {dict(databases)}")
"""


def bench_env(folder: Path) -> tuple[dict[str, str], str]:
    """The servers' environment and database URL: a fresh SQLite file in ``folder``, or DATABASE_URL when set; the
    API rate limit lifted so requests reach the endpoints."""
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'fuzz.sqlite3'}"
    env = {**os.environ, "DEBUG": "true", "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR",
           "DATABASE_URL": database_url, "API_RATE_LIMIT": "1000000/m"}  # fmt: skip
    return env, database_url


def database_name(database_url: str) -> str:
    return "PostgreSQL" if database_url.startswith("postgres") else "SQLite"


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


def prepare(env: dict[str, str]) -> dict[str, Any]:
    """Migrate the bench's database, load the price fixtures, add the user, its token and one saved assessment."""
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "--noinput"], ["load_prices"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    made = subprocess.run([*manage, "shell", "--no-imports", "-c", SETUP], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)  # fmt: skip
    return dict(json.loads(made.stdout.strip().splitlines()[-1]))


def start_servers(
    servers: list[subprocess.Popen[bytes]],
    env: dict[str, str],
    port: int,
    workers: int,
    log: IO[bytes],
    worker_options: tuple[str, ...] = (),
) -> None:
    """gunicorn with ``workers`` workers on 127.0.0.1:``port`` and a ``db_worker``, added to ``servers`` as each
    starts (so a caller's ``stop_servers`` ends what did start); returns once the port answers, or after 30 s."""
    servers.append(subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", str(workers),
         "--timeout", "30", "--log-level", "warning"], cwd=ROOT, env=env, start_new_session=True, stderr=log))  # fmt: skip
    servers.append(subprocess.Popen([sys.executable, "manage.py", "db_worker", *worker_options], cwd=ROOT, env=env,
                                    start_new_session=True, stdout=subprocess.DEVNULL, stderr=log))  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.2)


@dataclass
class Peaks:
    """The servers' peak resident memory seen so far, KiB: gunicorn's workers (the largest) and the db_worker."""

    gunicorn: int = 0
    db_worker: int = 0

    def sample(self, servers: list[subprocess.Popen[bytes]]) -> None:
        self.gunicorn = max([self.gunicorn, *(rss_kib(pid) for pid in children(servers[0].pid))])
        self.db_worker = max(self.db_worker, rss_kib(servers[1].pid))


def stop_servers(servers: list[subprocess.Popen[bytes]], stack: contextlib.ExitStack, env: dict[str, str]) -> str:
    """Stop the servers, close what ``stack`` holds (the server log), and say what background work the run left
    (tasks that failed are server errors too); "" when no server started."""
    for server in servers:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    stack.close()
    if not servers:
        return ""
    after = subprocess.run([sys.executable, "manage.py", "shell", "--no-imports", "-c", AFTER], cwd=ROOT, env=env,
                           capture_output=True, text=True)  # fmt: skip
    return after.stdout.strip() or after.stderr.strip()[-2000:]


def show_server_errors(stats: dict[str, Counter[str]], log: Path) -> None:
    """After any 5xx, the server log's last error lines on stderr."""
    if any(c["5xx"] for c in stats.values()) and log.is_file():
        errors = [line for line in log.read_text(errors="replace").splitlines()
                  if "Error" in line or "Traceback" in line or "Internal Server Error" in line]  # fmt: skip
        print("\n".join(errors[-40:]), file=sys.stderr)
