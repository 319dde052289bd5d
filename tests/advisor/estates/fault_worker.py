"""``manage.py db_worker`` for the fault test, in its own process: each database's assessment takes a moment longer
(so the test can kill the worker mid-estate) and is written to ``ASSESSED_LOG`` once its row is recorded; an estate
run counts as abandoned after 3 s of silence instead of 90 s and the watch looks every half second."""

import os
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from advisor.estates import tasks  # noqa: E402
from pricing.jobs import kinds, watch  # noqa: E402

assess_one = tasks._assess_one


def slow_and_logged(pk: int, workload: object, policy: object = None) -> str:
    time.sleep(float(os.environ.get("ASSESS_SECONDS", "0.3")))
    outcome = assess_one(pk, workload, policy)
    with open(os.environ["ASSESSED_LOG"], "a") as log:
        log.write(f"{pk}\n")
    return outcome


tasks._assess_one = slow_and_logged
tasks.STALE_AFTER = timedelta(seconds=3)
kinds.register_kind(tasks.KIND, stale_after=tasks.STALE_AFTER, on_reaped=tasks.on_run_reaped)
watch.EVERY = 0.5
call_command("db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.2", "--worker-id", sys.argv[1])
