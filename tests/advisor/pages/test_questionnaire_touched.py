"""While the user types, a field's error shows once they have touched it (or submitted); conflicts show at once."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import form_data

pytestmark = pytest.mark.django_db


def validate(client: Client, touched: str | None, **answers: str) -> str:
    data = form_data(name="")
    data.update(answers)
    if touched is not None:
        data["_touched"] = touched
    response = client.post(reverse("advisor:assessment-validate"), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_an_untouched_empty_name_is_not_marked_while_the_user_types_elsewhere(client: Client) -> None:
    page = validate(client, "io.peak_read_iops", **{"io.peak_read_iops": "-1"})
    assert "Peak read IOPS must be 0 or more." in page
    assert "Assessment name is required." not in page
    assert "All answers are valid" not in page  # the name is still missing: no all-clear either
    assert "1 answer needs attention" in page


def test_a_touched_name_and_a_submitted_form_show_the_error(client: Client) -> None:
    assert "Assessment name is required." in validate(client, "name")
    assert "Assessment name is required." in validate(client, "*")  # after a submit
    assert "Assessment name is required." in validate(client, None)  # no list posted (no JavaScript): all shown


def test_a_conflict_between_answers_shows_before_its_field_is_touched(client: Client) -> None:
    page = validate(client, "oracle.edition", **{"oracle.edition": "se2", "features.rac": "true"})
    assert "Oracle removed RAC from Standard Edition 2" in page


def test_a_submitted_form_with_errors_keeps_showing_every_error_as_the_user_corrects_it(client: Client) -> None:
    page = client.post(reverse("advisor:assessment-new"), form_data(name="")).content.decode()
    assert 'name="_touched" id="touched-fields" value="*"' in page
