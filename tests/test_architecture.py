"""The engines stay pure: no Django, no models, no services (style.md's dependency direction)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINES = [ROOT / "advisor" / "engine", ROOT / "pricing" / "engine", ROOT / "pricing" / "catalog"]
FORBIDDEN = ("django", "advisor.models", "advisor.services", "advisor.views", "pricing.models", "pricing.services")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", [p for engine in ENGINES for p in engine.rglob("*.py")], ids=str)
def test_engine_modules_import_no_django(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.startswith(FORBIDDEN)}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_pricing_engine_does_not_depend_on_the_advisor_engine() -> None:
    for path in (ROOT / "pricing" / "engine").rglob("*.py"):
        assert not {m for m in imported_modules(path) if m.startswith("advisor")}, path


@pytest.mark.parametrize("path", sorted((ROOT / "pricing").rglob("*.py")), ids=str)
def test_nothing_in_pricing_imports_the_advisor(path: Path) -> None:
    """advisor builds on pricing, both on the shared catalog facts (pricing/catalog): never the other way."""
    assert not {m for m in imported_modules(path) if m == "advisor" or m.startswith("advisor.")}, path


def test_nothing_in_pricing_reaches_the_advisor_through_the_shared_config() -> None:
    """Nor by way of a ``config`` module that imports the advisor (the request limits once read the AWR limits)."""
    graph = import_graph()
    for start in (name for name in graph if name.startswith("pricing")):
        seen, todo = set(), [start]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen and not target.startswith("config.api"):  # the URL wiring joins both apps
                    seen.add(target)
                    todo.append(target)
        assert not {m for m in seen if m.startswith("advisor")}, start


def test_the_architecture_test_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from advisor.services import price_book_for\n")
    assert "advisor.services" in imported_modules(module)


# --- the house read from its folder tree (issue 24) -----------------------------------------------------------

APPS = [ROOT / "advisor", ROOT / "pricing"]
MAX_MODULES = 15  # loose modules per package, beside its __init__.py and its sub-packages
MAX_LINES = 400
SOURCE_TOPS = ("advisor", "pricing", "config", "bench", "tests")
LONG_DATA = {"tests/pricing/engine/eu_west_1_rows.py"}  # price rows copied from the offer file, not code
NOT_PACKAGES = ("migrations", "__pycache__")  # Django's numbered migrations are never renamed or regrouped


def packages() -> list[Path]:
    found = [app for app in APPS]
    found += [d for app in APPS for d in app.rglob("*") if d.is_dir() and (d / "__init__.py").is_file()]
    return sorted(d for d in found if not set(d.relative_to(ROOT).parts) & set(NOT_PACKAGES))


def loose_modules(package: Path) -> list[str]:
    return sorted(p.stem for p in package.glob("*.py") if p.name != "__init__.py")


def shared_prefixes(modules: list[str]) -> dict[str, list[str]]:
    """Sibling modules by the text before their first underscore (a module named just the prefix counts too)."""
    by_prefix: dict[str, list[str]] = {}
    for name in modules:
        by_prefix.setdefault(name.split("_", 1)[0], []).append(name)
    return {prefix: names for prefix, names in by_prefix.items() if len(names) >= 3}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(tops: tuple[str, ...] = ("advisor", "pricing", "config")) -> dict[str, set[str]]:
    """Module -> the project modules it imports: top-level, function-local and TYPE_CHECKING imports alike, relative
    imports resolved, ``from package import module`` counted as importing the module."""
    files = {module_name(p): p for top in tops for p in (ROOT / top).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in files and t != name}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other, directly or round a circle (strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


@pytest.mark.parametrize("package", packages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_package_holds_more_than_fifteen_loose_modules(package: Path) -> None:
    modules = loose_modules(package)
    assert len(modules) <= MAX_MODULES, f"{package.relative_to(ROOT)} holds {len(modules)}: group some into a package"


@pytest.mark.parametrize("package", packages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_three_sibling_modules_share_a_name_prefix(package: Path) -> None:
    shared = shared_prefixes(loose_modules(package))
    assert not shared, f"{package.relative_to(ROOT)}: {shared} are a package waiting to be made"


def test_no_module_imports_a_module_that_imports_it_back() -> None:
    assert import_cycles(import_graph()) == []


@pytest.mark.parametrize(
    "path",
    [p for top in SOURCE_TOPS for p in sorted((ROOT / top).rglob("*.py")) if str(p.relative_to(ROOT)) not in LONG_DATA],
    ids=str,
)
def test_no_python_file_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text().splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by responsibility"


def test_the_house_checks_can_fail(tmp_path: Path) -> None:
    assert shared_prefixes(["offer_files", "offer_reader", "offer_rows", "views"]) == {
        "offer": ["offer_files", "offer_reader", "offer_rows"]
    }
    assert shared_prefixes(["report", "report_tasks", "views"]) == {}
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []


# A Django app's root holds its Django-shaped modules; anything else lives in a package (engine/, pages/, ...).
DJANGO_SHAPED = {"models", "views", "urls", "admin", "apps", "api", "services", "forms", "access"}
APP_ROOT_EXCEPTIONS: dict[str, dict[str, str]] = {
    "advisor": {
        "health": "the /health/live and /health/ready views",
        "price_impact": "the impact provider AdvisorConfig.ready registers with pricing's snapshots",
    },
    "advisor/awr": {
        "jobs": "django-tasks stores the task's dotted path with each queued import",
        "isolated": "the child process's entry point, found by its dotted path when the child is spawned",
    },
    "advisor/estates": {
        "tasks": "django-tasks stores the task's dotted path with each queued assessment",
        "report_tasks": "django-tasks stores the task's dotted path with each queued report import",
    },
    "advisor/accounts": {
        "adapter": "the allauth account adapter named in settings",
        "lockout": "the django-axes lockout callable named in settings",
        "ownership": "imported by its dotted path from a stored migration (0004, owners for old assessments)",
        "sharing": "share links: the service behind the share views",
        "teams": "teams: the service behind the team views",
        "team_forms": "the team pages' forms",
        "team_views": "the team pages' views",
    },
    "advisor/apikeys": {
        "auth": "the API's authentication (tokens, session, rate limit) the API routers are built with"
    },
    "pricing": {
        "forms_common": "the form layer every GET-bound page's forms build on",
        "refresh_job": "django-tasks stores the task's dotted path with each queued price refresh",
    },
    "pricing/jobs": {
        "kinds": "what an app registers for a kind of job, from its AppConfig.ready",
        "watch": "the worker's heartbeat thread, started by the db_worker command",
    },
}


@pytest.mark.parametrize("app", sorted(APP_ROOT_EXCEPTIONS), ids=str)
def test_django_app_roots_hold_only_django_shaped_modules(app: str) -> None:
    allowed = DJANGO_SHAPED | set(APP_ROOT_EXCEPTIONS[app])
    others = [name for name in loose_modules(ROOT / app) if name not in allowed]
    assert not others, f"{app} holds {others}: move them into a package (engine/, pages/, ...) or say why they stay"


def test_every_django_app_is_checked_for_its_root() -> None:
    apps = {str(p.parent.relative_to(ROOT)) for top in APPS for p in top.rglob("apps.py")}
    assert apps == set(APP_ROOT_EXCEPTIONS)
