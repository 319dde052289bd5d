"""The questionnaire and assessments as a user meets them: pages, saves, errors, exports and imports."""

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from advisor.engine.scenarios import SCENARIO_DIR
from advisor.engine.workload import Workload, parse_workload
from advisor.models import Assessment
from tests.conftest import form_data

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_and_searches_assessments(client: Client, saved_assessment: Assessment) -> None:
    page = client.get("/").content.decode()
    assert "Billing" in page and "ACME" in page
    assert "Billing" not in client.get("/?q=nomatch").content.decode()
    fragment = client.get("/?q=acme", headers={"HX-Request": "true"}).content.decode()
    assert fragment.lstrip().startswith('<table id="assessment-rows"') and "Billing" in fragment


def test_the_new_questionnaire_shows_sections_units_help_and_defaults(client: Client) -> None:
    page = client.get(reverse("advisor:assessment-new")).content.decode()
    for section in ("Oracle", "Features needed", "Availability and DR", "Sizing", "IO profile", "Environment"):
        assert f"<legend>{section}</legend>" in page
    assert 'name="environment.hours_per_month" value="730"' in page
    assert '<span class="unit">GiB</span>' in page
    assert "RDS includes the licence only for SE2" in page
    assert 'hx-post="/assessments/validate/"' in page


def test_saving_a_valid_questionnaire_creates_an_assessment_with_a_stable_url(client: Client, prices: None) -> None:
    workload = parse_workload({"oracle": {"edition": "se2", "licence_model": "li"}, "features": {"apex": True}})
    response = client.post(reverse("advisor:assessment-new"), form_data(workload, name="Shop", customer="ACME"))
    assessment = Assessment.objects.get(name="Shop")
    # saved, the user sees where it can run: the results page, with a message saying it was saved
    assert response.status_code == 302 and response["Location"] == f"/a/{assessment.public_id}/results/"
    assert parse_workload(assessment.workload) == workload
    assert (assessment.edition, assessment.customer) == ("se2", "ACME")
    results = client.get(response["Location"]).content.decode()
    assert "Saved “Shop”." in results and 'id="recommended-option"' in results
    page = client.get(f"/a/{assessment.public_id}/").content.decode()
    assert 'id="f-features-apex" name="features.apex" value="true"\n                 checked' in page


def test_a_non_cdb_saved_with_the_pdb_field_left_blank_has_no_pdbs(client: Client, prices: None) -> None:
    data = form_data(name="Legacy")
    data.update({"oracle.architecture": "non-cdb", "oracle.pdb_count": ""})
    response = client.post(reverse("advisor:assessment-new"), data)
    assert response.status_code == 302
    assert Assessment.objects.get(name="Legacy").workload["oracle"]["pdb_count"] == 0


def test_an_invalid_questionnaire_marks_the_fields_and_saves_nothing(client: Client) -> None:
    data = form_data(name="")
    data.update({"oracle.edition": "se2", "features.rac": "true", "environment.hours_per_month": "900"})
    response = client.post(reverse("advisor:assessment-new"), data)
    page = response.content.decode()
    assert response.status_code == 422
    assert Assessment.objects.count() == 0
    assert re.search(r'id="err-name"[^>]*>Assessment name is required\.<', page)  # on the field, with its label
    assert "Hours running per month must be 744 hours or less." in page
    assert "Oracle removed RAC from Standard Edition 2" in page
    assert 'value="900"' in page  # the user's answer is kept to be corrected


@pytest.mark.parametrize(
    ("owned", "said"),
    [
        ("partitioning=abc", "Option licences already owned: 'partitioning=abc' is not a count or product=count; "),
        ("partitionning=8", "Option licences already owned: 'partitionning' is not an Oracle option in the price "),
        ("200000", "Option licences already owned: 200,000 licences; accepted: 0 to 100,000 a product."),
    ],
)
def test_an_option_licence_answer_not_understood_names_its_field_like_the_others(
    client: Client, owned: str, said: str
) -> None:
    # a user walk-through: "'partitioning=abc' is not a count or product=count ..." named no field, in the summary
    # as on the field, where every other answer's error starts with its label
    data = form_data(name="X")
    data["oracle.option_licences_owned"] = owned
    page = client.post(reverse("advisor:assessment-new"), data).content.decode()
    on_field = re.search(r'<p id="err-oracle-option-licences-owned"[^>]*>([^<]*)<', page)
    assert on_field and html.unescape(on_field.group(1)).startswith(said)
    assert any(line.startswith(said) for line in summary_of(page))
    assert Assessment.objects.count() == 0


def test_editing_updates_the_same_assessment(client: Client, saved_assessment: Assessment) -> None:
    url = saved_assessment.get_absolute_url()
    workload = parse_workload({"oracle": {"edition": "ee"}, "sizing": {"db_size_gib": 999}})
    response = client.post(url, form_data(workload, name="Billing v2"))
    saved_assessment.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == f"{url}results/"
    assert (saved_assessment.name, saved_assessment.db_size_gib, saved_assessment.edition) == ("Billing v2", 999, "ee")


def test_a_failed_edit_leaves_the_saved_assessment_untouched(client: Client, saved_assessment: Assessment) -> None:
    before = dict(saved_assessment.workload)
    data = form_data(parse_workload(before), name="Renamed")
    data["sizing.db_size_gib"] = "-5"
    assert client.post(saved_assessment.get_absolute_url(), data).status_code == 422
    saved_assessment.refresh_from_db()
    assert saved_assessment.name == "Billing" and saved_assessment.workload == before


def test_inline_validation_returns_out_of_band_field_errors(client: Client) -> None:
    data = form_data()
    data["io.multiblock_read_kib"] = "100"
    response = client.post(reverse("advisor:assessment-validate"), data, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert '<p id="err-io-multiblock-read-kib" class="field-error" hx-swap-oob="true">A multiblock read' in page
    assert '<p id="err-io-peak-read-iops" class="field-error" hx-swap-oob="true"></p>' in page
    assert 'id="form-summary" hx-swap-oob="true"' in page and "1 answer needs attention" in page
    assert Assessment.objects.count() == 0


def test_inline_validation_confirms_a_valid_form(client: Client) -> None:
    page = client.post(reverse("advisor:assessment-validate"), form_data()).content.decode()
    assert "All answers are valid and consistent." in page


def test_duplicate_copies_the_workload_under_a_new_url(client: Client, saved_assessment: Assessment) -> None:
    response = client.post(reverse("advisor:assessment-duplicate", args=[saved_assessment.public_id]))
    copy = Assessment.objects.get(name="Copy of Billing")
    assert response["Location"] == copy.get_absolute_url() != saved_assessment.get_absolute_url()
    assert copy.workload == saved_assessment.workload and copy.customer == "ACME"


def test_delete_asks_first_then_removes(client: Client, saved_assessment: Assessment) -> None:
    url = reverse("advisor:assessment-delete", args=[saved_assessment.public_id])
    assert "Delete “Billing”?" in client.get(url).content.decode()
    assert Assessment.objects.count() == 1
    client.post(url)
    assert Assessment.objects.count() == 0
    assert client.get(saved_assessment.get_absolute_url()).status_code == 404


def test_export_downloads_the_workload_with_its_name_customer_and_project(
    client: Client, saved_assessment: Assessment
) -> None:
    response = client.get(reverse("advisor:assessment-export", args=[saved_assessment.public_id]))
    # <customer>-<name>-<kind>.<ext>: ACME's "Billing"
    assert response["Content-Disposition"] == 'attachment; filename="acme-billing-workload.json"'
    exported = json.loads(response.content)
    # the shape of the golden scenarios in fixtures/scenarios/
    assert {k: exported[k] for k in ("name", "customer", "project")} == {
        "name": "Billing",
        "customer": "ACME",
        "project": "Exit DC",
    }
    assert parse_workload(exported["workload"]).sizing.db_size_gib == 321
    assert set(exported) <= set(json.loads((SCENARIO_DIR / "small-oltp-se2.json").read_text()))


def test_an_exported_workload_imports_as_a_new_assessment(client: Client, saved_assessment: Assessment) -> None:
    exported = client.get(reverse("advisor:assessment-export", args=[saved_assessment.public_id])).content
    response = client.post(reverse("advisor:assessment-import"), {"name": "Imported", "text": exported.decode()})
    imported = Assessment.objects.get(name="Imported")
    assert response["Location"] == imported.get_absolute_url()
    assert imported.workload == saved_assessment.workload
    assert (imported.customer, imported.project) == ("ACME", "Exit DC")  # the form left them blank: the file's


def test_an_export_uploaded_again_keeps_its_name_customer_and_project(
    client: Client, saved_assessment: Assessment
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    exported = client.get(reverse("advisor:assessment-export", args=[saved_assessment.public_id])).content
    saved_assessment.delete()
    upload = SimpleUploadedFile("Billing.workload.json", exported, content_type="application/json")
    response = client.post(reverse("advisor:assessment-import"), {"file": upload})
    imported = Assessment.objects.get()
    assert response["Location"] == imported.get_absolute_url()
    assert (imported.name, imported.customer, imported.project) == ("Billing", "ACME", "Exit DC")
    assert imported.db_size_gib == 321


def test_the_import_page_says_which_files_it_takes_in_users_words(client: Client) -> None:
    body = client.get(reverse("advisor:assessment-import")).content.decode()
    assert "<strong>Export JSON</strong> button" in body  # the button on an assessment's page that makes such a file
    assert "fixtures/" not in body and "scenarios/" not in body


def test_a_golden_scenario_file_imports_as_it_is(client: Client) -> None:
    text = (SCENARIO_DIR / "rac-dependent.json").read_text()
    client.post(reverse("advisor:assessment-import"), {"text": text})
    imported = Assessment.objects.get()
    assert (imported.name, imported.customer) == ("RAC-dependent billing system", "Example: telecom operator")


def test_a_bare_workload_still_imports_named_by_its_file(client: Client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("ledger.json", b'{"oracle": {"edition": "ee"}}', content_type="application/json")
    client.post(reverse("advisor:assessment-import"), {"file": upload, "customer": "ACME"})
    imported = Assessment.objects.get()
    assert (imported.name, imported.customer, imported.edition) == ("ledger", "ACME", "ee")


def summary_of(page: str) -> list[str]:
    """The lines of a page's error summary, as read: tags dropped, whitespace collapsed."""
    found = re.search(r'<div class="error-summary"[^>]*>(.*?)</div>', page, re.S)
    assert found, "no error summary"
    items = re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", item)).split()) for item in items]


def test_an_invalid_scenario_shaped_import_names_fields_by_their_labels(client: Client) -> None:
    bad = {"name": "X", "owner": "me", "workload": {"sizing": {"peak_cpu": 0}}}
    response = client.post(reverse("advisor:assessment-import"), {"name": "X", "text": json.dumps(bad)})
    page = response.content.decode()
    assert response.status_code == 422 and Assessment.objects.count() == 0
    lines = summary_of(page)
    assert lines[0].startswith("“owner” in the file: not a key of a workload file.")  # the file's own key
    assert lines[1] == "Peak CPU used must be more than 0 vCPUs."  # the questionnaire's label, not sizing.peak_cpu
    assert "<code>" not in page and "sizing.peak_cpu" not in page and "workload.sizing" not in page


def test_an_invalid_import_names_each_field_by_its_questionnaire_label_and_saves_nothing(client: Client) -> None:
    bad = {"oracle": {"edition": "se2", "pdb_count": "many", "foo": 1}, "io": {"peak_read_iops": -1}, "extra": 1}
    response = client.post(reverse("advisor:assessment-import"), {"name": "X", "text": json.dumps(bad)})
    page = response.content.decode()
    assert response.status_code == 422 and Assessment.objects.count() == 0
    lines = summary_of(page)
    assert any(line.startswith("Pluggable databases must be a whole number") for line in lines)
    assert "Peak read IOPS must be 0 or more." in lines
    # keys no field takes, as the file writes them: in their section, or in the file
    assert "“foo” in the Oracle section: not a field of the workload; the workload schema lists every field." in lines
    assert "“extra” in the file: not a field of the workload; the workload schema lists every field." in lines
    for path in ("oracle.pdb_count", "io.peak_read_iops", "oracle.foo", "<code>"):
        assert path not in page


@pytest.mark.parametrize(
    ("content", "said"),
    [
        # a user walk-through: an image, and a file saved in another encoding than UTF-8, showed Python's codec error
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "Workload JSON file: not a UTF-8 text file of JSON."),
        (b'{"oracle": {"character_set": "caf\xe9"}}', "Workload JSON file: not a UTF-8 text file of JSON."),
        # and JSON's decoder: "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
        (
            b"{oops",
            "Workload JSON file: not valid JSON (line 1, column 2: a property name must be in double quotes).",
        ),
        (
            b'{"oracle": {"edition": "ee",}}',
            "Workload JSON file: not valid JSON (line 1, column 29: a property name must be in double quotes).",
        ),
        (
            b"<!doctype html><p>not a workload</p>",
            "Workload JSON file: not valid JSON (line 1, column 1: the text does not start with { as a JSON object "
            "does).",
        ),
        (b'{"oracle": {}}\n{"io": {}}', "Workload JSON file: not valid JSON (line 2, column 1: more text follows "
                                      "the end of the JSON document)."),
    ],
)  # fmt: skip
def test_a_file_that_is_not_json_is_refused_on_the_file_field_in_plain_words(
    client: Client, content: bytes, said: str
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("workload.json", content, content_type="application/json")
    page = client.post(reverse("advisor:assessment-import"), {"file": upload}).content.decode()
    assert summary_of(page) == [said] and Assessment.objects.count() == 0
    assert '<a href="#f-file">Workload JSON file</a>' in page  # the label leads to the field
    for python in ("codec", "Expecting", "(char ", "position 0", "invalid start byte"):
        assert python not in page


def test_the_import_form_s_own_fields_come_first_and_lead_to_their_controls(client: Client) -> None:
    page = client.post(reverse("advisor:assessment-import"), {"text": "{oops"}).content.decode()
    assert summary_of(page)[0] == "Assessment name is required."
    assert '<a href="#f-name">Assessment name is required.</a>' in page


def test_pasted_text_that_is_not_json_is_refused_on_the_pasted_field(client: Client) -> None:
    page = client.post(reverse("advisor:assessment-import"), {"name": "X", "text": "{oops"}).content.decode()
    assert summary_of(page) == [
        "Pasted JSON: not valid JSON (line 1, column 2: a property name must be in double quotes)."
    ]
    page = client.post(reverse("advisor:assessment-import"), {"name": "X", "text": "  "}).content.decode()
    assert summary_of(page) == ["Workload JSON file: choose a workload JSON file or paste its text."]


def test_the_json_api_keeps_its_error_shape_with_field_paths(client: Client) -> None:
    response = client.post("/api/v1/workloads/validate", "{oops", content_type="application/json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert set(error) == {"path", "message"} and error["message"].startswith("not valid JSON")
    response = client.post("/api/v1/workloads/validate", {"sizing": {"peak_cpu": 0}}, content_type="application/json")
    assert response.json()["errors"] == [
        {"path": "sizing.peak_cpu", "message": "Peak CPU used must be more than 0 vCPUs."}
    ]


def test_the_workload_schema_is_downloadable(client: Client) -> None:
    schema = client.get("/api/v1/schema/workload").json()
    assert schema["title"] == "Oracle workload"
    assert schema == Workload.model_json_schema()


def test_the_validation_api_answers_400_with_field_paths(client: Client) -> None:
    response = client.post(
        "/api/v1/workloads/validate",
        {"oracle": {"edition": "se2"}, "features": {"rac": True}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "features.rac"
    ok = client.post("/api/v1/workloads/validate", {}, content_type="application/json")
    assert ok.status_code == 200 and ok.json()["workload"]["environment"]["hours_per_month"] == 730


def test_an_unknown_assessment_is_a_404_page_not_a_traceback(client: Client, settings: object) -> None:
    response = client.get("/a/8b4e1a36-0000-4000-8000-000000000000/")
    assert response.status_code == 404
    assert "There is no such page or assessment" in response.content.decode()


def test_forms_are_csrf_protected() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(reverse("advisor:assessment-new"), form_data()).status_code == 403
    assert strict.post(reverse("advisor:assessment-validate"), form_data()).status_code == 403
    assert Assessment.objects.count() == 0


def test_htmx_requests_carry_the_csrf_token_header(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page


def test_the_admin_needs_a_staff_login(client: Client) -> None:
    response = client.get("/admin/advisor/assessment/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
