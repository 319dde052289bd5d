"""The import engine stays pure: no Django, no web code (tests/test_architecture.py's rule, for this room)."""

from pathlib import Path

import pytest

from tests.test_architecture import FORBIDDEN, ROOT, imported_modules

ENGINE = ROOT / "advisor" / "awr" / "engine"


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: p.name)
def test_awr_engine_modules_import_no_django(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.startswith(FORBIDDEN) or m.startswith("advisor.awr.management")}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_engine_is_there() -> None:
    assert (ENGINE / "importer.py").is_file()
