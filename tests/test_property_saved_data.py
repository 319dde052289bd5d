"""Property-based, the saved-data side: the JSON API that reads and writes saved data (assessments, estates, AWR
imports, bearer tokens) and the signed-in pages' forms, given generated hostile bodies, fields and files (NUL, lone
surrogates, huge integers, deep nesting, random bytes as files, oversize names), never answer a 5xx.

Each endpoint gets a few seconds: modest ``max_examples``, no deadline, derandomized so a failure reproduces. The
estates' background work runs on commit, which these per-test transactions never reach: only the request's own
reading and validation are exercised here (the bench drives the rest, bench/fuzz_load.py)."""

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from advisor.accounts.teams import team_create
from advisor.apikeys.services import apikey_create
from advisor.awr.models import ReportFile, ReportImport
from advisor.estates.models import Estate, EstateDatabase, EstateUpload
from tests.test_property_endpoints import HOSTILE_NUMBERS, HOSTILE_TEXT

pytestmark = pytest.mark.django_db
FAST = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)

TEXT = st.sampled_from(HOSTILE_TEXT) | st.text(max_size=30)
FIELD = st.sampled_from(["", "\x00", "²", "1e400", "-1", "nan", "9" * 400, str(2**63), "x" * 300, "on", "1"])
# JSON values of every kind, including ones past any field's range
ANY_JSON = st.recursive(
    st.sampled_from([None, True, *HOSTILE_NUMBERS]) | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
RAW_JSON = st.sampled_from(['{"a":' * 200 + "1" + "}" * 200, '{"name": ' + "7" * 4400 + "}", '{"name": NaN}',
                            '{"assessments": [' + "[" * 300 + "]" * 300 + "]}", "[]", "not json", '"\\ud800"',
                            '{"name": "\\u0000"}', '{"name": "\\ud800"}', ""])  # fmt: skip
FILE_NAMES = st.sampled_from(["", "\x00.csv", "x" * 300 + ".csv", "../../etc/passwd", "é²\ud800.zip", "a.csv",
                              "a.xlsx", "a.zip", "a.html", "a.txt", "a.out", "a.lst", "noext"])  # fmt: skip

INVENTORY_HEADER = "name,edition,licence_model,processor_licences_owned,region,peak_cpu,db_size_gib,multi_az,features"
CELL = st.sampled_from(["ee", "se2", "byol", "li", "us-east-1", "4", "300", "yes"]) | FIELD | st.text(max_size=12)


# Inventories that read as inventories, each with one hostile kind in its cells (always tried, besides the generated)
KNOWN_INVENTORIES = [
    (
        "nul-names.csv",
        f"{INVENTORY_HEADER}\nERP\x00,ee,byol,4,us-east-1,4,300,yes,\n\x00,se2,li,0,eu-west-1,2,150,yes,\n",
    ),
    ("huge.csv", f"{INVENTORY_HEADER}\nBig,ee,byol,{'9' * 400},us-east-1,{2**64},{'9' * 4000},yes,\n"),
    (
        "odd.csv",
        f"{INVENTORY_HEADER}\n\ud800,ee,byol,4,us-east-1,nan,inf,yes,\nx{'y' * 500},se2,li,-1,xx-1,1e400,²,maybe,\n",
    ),
]


def _csv(rows: list[list[str]]) -> bytes:
    lines = [INVENTORY_HEADER, *(",".join(cells) for cells in rows)]
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _awr_text(figure: str) -> bytes:
    """A text AWR report's load profile with one figure replaced by ``figure``."""
    return ("WORKLOAD REPOSITORY report for\n\nDB Name         DB Id    Instance     Inst Num Startup Time\n"
            "ORCL          1234567890 orcl               1 01-Jan-24 00:00\n\nLoad Profile  Per Second  Per Transaction\n"
            f"DB CPU(s): {figure} 1.0\nPhysical read (blocks): {figure} 2.0\n").encode("utf-8", "surrogatepass")  # fmt: skip


def _miner(figure: str) -> bytes:
    return ("~~BEGIN-OS-INFORMATION~~\nNUM_CPUS " + figure + "\n~~END-OS-INFORMATION~~\n"
            "~~BEGIN-MAIN-METRICS~~\nsnap|end|dur_m|os_cpu\n1|2024|60|" + figure + "\n~~END-MAIN-METRICS~~\n").encode(
        "utf-8", "surrogatepass")  # fmt: skip


ZIP_LIKE = [b"PK\x03\x04" + b"\x00" * 26, b"PK\x05\x06" + b"\xff" * 18, b"PK\x03\x04\x14\x00\x08\x08" + b"\x01" * 200]
FIGURES = st.sampled_from(["9" * 400, "NaN", "-5", "-1e308", "1e400", "inf", "²", "\x00", "0"])
CONTENT = (
    st.binary(max_size=600)
    | st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe" + "a,b\n".encode("utf-16-le"), *ZIP_LIKE])
    | st.lists(st.lists(CELL, min_size=1, max_size=10), min_size=1, max_size=3).map(_csv)
    | FIGURES.map(_awr_text)
    | FIGURES.map(_miner)
)
FILES = st.tuples(FILE_NAMES, CONTENT)

# Real reports (../shared/data/awr-samples: AWR text, Statspack, AWR-Miner) with some of their printed numbers
# replaced by hostile figures, so that the files are recognised and their figures reach the readers.
SAMPLES = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "awr-samples"
REPORTS = [
    SAMPLES / "jas-min" / "awrrpt_1_2668_2669.txt",
    SAMPLES / "jas-min" / "sp_70371_70372.txt",
    SAMPLES / "aws-awr-miner" / "dbcsi_awr_sample01.out",
    SAMPLES / "aws-awr-miner" / "dbcsi_statspack_sample01.out",
]
REPORT_TEXTS = [p.read_text(encoding="utf-8", errors="replace") for p in REPORTS if p.is_file()]
NUMBER_SPANS = [[m.span() for m in re.finditer(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])", t)] for t in REPORT_TEXTS]


def _report_with(which: int, changes: list[tuple[int, str]]) -> tuple[str, bytes]:
    text, spans = REPORT_TEXTS[which % len(REPORT_TEXTS)], NUMBER_SPANS[which % len(REPORT_TEXTS)]
    picked = sorted({spans[at % len(spans)]: figure for at, figure in changes}.items(), reverse=True)
    for (start, end), figure in picked:  # from the end, so earlier spans stay where they were
        text = text[:start] + figure + text[end:]
    return REPORTS[which % len(REPORT_TEXTS)].name, text.encode("utf-8", "surrogatepass")


HOSTILE_REPORTS = (
    st.builds(
        _report_with, st.integers(0, 3), st.lists(st.tuples(st.integers(0, 10**6), FIGURES), min_size=1, max_size=8)
    )  # fmt: skip
    if REPORT_TEXTS
    else st.nothing()
)
AWR_FILES = st.one_of(FILES, HOSTILE_REPORTS)


FORM = "application/x-www-form-urlencoded"


def encoded(fields: dict[str, Any]) -> str:
    """Fields as a query string or url-encoded body, lone surrogates sent as the bytes a client would send (the
    test client's own encoder refuses them); list values repeat their name."""
    pairs = [(k, v) for k, vs in fields.items() for v in (vs if isinstance(vs, list) else [vs])]
    return "&".join(f"{_q(k)}={_q(v)}" for k, v in pairs)


def _q(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


BOUNDARY = "fuzz-boundary-7MA4YWxkTrZu0gW"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"


def multipart(fields: dict[str, str], files: list[tuple[str, str, bytes]]) -> bytes:
    """A multipart body written by hand, so that file names can be anything a client could send (the test client's
    own encoder refuses empty or path-like names): ``files`` are (field, file name, content)."""
    parts = []
    for name, value in fields.items():
        head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
        parts.append(head.encode() + value.encode("utf-8", "surrogatepass") + b"\r\n")
    for field, file_name, content in files:
        quoted = file_name.replace("\\", "\\\\").replace('"', '\\"')
        head = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{field}"; filename="{quoted}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n")  # fmt: skip
        parts.append(head.encode("utf-8", "surrogatepass") + content + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


@pytest.fixture(autouse=True)
def _no_rate_limit(settings: Any) -> None:
    """Each test sends more than the API's per-client rate in a minute: lift it, so every body reaches its view."""
    settings.API_RATE_LIMIT = "1000000/m"


def _no_server_error(answer: Any, sent: Any) -> None:
    """Below 500, and not 429: a rate-limited request would say nothing about the endpoint."""
    assert answer.status_code < 500, (repr(sent)[:400], answer.status_code, answer.content[:300])
    assert answer.status_code != 429, "rate-limited: the input never reached the view"


def _unstorable(value: Any) -> bool:
    """What PostgreSQL refuses and SQLite keeps: NUL or a lone surrogate in text, NaN or Infinity in JSON."""
    if isinstance(value, str):
        return "\x00" in value or any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    if isinstance(value, dict):
        return any(_unstorable(k) or _unstorable(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_unstorable(v) for v in value)
    return False


def _saved_rows_storable_on_postgresql(*models: Any) -> None:
    """These tests run on SQLite, which stores what PostgreSQL refuses (there a 500): nothing saved may hold it."""
    for model in models:
        fields = [f.attname for f in model._meta.concrete_fields if f.get_internal_type() in TEXT_TYPES]
        for row in model.objects.values("pk", *fields):
            bad = [name for name in fields if _unstorable(row[name])]
            assert not bad, f"{model.__name__} {row['pk']}: {bad} hold NUL, a lone surrogate, NaN or Infinity"


TEXT_TYPES = {"CharField", "TextField", "JSONField", "FileField"}
ESTATE_MODELS = (Estate, EstateDatabase, EstateUpload)
AWR_MODELS = (ReportImport, ReportFile)


# --- the saved-data JSON API -------------------------------------------------------------------------------------


ESTATE_JSON = st.fixed_dictionaries(
    {},
    optional={"name": ANY_JSON, "customer": ANY_JSON, "team": ANY_JSON,
              "assessments": ANY_JSON | st.lists(TEXT, max_size=5), "extra" * 3: ANY_JSON},
).map(lambda d: json.dumps(d, allow_nan=True)) | RAW_JSON  # fmt: skip


def test_no_generated_json_estate_gets_a_server_error(client: Client, prices: None) -> None:
    @FAST
    @given(body=ESTATE_JSON)
    def check(body: str) -> None:
        raw = body.encode("utf-8", "surrogatepass")
        _no_server_error(client.post("/api/v1/estates", raw, content_type="application/json"), body)
        _saved_rows_storable_on_postgresql(*ESTATE_MODELS)

    check()


def test_no_generated_estate_upload_gets_a_server_error(client: Client, user: Any, prices: None) -> None:
    team = team_create(user=user, name="Team A")
    fields = st.fixed_dictionaries({}, optional={"name": FIELD | TEXT, "customer": FIELD, "mask": FIELD,
                                                 "team": FIELD | st.just(str(team.pk))})  # fmt: skip

    @example(file=(KNOWN_INVENTORIES[0][0], KNOWN_INVENTORIES[0][1].encode()), data={})
    @example(file=(KNOWN_INVENTORIES[1][0], KNOWN_INVENTORIES[1][1].encode()), data={"name": "\x00"})
    @example(file=(KNOWN_INVENTORIES[2][0], KNOWN_INVENTORIES[2][1].encode("utf-8", "surrogatepass")), data={})
    @FAST
    @given(file=st.none() | FILES, data=fields)
    def check(file: tuple[str, bytes] | None, data: dict[str, str]) -> None:
        body = multipart(data, [] if file is None else [("file", *file)])
        _no_server_error(client.post("/api/v1/estates", body, content_type=MULTIPART), (file, data))
        _saved_rows_storable_on_postgresql(*ESTATE_MODELS)

    check()


def test_no_generated_awr_import_gets_a_server_error(client: Client, prices: None) -> None:
    @settings(FAST, max_examples=40)
    @given(files=st.lists(AWR_FILES, max_size=3), mask=st.none() | FIELD)
    def check(files: list[tuple[str, bytes]], mask: str | None) -> None:
        query = "" if mask is None else "?" + encoded({"mask": mask})
        body = multipart({}, [("files", *f) for f in files])
        _no_server_error(client.post("/api/v1/awr/imports" + query, body, content_type=MULTIPART), (files, mask))
        _saved_rows_storable_on_postgresql(*AWR_MODELS)

    check()


SEGMENTS = st.sampled_from(["00000000-0000-0000-0000-000000000000", "not-a-uuid", "%00", "%ED%A0%80", "9" * 400,
                            "..", "x" * 2000, "%C2%B2"]) | st.text(max_size=20).map(lambda s: quote(s, safe=""))  # fmt: skip
READS = ["/api/v1/assessments/{}", "/api/v1/estates/{}", "/api/v1/estates/{}/databases", "/api/v1/awr/imports/{}"]


@pytest.mark.parametrize("shape", READS)
def test_no_generated_id_breaks_a_saved_data_read(client: Client, shape: str) -> None:
    @FAST
    @given(segment=SEGMENTS, query=st.dictionaries(TEXT, TEXT, max_size=2))
    def check(segment: str, query: dict[str, str]) -> None:
        path = shape.format(segment)
        _no_server_error(client.get(f"{path}?{encoded(query)}"), (path, query))
        if shape == "/api/v1/estates/{}":
            _no_server_error(client.delete(path), path)

    check()


def test_no_generated_bearer_token_gets_a_server_error(anon_client: Client, user: Any) -> None:
    _, key = apikey_create(user=user, name="bench")
    tokens = TEXT | st.sampled_from([key, key + "\x00", key.upper(), key * 50, "é" + key]) | st.binary(max_size=40).map(
        lambda b: b.decode("latin-1"))  # fmt: skip

    @FAST
    @given(token=tokens, scheme=st.sampled_from(["Bearer ", "bearer ", "Basic ", "", "Bearer  "]))
    def check(token: str, scheme: str) -> None:
        header = {"HTTP_AUTHORIZATION": scheme + token}
        for path in ("/api/v1/assessments", "/api/v1/estates"):
            _no_server_error(anon_client.get(path, **header), (scheme, token))
        _no_server_error(anon_client.post("/api/v1/estates", "{}", content_type="application/json", **header), token)

    check()


# --- the signed-in pages' forms ----------------------------------------------------------------------------------


def test_no_generated_estate_form_breaks_the_page(client: Client, prices: None) -> None:
    @example(file=(KNOWN_INVENTORIES[0][0], KNOWN_INVENTORIES[0][1].encode()), data={})
    @example(file=(KNOWN_INVENTORIES[1][0], KNOWN_INVENTORIES[1][1].encode()), data={"name": "\x00"})
    @example(file=(KNOWN_INVENTORIES[2][0], KNOWN_INVENTORIES[2][1].encode("utf-8", "surrogatepass")), data={})
    @FAST
    @given(file=st.none() | FILES, data=st.fixed_dictionaries({}, optional=dict.fromkeys(
        ("name", "customer", "team", "mask"), FIELD | TEXT)))  # fmt: skip
    def check(file: tuple[str, bytes] | None, data: dict[str, str]) -> None:
        body = multipart(data, [] if file is None else [("file", *file)])
        _no_server_error(client.post("/estates/new/", body, content_type=MULTIPART), (file, data))
        _saved_rows_storable_on_postgresql(*ESTATE_MODELS)

    check()


def test_no_generated_selection_breaks_the_estate_from_assessments_form(client: Client, saved_assessment: Any) -> None:
    ids = st.lists(SEGMENTS | st.just(str(saved_assessment.public_id)), max_size=4)

    @FAST
    @given(assessments=ids, data=st.fixed_dictionaries({}, optional=dict.fromkeys(("name", "customer", "team"), FIELD)))
    def check(assessments: list[str], data: dict[str, str]) -> None:
        body = {**data, "assessments": assessments}
        _no_server_error(client.post("/estates/from-assessments/", encoded(body), content_type=FORM), body)
        _saved_rows_storable_on_postgresql(*ESTATE_MODELS)

    check()


def test_no_generated_awr_upload_breaks_the_page(client: Client, prices: None) -> None:
    @FAST
    @given(files=st.lists(AWR_FILES, max_size=3), mask=st.none() | FIELD)
    def check(files: list[tuple[str, bytes]], mask: str | None) -> None:
        body = multipart({} if mask is None else {"mask": mask}, [("files", *f) for f in files])
        _no_server_error(client.post("/import/awr/", body, content_type=MULTIPART), (files, mask))
        _saved_rows_storable_on_postgresql(*AWR_MODELS)

    check()


def test_no_generated_workload_file_breaks_the_import_page(client: Client, prices: None) -> None:
    @FAST
    @given(file=st.none() | FILES, text=st.none() | RAW_JSON | ANY_JSON.map(lambda v: json.dumps(v, allow_nan=True)))
    def check(file: tuple[str, bytes] | None, text: str | None) -> None:
        body = multipart({} if text is None else {"text": text}, [] if file is None else [("file", *file)])
        _no_server_error(client.post("/assessments/import/", body, content_type=MULTIPART), (file, text))

    check()


def test_no_generated_team_fields_break_the_team_pages(client: Client, user: Any) -> None:
    team = team_create(user=user, name="Team A")

    @FAST
    @given(name=FIELD | TEXT, who=FIELD | TEXT | st.just("alice@example.com"), role=FIELD | st.just("editor"))
    def check(name: str, who: str, role: str) -> None:
        named = encoded({"name": name})
        _no_server_error(client.post("/account/teams/", named, content_type=FORM), name)
        member = encoded({"who": who, "role": role})
        _no_server_error(client.post(f"/account/teams/{team.pk}/", member, content_type=FORM), (who, role))
        _no_server_error(client.post(f"/account/teams/{team.pk}/rename", named, content_type=FORM), name)

    check()


def test_no_generated_share_or_team_choice_breaks_the_share_page(client: Client, saved_assessment: Any) -> None:
    base = f"/a/{saved_assessment.public_id}"

    @FAST
    @given(days=FIELD | TEXT, team=FIELD | TEXT)
    def check(days: str, team: str) -> None:
        _no_server_error(client.post(f"{base}/share/", encoded({"days": days}), content_type=FORM), days)
        _no_server_error(client.post(f"{base}/team", encoded({"team": team}), content_type=FORM), team)

    check()


def test_no_generated_token_name_breaks_the_token_page(client: Client) -> None:
    @FAST
    @given(name=FIELD | TEXT, revoke=SEGMENTS)
    def check(name: str, revoke: str) -> None:
        _no_server_error(client.post("/account/tokens/", encoded({"name": name}), content_type=FORM), name)
        _no_server_error(client.post(f"/account/tokens/{revoke}/revoke"), revoke)

    check()
