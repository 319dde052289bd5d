"""The /iolimits page, its htmx partial, and POST /api/v1/iolimits."""

import json

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

RDS_GP2_100 = {"platform": "rds", "instance": "db.m5.large", "volume": "gp2", "size_gib": 100}


def test_the_page_opens_on_a_worked_example_with_table_chart_and_sources(client):
    response = client.get(reverse("advisor:iolimits"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "gp2 baseline of 300 IOPS counted in 256 KiB units" in body
    assert 'data-plotly-figure="iolimits-figure"' in body and 'id="iolimits-figure"' in body
    assert "Sources" in body and "as of 2023-06-15" in body
    assert "vendor/plotly-" in body  # vendored, no CDN
    share = response.context["share_url"]
    assert "instance=db.m5.large" in share and "io_size_kib" not in share  # defaults stay out of the link


def test_the_query_string_is_the_configuration_and_the_share_link_reproduces_it(client):
    response = client.get(reverse("advisor:iolimits"), {**RDS_GP2_100, "size_gib": 1000, "io_size_kib": ["8", "1024"]})
    body = response.content.decode()
    assert "Shareable link" in body
    assert "size_gib=1000" in body and "io_size_kib=8&amp;io_size_kib=1024" in body
    # gp2 1,000 GiB on RDS: 4 stripes of 250 GiB, 3,000 IOPS in all (R§2.2)
    assert "3,000" in body


def test_htmx_requests_get_only_the_form_and_result(client):
    response = client.get(reverse("advisor:iolimits"), RDS_GP2_100, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="iolimits">')
    assert "<html" not in body


def test_bad_values_mark_the_field_and_say_what_is_accepted(client):
    response = client.get(reverse("advisor:iolimits"), {**RDS_GP2_100, "size_gib": "10"})
    body = response.content.decode()
    assert response.status_code == 422
    assert 'id="io-size_gib"' in body and 'aria-invalid="true"' in body
    assert "below the minimum of 20" in body


def test_switching_platform_keeps_the_instances_twin(client):
    response = client.get(reverse("advisor:iolimits"), {**RDS_GP2_100, "platform": "ec2"})
    body = response.content.decode()
    assert '<option value="m5.large" selected>' in body


def test_api_answers_per_io_size_with_binding_limits(client):
    response = client.post(reverse("advisor:api-iolimits"), RDS_GP2_100 | {"io_size_kib": [8]}, "application/json")
    assert response.status_code == 200
    (result,) = response.json()["results"]
    assert result["io_size_kib"] == 8
    assert set(result["baseline"]) == {"iops", "throughput_mib_s", "binding_limit", "reason"}
    assert set(result["burst"]) == {"iops", "throughput_mib_s", "binding_limit", "reason", "lasts_seconds"}


def test_api_rejects_bad_input_with_field_paths(client):
    response = client.post(reverse("advisor:api-iolimits"), RDS_GP2_100 | {"volumes": 3, "iops": 1}, "application/json")
    assert response.status_code == 400
    paths = {e["path"] for e in response.json()["errors"]}
    assert paths == {"volumes", "iops"}


@pytest.mark.parametrize("body", ["{not json", "[1, 2]"])
def test_api_rejects_a_body_that_is_not_a_json_object(client, body):
    response = client.post(reverse("advisor:api-iolimits"), body, "application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "body"


def test_api_results_match_the_cli(client, capsys):
    from django.core.management import call_command

    call_command("iolimits", "--platform", "rds", "--instance", "db.m5.large", "--volume", "gp2", "--size-gib", "100",
                 "--io-size-kib", "64", "--json")  # fmt: skip
    cli = json.loads(capsys.readouterr().out)
    api = client.post(reverse("advisor:api-iolimits"), RDS_GP2_100 | {"io_size_kib": [64]}, "application/json").json()
    assert cli["results"] == api["results"]
