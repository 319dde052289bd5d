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


def test_the_architecture_test_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from advisor.services import price_book_for\n")
    assert "advisor.services" in imported_modules(module)
