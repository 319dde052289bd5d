"""A pre-filled questionnaire marks the answers the reports did not fill: their default stayed, and why."""

from advisor.engine.workload import Workload
from advisor.pages.questionnaire import build_sections

WHY = {"sizing.db_size_gib": "no database size in these files; upload a dbspace listing or AWR-Miner output"}


def field(values: dict, path: str, defaults: dict | None = WHY):
    return next(f for s in build_sections(values, [], defaults=defaults) for f in s.fields if f.path == path)


def test_a_default_the_reports_did_not_fill_is_marked_with_its_value_and_the_file_that_would_fill_it() -> None:
    got = field(Workload().model_dump(mode="json"), "sizing.db_size_gib")
    assert got.kept_default == (
        "Not in the report: default 100 GiB (no database size in these files; upload a dbspace listing or "
        "AWR-Miner output)."
    )


def test_a_changed_answer_is_no_longer_marked() -> None:
    values = Workload().model_dump(mode="json")
    values["sizing"]["db_size_gib"] = 2048
    assert field(values, "sizing.db_size_gib").kept_default == ""


def test_a_questionnaire_not_pre_filled_marks_nothing() -> None:
    assert field(Workload().model_dump(mode="json"), "sizing.db_size_gib", defaults=None).kept_default == ""


def test_a_choice_kept_at_its_default_is_named_as_the_questionnaire_offers_it() -> None:
    got = field(Workload().model_dump(mode="json"), "oracle.edition", {"oracle.edition": "no edition printed"})
    assert got.kept_default == "Not in the report: default Enterprise Edition (EE) (no edition printed)."
