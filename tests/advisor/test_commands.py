import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from advisor.engine.scenarios import SCENARIO_DIR
from advisor.models import Assessment


@pytest.mark.django_db
def test_load_scenarios_creates_each_golden_scenario_once() -> None:
    call_command("load_scenarios", stdout=io.StringIO())
    call_command("load_scenarios", stdout=io.StringIO())
    assert Assessment.objects.count() == len(list(SCENARIO_DIR.glob("*.json")))


def test_validate_workload_accepts_a_valid_file(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"oracle": {"edition": "se2", "licence_model": "li"}}')
    out = io.StringIO()
    call_command("validate_workload", str(path), stdout=out)
    assert out.getvalue().startswith("valid workload: se2 19c")


def test_validate_workload_fails_with_field_paths(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"sizing": {"peak_cpu": 0}}')
    with pytest.raises(CommandError, match=r"sizing\.peak_cpu: Input should be greater than 0"):
        call_command("validate_workload", str(path), stdout=io.StringIO())


def test_validate_workload_names_a_missing_file() -> None:
    with pytest.raises(CommandError, match="cannot read /nonexistent.json"):
        call_command("validate_workload", "/nonexistent.json")
