"""Production mode must be safe: it refuses to start without a secret and passes check --deploy."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deploy_check() -> None:
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="false",
        SECRET_KEY="x" * 64 + "-Prod-Secret-Key-With-Variety-123!",
        ALLOWED_HOSTS="advisor.example.com",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = manage("check", DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is false" in result.stderr


def test_a_malformed_boolean_setting_is_named() -> None:
    result = manage("check", DEBUG="maybe")
    assert "DEBUG='maybe': use true or false" in result.stderr


def test_a_malformed_proxy_count_is_named() -> None:
    result = manage("check", TRUSTED_PROXY_COUNT="-1")
    assert "TRUSTED_PROXY_COUNT='-1': use a whole number, 0 or more" in result.stderr


PROD_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "x" * 64 + "-Prod-Secret-Key-With-Variety-123!",
    "ALLOWED_HOSTS": "advisor.example.com",
}

SHOW_HEADERS = """
from django.test import Client
response = Client().get("/healthz", secure=True, HTTP_HOST="advisor.example.com")
for name in ("Content-Security-Policy", "Strict-Transport-Security", "Referrer-Policy", "Permissions-Policy"):
    print(f"{name}: {response.headers.get(name, 'MISSING')}")
"""


def test_production_pages_carry_the_content_security_policy_and_security_headers() -> None:
    result = manage("shell", "-c", SHOW_HEADERS, **PROD_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    headers = dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert headers["Referrer-Policy"] == "same-origin"
    assert "camera=()" in headers["Permissions-Policy"]
