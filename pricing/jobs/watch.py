"""A task worker's watch, beside its loop (``manage.py db_worker`` starts one): every ``EVERY`` seconds it writes a
heartbeat for the job whose task the worker is running (so a long step without progress reports is not taken for a
dead worker), then marks failed the jobs whose worker went silent (``reap_stale``, which also runs their kind's
follow-up, e.g. re-queuing an estate's databases). It runs in a thread with its own database connection."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.db import connection
from django.utils import timezone

from pricing.jobs.models import Job
from pricing.jobs.services import reap_stale, retrying

try:
    from django.tasks.signals import task_finished, task_started  # type: ignore[import-not-found]
except ImportError:
    from django_tasks.signals import task_finished, task_started

logger = logging.getLogger(__name__)

EVERY = 20.0  # seconds between the watch's heartbeats and reaps (well inside the shortest stale-after, 90 s)


class Watch:
    def __init__(self, *, every: float | None = None) -> None:
        self.every = every or EVERY
        self.job_id: int | None = None  # the job of the task the worker runs now
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="jobs-watch", daemon=True)

    def start(self) -> None:
        task_started.connect(self._started, weak=False)
        task_finished.connect(self._finished, weak=False)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        task_started.disconnect(self._started)
        task_finished.disconnect(self._finished)
        self._thread.join(timeout=self.every + 5)

    def _started(self, sender: Any, task_result: Any, **kwargs: Any) -> None:
        job_id = (getattr(task_result, "kwargs", None) or {}).get("job_id")
        self.job_id = job_id if isinstance(job_id, int) else None

    def _finished(self, sender: Any, task_result: Any, **kwargs: Any) -> None:
        self.job_id = None

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.tick()
            finally:
                connection.close()  # the watch thread's own connection: never left open between ticks

    def tick(self) -> None:
        try:
            job_id = self.job_id
            if job_id is not None:
                retrying(lambda: Job.objects.filter(pk=job_id, status=Job.Status.RUNNING).update(
                    heartbeat_at=timezone.now()))  # fmt: skip
            reap_stale()
        except Exception:  # the watch must outlive a busy or briefly unreachable database
            logger.exception("the job watch could not beat or reap")
