"""``manage.py db_worker``: the database task backend's worker (django-tasks-db) with the job layer's watch beside
its loop (``pricing.jobs.watch``): a heartbeat for the job being run and a reap of jobs whose worker went silent,
every ``watch.EVERY`` seconds, so work a killed worker left is found even when no page is open."""

from typing import Any

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorkerCommand

from pricing.jobs.watch import Watch


class Command(DatabaseWorkerCommand):
    help = f"{DatabaseWorkerCommand.help} Also beats for the job it runs and marks silent workers' jobs failed."

    def handle(self, *args: Any, **options: Any) -> None:
        watch = Watch()
        watch.start()
        try:
            super().handle(*args, **options)
        finally:
            watch.stop()
