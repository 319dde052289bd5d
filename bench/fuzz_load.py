"""A bounded fuzzing load against gunicorn on 127.0.0.1: requests, 5xx per endpoint (goal 0), 429s, worker peak RSS
(goal < 300 MiB).

Its own database: a fresh SQLite file in a temporary folder, migrated, with the price fixtures, one user, an API
token and a saved assessment; or, when DATABASE_URL is set, that database (give it one of its own, never the
suite's: the bench migrates it and adds the user ``fuzz-bench``). The server runs with the API rate limit lifted
(API_RATE_LIMIT), so requests reach the endpoints, and a ``db_worker`` runs the estates' and imports' background
work. Stops by itself after ``--seconds``. A plain threaded client (no locust): the mix is the hostile kinds of
issue 16 plus well-formed bodies, posted to every compute endpoint, to the saved-data API signed in with the token
(assessments, estates from saved assessments, inventories and ZIPs of reports, AWR imports; hostile files among
them), to the open forms, and with hostile bearer tokens.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import io
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import zipfile
from collections import Counter
from pathlib import Path
from urllib.parse import quote, urlencode

from fuzz_common import (  # bench/ is on the path when this file is run
    ROOT,
    Peaks,
    bench_env,
    database_name,
    free_port,
    prepare,
    show_server_errors,
    start_servers,
    stop_servers,
)

SAMPLES = ROOT.parent / "shared" / "data" / "awr-samples"
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
HOSTILE = ["", "\x00", "\ud800", "9" * 400, "²", "x" * 300, "nan", "-1", str(2**63)]
FIGURES = ["9" * 400, "NaN", "-5", "-1e308", "1e400", "inf", "²", "\x00"]
HEADER = "name,edition,licence_model,processor_licences_owned,region,peak_cpu,db_size_gib,multi_az,features"
INVENTORIES = [
    f"{HEADER}\nERP,ee,byol,4,us-east-1,4,300,yes,partitioning\nShop,se2,li,0,eu-west-1,2,150,yes,\n",
    f"{HEADER}\nERP\x00,ee,byol,4,us-east-1,4,300,yes,\n\x00,se2,li,0,eu-west-1,2,150,yes,\n",  # NUL names
    f"{HEADER}\nBig,ee,byol,{'9' * 400},us-east-1,{2**64},{'9' * 4000},yes,\n",  # numbers past any column
    f"{HEADER}\n\ud800,ee,byol,4,us-east-1,nan,inf,yes,\nx{'y' * 5000},se2,li,-1,xx-invented-9,1e400,²,maybe,\n",
]


def _mutated(path: Path, rng: random.Random) -> bytes:
    """A real report with a few printed numbers replaced by hostile figures (400 digits, NaN, negative, ...)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    spans = [m.span() for m in re.finditer(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])", text)]
    for start, end in sorted(rng.sample(spans, min(6, len(spans))), reverse=True):
        text = text[:start] + rng.choice(FIGURES) + text[end:]
    return text.encode("utf-8", "surrogatepass")


def _report_files(rng: random.Random) -> list[tuple[str, bytes]]:
    """One to three small files for an AWR import: mutated AWR-Miner / Statspack reports, or noise."""
    reports = [p for p in (SAMPLES / "aws-awr-miner").glob("*.out")] + [SAMPLES / "jas-min" / "sp_70371_70372.txt"]
    files = []
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.6 and all(p.is_file() for p in reports):
            path = rng.choice(reports)
            files.append((path.name, _mutated(path, rng) if rng.random() < 0.8 else path.read_bytes()))
        elif roll < 0.8:
            files.append(
                (rng.choice(["x.out", "", "\x00.txt", "é" * 200 + ".html"]), rng.randbytes(rng.randint(0, 4096)))
            )
        else:
            files.append(
                ("r.txt", ("Load Profile\nDB CPU(s): " + rng.choice(FIGURES) + "\n").encode("utf-8", "surrogatepass"))
            )
    return files  # fmt: skip


def _estate_file(rng: random.Random) -> tuple[str, bytes]:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(["estate.csv", "e.CSV", "\x00.csv", "x" * 300 + ".csv"]), rng.choice(INVENTORIES).encode(
            "utf-8", "surrogatepass")  # fmt: skip
    if roll < 0.75:
        buffer = io.BytesIO()
        with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            warnings.simplefilter("ignore", UserWarning)  # duplicate member names are one of the hostile kinds
            for n, (name, data) in enumerate(_report_files(rng)):
                archive.writestr(f"db{n % 2}/{name or 'noname'}", data)
        return "reports.zip", buffer.getvalue()
    return rng.choice(["x.xlsx", "x.zip", "x.csv", ""]), rng.randbytes(rng.randint(0, 4096))


BOUNDARY = "fuzzload7MA4YWxkTrZu0gW"


def _multipart(fields: dict[str, str], files: list[tuple[str, str, bytes]]) -> bytes:
    """A multipart body written by hand: field values and file names may hold NUL or lone surrogates."""
    parts = []
    for name, value in fields.items():
        head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
        parts.append(head.encode() + value.encode("utf-8", "surrogatepass") + b"\r\n")
    for field, file_name, data in files:
        disposition = f'form-data; name="{field}"; filename="{file_name.replace(chr(34), "")}"'
        head = f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\nContent-Type: application/octet-stream\r\n\r\n"
        parts.append(head.encode("utf-8", "surrogatepass") + data + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


class Mix:
    """Picks one request: (endpoint label, method, path, body, headers). Remembers the estates and imports made, to
    read them back."""

    def __init__(self, key: str, assessment: str) -> None:
        self.bearer = {"Authorization": f"Bearer {key}"}
        self.assessment = assessment
        self.made: dict[str, list[str]] = {"estates": [], "awr/imports": []}
        self.lock = threading.Lock()

    def pick(self, rng: random.Random) -> tuple[str, str, str, bytes, dict[str, str]]:
        roll, json_type = rng.random(), {"Content-Type": "application/json"}
        if roll < 0.35:
            path = rng.choice(JSON_APIS)
            return path, "POST", path, rng.choice(BODIES).encode("utf-8", "surrogatepass"), json_type
        if roll < 0.45:
            path, query = rng.choice(QUERIES)
            return path, "GET", f"{path}?{urlencode(query)}", b"", {}
        if roll < 0.55:
            files = [("files", n, d) for n, d in _report_files(rng)]
            mask = rng.choice(["", "?mask=true", "?mask=" + quote("\x00")])
            return "POST /api/v1/awr/imports", "POST", "/api/v1/awr/imports" + mask, _multipart({}, files), self._form()
        if roll < 0.65:
            fields = {"name": rng.choice(HOSTILE + ["Fuzz estate"]), "customer": rng.choice(HOSTILE),
                      "mask": rng.choice(["true", "false", "\x00"]), "team": rng.choice(["", "1", "9" * 30, "x"])}  # fmt: skip
            body = _multipart(fields, [("file", *_estate_file(rng))])
            return "POST /api/v1/estates (file)", "POST", "/api/v1/estates", body, self._form()
        if roll < 0.72:
            data = {"name": rng.choice(HOSTILE + ["Saved"]), "assessments": rng.choice(
                [[self.assessment], [self.assessment, "\x00"], ["9" * 400], [self.assessment] * 3, "x", [[[]]]])}  # fmt: skip
            body = json.dumps(data).encode("utf-8", "surrogatepass")
            return "POST /api/v1/estates (json)", "POST", "/api/v1/estates", body, {**self.bearer, **json_type}
        if roll < 0.9:
            return self._read(rng)
        token = rng.choice(["", "\x00", "x" * 5000, self.bearer["Authorization"][7:] + "é", "Bearer"])
        headers = {"Authorization": "Bearer " + token.encode("utf-8").decode("latin-1")}
        return "GET /api/v1/assessments (bad token)", "GET", "/api/v1/assessments", b"", headers

    def _form(self) -> dict[str, str]:
        return {**self.bearer, "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"}

    def _read(self, rng: random.Random) -> tuple[str, str, str, bytes, dict[str, str]]:
        kind = rng.choice(["assessments", "estates", "awr/imports"])
        with self.lock:
            made = list(self.made.get(kind, []))
        one = rng.choice(made or [self.assessment]) if kind != "assessments" else self.assessment
        if rng.random() < 0.3:
            one = rng.choice(["not-a-uuid", "%00", "9" * 400, "00000000-0000-0000-0000-000000000000"])
        if kind != "awr/imports" and rng.random() < 0.4:
            return f"GET /api/v1/{kind}", "GET", f"/api/v1/{kind}", b"", self.bearer
        suffix = "/databases" if kind == "estates" and rng.random() < 0.5 else ""
        label = f"GET /api/v1/{kind}/{{id}}{suffix}"
        return label, "GET", f"/api/v1/{kind}/{one}{suffix}", b"", self.bearer

    def remember(self, label: str, status: int, body: bytes) -> None:
        kind = (
            "estates" if label.startswith("POST /api/v1/estates") else "awr/imports" if "awr/imports" in label else ""
        )
        if kind and status in (201, 202):
            try:
                found = json.loads(body).get("id")
            except ValueError:
                return
            with self.lock:
                self.made[kind] = [*self.made[kind][-50:], str(found)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="fuzz-load-"))
    env, database_url = bench_env(folder)
    port = free_port()
    servers: list[subprocess.Popen[bytes]] = []
    stats: dict[str, Counter[str]] = {}
    counts = Counter[str]()
    lock = threading.Lock()
    peaks = Peaks()
    stack = contextlib.ExitStack()
    background = ""
    try:
        made = prepare(env)
        mix = Mix(made["key"], made["assessment"])
        log = stack.enter_context((folder / "server.log").open("wb"))  # warnings and tracebacks, shown after a 5xx
        start_servers(servers, env, port, args.workers, log)
        stop = time.monotonic() + args.seconds

        def worker(seed: int) -> None:
            rng = random.Random(seed)
            while time.monotonic() < stop:
                label, method, path, body, headers = mix.pick(rng)
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                try:
                    conn.request(method, path, body or None, headers)
                    answer = conn.getresponse()
                    content = answer.read()
                    mix.remember(label, answer.status, content)
                    with lock:
                        stats.setdefault(label, Counter())["requests"] += 1
                        stats[label]["5xx"] += answer.status >= 500
                        stats[label]["429"] += answer.status == 429
                except (OSError, http.client.HTTPException):
                    with lock:
                        counts["errors"] += 1
                finally:
                    conn.close()

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(args.threads)]
        for thread in threads:
            thread.start()
        while any(t.is_alive() for t in threads):
            peaks.sample(servers)
            time.sleep(0.25)
    finally:
        background = stop_servers(servers, stack, env)
        show_server_errors(stats, folder / "server.log")
        shutil.rmtree(folder, ignore_errors=True)
    database = database_name(database_url)
    total = sum((c for c in stats.values()), Counter[str]())
    print(f"fuzz load: {args.seconds:.0f} s, {args.threads} threads, {args.workers} gunicorn workers, {database}")
    print(f"{'endpoint':44} {'requests':>8} {'5xx':>5} {'429':>5}")
    for label in sorted(stats):
        print(f"{label:44} {stats[label]['requests']:8} {stats[label]['5xx']:5} {stats[label]['429']:5}")
    print(f"requests {total['requests']}, 5xx {total['5xx']} (goal 0), 429 {total['429']}, "
          f"connection errors {counts['errors']}")  # fmt: skip
    print(
        f"gunicorn worker peak RSS {peaks.gunicorn / 1024:.0f} MiB (goal < 300 MiB); "
        f"db_worker peak {peaks.db_worker / 1024:.0f} MiB"
    )
    print(background)
    failed = "'FAILED'" in background
    return 0 if total["5xx"] == 0 and not failed and peaks.gunicorn < 300 * 1024 else 1


if __name__ == "__main__":
    sys.exit(main())
