"""The release a database runs today beside the version it moves to: an older release is an upgrade in the move, a
later one cannot be asked for, and the release is written as Oracle prints it."""

import pytest

from advisor.engine.workload import WorkloadInvalid, parse_workload
from advisor.engine.workload.fields import release_against


@pytest.mark.parametrize(
    ("release", "version", "against"),
    [
        ("12.2.0.1", "19c", -1),  # 12c Release 2 moves up to 19c
        ("11.2.0.4", "26ai", -1),
        ("19.21.0.0.0", "19c", 0),  # a 19c Release Update is 19c
        ("19.3", "21c", -1),
        ("21.3", "19c", 1),  # 21c is later than 19c
        ("23.4", "26ai", -1),  # 23ai's Release Updates before 23.26 were named 23ai
        ("23.26.1", "26ai", 0),  # 26ai is 23.26 onwards
        ("26", "26ai", 0),  # the name's own number
        ("", "19c", 0),  # not given: it runs the version it moves to
    ],
)
def test_a_release_is_before_at_or_after_a_version(release: str, version: str, against: int) -> None:
    assert release_against(release, version) == against


def test_a_release_later_than_the_version_asked_for_is_refused_naming_the_versions_that_would_do() -> None:
    with pytest.raises(WorkloadInvalid) as raised:
        parse_workload({"oracle": {"version": "19c", "current_release": "21.3"}})
    (error,) = raised.value.errors
    assert error.path == "oracle.version"
    assert "runs 21.3 today, a later release than 19c: choose 21c or 26ai" in error.message


def test_a_release_later_than_every_version_offered_says_to_correct_it() -> None:
    with pytest.raises(WorkloadInvalid) as raised:
        parse_workload({"oracle": {"version": "26ai", "current_release": "30.1"}})
    assert "no version offered here is as recent: correct the release it runs" in raised.value.errors[0].message


@pytest.mark.parametrize("release", ["12c", "twelve", "12.2.0.1.0.1", "123.1", "12..2"])
def test_a_release_not_written_as_oracle_prints_it_is_refused_with_what_is_accepted(release: str) -> None:
    with pytest.raises(WorkloadInvalid) as raised:
        parse_workload({"oracle": {"current_release": release}})
    (error,) = raised.value.errors
    assert error.path == "oracle.current_release"
    assert "11.2.0.4, 12.2.0.1 or 19.21, or blank" in error.message


def test_an_older_release_is_kept_beside_the_version_it_moves_to() -> None:
    workload = parse_workload({"oracle": {"version": "19c", "current_release": "12.2.0.1"}})
    assert (workload.oracle.version.value, workload.oracle.current_release) == ("19c", "12.2.0.1")
