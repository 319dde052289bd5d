"""The one job mechanism: work that outlives a request runs as a Django task (django-tasks, the backport of Django 6's
``django.tasks``; the database backend ``django-tasks-db`` and its ``manage.py db_worker`` by default) and is tracked
by a ``Job`` row: kind, status, progress (done of total, and progress lines), heartbeat, error, result and the task's
result id. The row, not the task backend, is what pages read, so the same tracking serves any backend (database, RQ,
Celery) and any number of workers.

It lives under ``pricing`` because both the price refresh (pricing) and the advisor's estates use it, and imports
point one way: the advisor may import pricing, never the reverse. Nothing here knows what a job does.
"""
