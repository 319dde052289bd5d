import io
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models.signals import pre_save
from django.test import Client

from advisor import services
from advisor.engine.workload import Workload, parse_workload
from advisor.models import Assessment
from pricing.models import PriceRecord, PriceSnapshot
from pricing.services import snapshot_changed


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "ownerless: assessments the test saves keep no owner (see conftest)")


@pytest.fixture(autouse=True, scope="session")
def _temporary_files_of_this_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Temporary files (uploads read in the background, offer files being imported) go to a folder of this test
    process, and of the task workers it starts: tests that check nothing is left behind see their own files only,
    not those of a test running meanwhile in the other xdist worker."""
    folder = str(tmp_path_factory.mktemp("tmp", numbered=False))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", folder)
        patch.setenv("TMPDIR", folder)
        yield


def form_data(workload: Workload | None = None, *, name: str = "Order entry", **meta: str) -> dict[str, str]:
    """What the questionnaire posts: flat ``section.field`` names, ticked checkboxes only."""
    dumped = (workload or Workload()).model_dump(mode="json")
    data: dict[str, str] = {"name": name, "customer": meta.get("customer", ""), "project": meta.get("project", "")}
    for section, fields in dumped.items():
        if not isinstance(fields, dict):
            continue
        for field, value in fields.items():
            if value is True:
                data[f"{section}.{field}"] = "true"
            elif value is False:
                continue
            else:
                data[f"{section}.{field}"] = "" if value is None else str(value)
    return data


@pytest.fixture
def user(db: None) -> Any:
    """An ordinary (not staff) user: the one ``client`` is signed in as, and the owner of what tests create."""
    return get_user_model().objects.create_user("alice", email="alice@example.com", password="alice-password-1")


@pytest.fixture
def client(user: Any) -> Client:
    """Signed in as ``user``; ``anon_client`` is the visitor who is not."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def anon_client(db: None) -> Client:
    """Not signed in. The database is there because every API call counts against a rate limit kept in it."""
    return Client()


@pytest.fixture(autouse=True)
def _tests_own_what_they_create(request: pytest.FixtureRequest) -> Iterator[None]:
    """Assessments a test saves without an owner (through ``services`` directly) belong to ``user``, so the
    signed-in ``client`` sees them as their author would. ``@pytest.mark.ownerless`` keeps them ownerless."""
    wants_db = {"db", "transactional_db", "live_server"} & set(request.fixturenames)
    if not wants_db or request.node.get_closest_marker("ownerless"):
        yield
        return
    owner = request.getfixturevalue("user")

    def give_to_user(sender: type, instance: Assessment, **_: Any) -> None:
        if instance.pk is None and instance.owner_id is None:
            instance.owner = owner

    pre_save.connect(give_to_user, sender=Assessment, dispatch_uid="tests-own-what-they-create")
    yield
    pre_save.disconnect(sender=Assessment, dispatch_uid="tests-own-what-they-create")


@pytest.fixture
def saved_assessment(db: None) -> Assessment:
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"}, "sizing": {"db_size_gib": 321}})
    return services.assessment_create(
        meta=services.AssessmentMeta(name="Billing", customer="ACME", project="Exit DC"), workload=workload
    )


@pytest.fixture(autouse=True, scope="session")
def _tasks_run_immediately() -> Iterator[None]:
    """Background tasks (pricing/jobs) run as soon as they are enqueued, in the enqueuing thread; the tests of the
    job layer run a real ``db_worker`` where that matters (tests/pricing/test_refresh_worker.py)."""
    from django.test import override_settings

    with override_settings(TASKS={"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}):
        yield


@pytest.fixture(autouse=True, scope="session")
def _uploads_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Uploaded files (config/uploads.py) go to a folder of the session's own, never the project's ``uploads``; the
    S3 test (tests/config/test_uploads_s3.py) swaps in a bucket on a local S3-compatible server."""
    from django.conf import settings
    from django.test import override_settings

    folder = tmp_path_factory.mktemp("uploads")
    local = {"BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": folder}}
    with override_settings(STORAGES={**settings.STORAGES, "uploads": local}):
        yield


@pytest.fixture(autouse=True, scope="session")
def _passwords_hashed_cheaply() -> Iterator[None]:
    """Django's test-speed advice: a fast hasher instead of PBKDF2's million rounds (0.4 s of CPU each), which every
    test that uses the database paid once at least, for ``user``. Signing in still checks the password."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


_DATABASE: dict[str, Any] = {}  # this process's test database blocker, once the database is set up
_PRICE_TABLES = (PriceSnapshot, PriceRecord)  # what ``load_prices`` writes, parents first
_KEPT = "kept_"  # the prefix of the copies: tables no model owns, which a flush leaves alone


def _keep_a_copy_of_the_prices() -> None:
    """Copy the tables ``load_prices`` just filled, row for row (ids included), into tables of their own."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for model in _PRICE_TABLES:
            table = model._meta.db_table
            cursor.execute(f"DROP TABLE IF EXISTS {quote(_KEPT + table)}")
            cursor.execute(f"CREATE TABLE {quote(_KEPT + table)} AS SELECT * FROM {quote(table)}")


def _put_the_prices_back() -> None:
    """After a flush emptied the tables: the rows ``load_prices`` wrote at the start of the session, copied back
    (0.1 s instead of the 7 s of validating and writing 25,000 rows again). The sequences move past the copied
    ids, and the caches of prices are dropped as a load would drop them."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for model in _PRICE_TABLES:
            table = model._meta.db_table
            cursor.execute(f"INSERT INTO {quote(table)} SELECT * FROM {quote(_KEPT + table)}")
        for statement in connection.ops.sequence_reset_sql(no_style(), list(_PRICE_TABLES)):
            cursor.execute(statement)
    for snapshot in PriceSnapshot.objects.filter(is_current=True):
        snapshot_changed.send(sender=PriceSnapshot, snapshot=snapshot)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The committed price fixtures, loaded once per session before the per-test transactions roll back."""
    with django_db_blocker.unblock():
        call_command("load_prices", stdout=io.StringIO())
        _keep_a_copy_of_the_prices()
    _DATABASE["blocker"] = django_db_blocker
    yield
    _DATABASE.clear()


def _flushes_the_database(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    transactional = {"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ()))
    return bool(transactional or (marker and marker.kwargs.get("transaction")))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    try:
        return (yield)
    finally:
        if _DATABASE and _flushes_the_database(item):
            _DATABASE["flushed"] = True  # every table emptied, the price fixtures with them


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """After a transactional test emptied the tables, the next test that wants the price fixtures gets them loaded
    (committed) before its own transaction starts, so the tests after it find them rather than each reloading them
    inside a transaction that rolls back (7 s of CPU per test). One process runs transactional tests last; an xdist
    worker (``--dist loadfile``) may be handed a file of ordinary tests after transactional ones."""
    if _DATABASE.get("flushed") and "prices" in getattr(item, "fixturenames", ()):
        with _DATABASE["blocker"].unblock():
            if not PriceSnapshot.objects.exists() and not PriceRecord.objects.exists():
                _put_the_prices_back()
            elif not PriceSnapshot.objects.filter(origin=PriceSnapshot.Origin.FIXTURE).exists():
                call_command("load_prices", stdout=io.StringIO())
        _DATABASE["flushed"] = False
    return (yield)


@pytest.fixture
def prices(db: None) -> None:
    """The fixture snapshots are there (reloaded, inside this test's transaction, if a test removed them)."""
    if not PriceSnapshot.objects.filter(origin=PriceSnapshot.Origin.FIXTURE).exists():
        call_command("load_prices", stdout=io.StringIO())


@pytest.fixture(autouse=True)
def _api_rate_limits_start_afresh(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test that uses the database starts with no API requests counted against its client (config/api.py
    rate-limits per client in a database cache table, which neither a rollback nor a flush empties)."""
    from django.core.cache import caches

    uses_db = {"db", "transactional_db", "live_server", "django_db_setup"} & set(request.fixturenames)
    if uses_db or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("_django_db_helper")  # the test's own database mode, set up now
        caches["api-throttle"].clear()
    yield
