"""Verdicts in the questionnaire (htmx), on the rules page, from the API and the CLI."""

import json

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.urls import reverse

from advisor.engine.rules import loader as rules_module
from advisor.engine.workload import parse_workload
from tests.conftest import form_data

pytestmark = pytest.mark.django_db

RAC = parse_workload({"features": {"rac": True}})


def test_the_questionnaire_shows_verdicts_for_valid_answers_and_updates_them_out_of_band(client):
    response = client.post(reverse("advisor:assessment-validate"), form_data(RAC))
    body = response.content.decode()
    assert 'id="verdicts" class="verdicts" aria-live="polite" hx-swap-oob="true"' in body
    assert 'id="verdict-rds"' in body and "RAC is not available on RDS for Oracle" in body
    assert 'id="verdict-strip"' in body


def test_invalid_answers_get_no_partial_verdict(client):
    data = form_data(RAC) | {"environment.hours_per_month": "900"}
    body = client.post(reverse("advisor:assessment-validate"), data).content.decode()
    assert "Verdicts appear when every answer is valid" in body
    assert 'id="verdict-rds"' not in body


def test_a_saved_assessment_opens_with_its_verdicts(client, saved_assessment):
    body = client.get(saved_assessment.get_absolute_url()).content.decode()
    assert 'id="verdict-odb"' in body


def test_the_rules_page_lists_rules_with_condition_source_and_date(client):
    body = client.get(reverse("advisor:rules")).content.decode()
    # each row is named by its title; its id only anchors the row, for the findings' links to "the rule"
    assert '<tr id="rule-rds-rac-not-offered">' in body
    assert "<strong>RAC is not available on RDS for Oracle</strong>" in body
    assert "<code>rds-rac-not-offered</code>" not in body and ">rds-rac-not-offered<" not in body
    assert "Real Application Clusters (RAC): yes" in body  # the condition in plain words
    assert "Oracle.Concepts.FeatureSupport.html" in body and "as of 2026-11-22" in body
    # users' words: the page does not name the files the rules are kept in
    assert "advisor/rules" not in body and ".json" not in body


def test_the_facts_rules_test_are_listed_by_their_paths_for_staff_only(client, django_user_model):
    assert "Facts rules can test" not in client.get(reverse("advisor:rules")).content.decode()
    client.force_login(django_user_model.objects.create_user("author", password="x", is_staff=True))
    body = client.get(reverse("advisor:rules")).content.decode()
    assert "Facts rules can test" in body and "<code>derived.release_before_19c</code>" in body


def test_the_rules_page_filters_by_option_fact_and_severity_with_htmx(client):
    response = client.get(
        reverse("advisor:rules"), {"option": "rds", "fact": "features.rac", "severity": "blocker"},
        headers={"HX-Request": "true"},
    )  # fmt: skip
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="rule-rows">')
    assert "rds-rac-not-offered" in body and "rds-no-sysdba" not in body


def test_api_gives_a_verdict_per_option(client):
    response = client.post(reverse("advisor:api-verdicts"), RAC.model_dump(mode="json"), "application/json")
    assert response.status_code == 200
    options = {o["option"]: o for o in response.json()["options"]}
    assert list(options) == ["rds", "rds_custom", "ec2", "odb"]
    assert options["rds"]["verdict"] == "blocked"
    finding = next(f for f in options["rds"]["findings"] if f["rule_id"] == "rds-rac-not-offered")
    assert finding["source_url"].startswith("https://") and finding["as_of"] == "2026-11-22"


def test_api_refuses_an_invalid_workload_with_field_paths(client):
    body = {"oracle": {"edition": "se2"}, "features": {"rac": True}}
    response = client.post(reverse("advisor:api-verdicts"), body, "application/json")
    assert response.status_code == 400
    assert "features.rac" in {e["path"] for e in response.json()["errors"]}
    assert "options" not in response.json()


def test_cli_prints_the_verdict_json(tmp_path, capsys):
    path = tmp_path / "w.json"
    path.write_text(RAC.model_dump_json())
    call_command("verdicts", "--workload", str(path), "--json")
    out = json.loads(capsys.readouterr().out)
    rds = out["options"][0]
    assert rds["option"] == "rds" and rds["verdict"] == "blocked"
    assert {"rule_id", "severity", "title", "explanation", "workaround", "source_url", "as_of"} <= set(
        rds["findings"][0]
    )


def test_cli_refuses_an_invalid_workload(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"sizing": {"peak_cpu": -1}}))
    with pytest.raises(CommandError, match="invalid workload, no verdict"):
        call_command("verdicts", "--workload", str(path))


def test_check_rules_summarises_the_valid_rule_set(capsys):
    call_command("check_rules")
    out = capsys.readouterr().out
    assert "rules valid" in out and "Amazon RDS for Oracle:" in out


def write_broken_rules(directory):
    (directory / "feature_rows.json").write_text(rules_module.FEATURE_ROWS_FILE.read_text())
    broken = {"option": "rds", "rules": [{"id": "bad-rule", "title": "Broken rule", "severity": "blocker",
              "when": {"fact": "features.nope", "op": "is_true"}, "explanation": "Refers to a fact that is not there.",
              "source": "[F] test", "source_url": "https://example.com", "as_of": "2026-11-22"}]}  # fmt: skip
    (directory / "rds.json").write_text(json.dumps(broken))


def test_a_broken_rule_set_fails_check_rules_naming_the_rule(tmp_path, monkeypatch):
    write_broken_rules(tmp_path)
    monkeypatch.setattr(rules_module, "RULES_DIR", tmp_path)
    with pytest.raises(CommandError, match="rule bad-rule: unknown fact 'features.nope'"):
        call_command("check_rules")


def test_the_app_refuses_to_start_with_a_broken_rule_set(tmp_path, monkeypatch):
    write_broken_rules(tmp_path)
    monkeypatch.setattr(rules_module, "RULES_DIR", tmp_path)
    rules_module.rule_set.cache_clear()
    try:
        with pytest.raises(ImproperlyConfigured, match="bad-rule"):
            apps.get_app_config("advisor").ready()
    finally:
        monkeypatch.undo()
        rules_module.rule_set.cache_clear()
    assert rules_module.rule_set().rules  # the real rule set is back for the tests that follow
