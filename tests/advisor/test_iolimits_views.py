"""The /iolimits page, its htmx partial, and POST /api/v1/iolimits."""

import html
import json
import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

RDS_GP2_100 = {"platform": "rds", "instance": "db.m5.large", "volume": "gp2", "size_gib": 100}


def attributes(tag: str) -> dict[str, str]:
    """The attributes of an HTML tag's inside, whatever their order."""
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag))


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


def summary(body: str) -> dict[str, str]:
    """The error summary's lines: each field's label (the link) and what it says."""
    found = re.findall(r'<li><a href="#io-[\w-]+">([^<]*)</a>:\s*([^<]*)</li>', body)
    return {html.unescape(label): " ".join(html.unescape(said).split()) for label, said in found}


# A user walk-through: bounds said in pydantic's words ("Input should be less than or equal to 256000"), and a size
# the link never gave refused as "Field required" although the form's default is 100 GiB. Each refusal names the
# field by its label and says what is accepted: the largest EBS volume is 64 TiB (65,536 GiB) and io2 Block Express
# takes at most 256,000 IOPS (Amazon EBS User Guide, volume types); the IO model covers sizes from 8 KiB (the
# smallest Oracle block read) to 1 MiB (Oracle's largest multiblock read).
@pytest.mark.parametrize(
    ("query", "label", "said"),
    [
        ({"iops": "999999999"}, "Provisioned IOPS", "999,999,999 must be 256,000 or less."),
        ({"size_gib": "0"}, "Storage size (GiB)", "0 must be more than 0."),
        ({"size_gib": "99999999999"}, "Storage size (GiB)", "99,999,999,999 must be 65,536 or less."),
        ({"throughput_mib_s": "0"}, "Provisioned throughput (MiB/s)", "0 must be more than 0."),
        ({"platform": "ec2", "volumes": "0"}, "Volumes striped (ASM/LVM)", "0 must be 1 or more."),
        ({"demand_iops": "-1"}, "Demand (IOPS)", "-1 must be more than 0."),
        ({"scan_io_size_kib": "5000"}, "Scan read size (KiB)", "5,000 must be 1,024 or less."),
        ({"platform": "oci", "ocpus": "0"}, "OCPUs", "0 must be more than 0."),
        (
            {"io_size_kib": "3"},
            "IO sizes (KiB)",
            "3 KiB is outside the range the IO model covers; accepted: IO sizes from 8 KiB to 1,024 KiB",
        ),
        (
            {"io_size_kib": ["8", "2000", "3"]},
            "IO sizes (KiB)",
            "2,000 and 3 KiB are outside the range the IO model covers; accepted: IO sizes from 8 KiB to 1,024 KiB",
        ),
        (
            {"iops": "3000", "size_gib": ""},
            "Storage size (GiB)",
            "required; accepted: a size in GiB above 0, e.g. 100",
        ),
    ],
)
def test_each_refusal_names_its_field_by_its_label_and_says_what_is_accepted(client, query, label, said):
    response = client.get(reverse("advisor:iolimits"), query)
    body = response.content.decode()
    assert response.status_code == 422
    assert summary(body) == {label: said}  # and no other field refused (a size the link never gave is 100 GiB)
    for pydantic in ("Input should", "Field required", "got [", "Value error"):
        assert pydantic not in body


def test_a_link_giving_only_iops_is_answered_on_the_default_storage(client):
    response = client.get(reverse("advisor:iolimits"), {"iops": "3000", "volume": "io1"})
    assert response.status_code == 200
    query = response.context["report"].query
    assert (query.instance, query.volume, query.size_gib, query.iops) == ("db.m5.large", "io1", 100, 3000)


def test_api_says_a_bound_in_plain_words_under_the_fields_path(client):
    response = client.post(reverse("advisor:api-iolimits"), RDS_GP2_100 | {"size_gib": 0}, "application/json")
    assert response.status_code == 400
    assert response.json() == {"errors": [{"path": "size_gib", "message": "0 must be more than 0."}]}


def test_switching_platform_keeps_the_instances_twin(client):
    response = client.get(reverse("advisor:iolimits"), {**RDS_GP2_100, "platform": "ec2"})
    body = response.content.decode()
    assert '<option value="m5.large" selected>' in body


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"platform": "ec2", "instance": "m5.larg"}, "instance", "unknown EC2 instance class 'm5.larg'; e.g. m5.large"),
        (
            {"platform": "ec2", "instance": "db.m5.larg", "volume": "gp3", "size_gib": "100"},
            "instance",
            "unknown EC2 instance class 'db.m5.larg'",
        ),
        ({**RDS_GP2_100, "instance": "db.m5.larg"}, "instance", "unknown RDS instance class 'db.m5.larg'"),
        (
            {"platform": "oci", "instance": "VM.Standard.E9.Flex"},
            "instance",
            "unknown or unmodelled shape 'VM.Standard.E9.Flex'; modelled: VM.Standard.E3.Flex",
        ),
        ({**RDS_GP2_100, "volume": "gp9"}, "volume", "unknown EBS volume type 'gp9'; known: gp2, gp3"),
    ],
)
def test_an_unknown_choice_is_refused_on_its_field_never_swapped_for_a_default(client, query, field, message):
    response = client.get(reverse("advisor:iolimits"), query)
    body = response.content.decode()
    assert response.status_code == 422
    error = html.unescape(re.search(rf'<p id="err-io-{field}" class="field-error">([^<]*)</p>', body).group(1))
    assert message in error and "Pick one from the list." in error
    select = re.search(rf'<select ([^>]*id="io-{field}"[^>]*)>(.*?)</select>', body, re.S)
    assert attributes(select.group(1)) == {
        "id": f"io-{field}",
        "name": field,
        "aria-describedby": f"err-io-{field}",
        "aria-invalid": "true",
    }
    # the select shows what was asked for, marked, rather than its first option
    assert f'<option value="{query[field]}" selected>{query[field]} · not in the list</option>' in select.group(2)
    assert select.group(2).count(" selected>") == 1
    # nothing is computed from a substitute: no table, no chart, no share link
    assert 'class="io-table"' not in body and "data-plotly-figure" not in body and "Shareable link" not in body
    assert response.context["report"] is None


def test_a_link_naming_only_a_known_instance_opens_on_the_default_storage(client):
    response = client.get(reverse("advisor:iolimits"), {"platform": "ec2", "instance": "m5.xlarge"})
    assert response.status_code == 200
    assert response.context["report"].query.instance == "m5.xlarge"
    assert response.context["report"].query.volume == "gp3" and response.context["report"].query.size_gib == 100


def test_switching_platform_from_a_class_without_a_twin_takes_the_platforms_default(client):
    # the instance select still holds the other platform's class: that is a switch, not a typo
    response = client.get(reverse("advisor:iolimits"), {"platform": "ec2", "instance": "VM.Standard.E4.Flex",
                                                       "volume": "gp3", "size_gib": "100"})  # fmt: skip
    assert response.status_code == 200 and response.context["report"].query.instance == "m5.large"
    response = client.get(reverse("advisor:iolimits"), {**RDS_GP2_100, "volume": "st1"})  # an EC2-only type
    assert response.status_code == 200 and response.context["report"].query.volume == "gp2"


def test_api_refuses_an_unknown_instance_on_its_field(client):
    response = client.post(reverse("advisor:api-iolimits"), {**RDS_GP2_100, "platform": "ec2", "instance": "m5.larg"},
                           "application/json")  # fmt: skip
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["path"] for e in errors] == ["instance"]
    assert errors[0]["message"].startswith("unknown EC2 instance class 'm5.larg'; e.g. m5.large")
    assert "results" not in response.json()


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


def test_r6in_32xlarge_shows_the_400k_iops_of_aws_s_2024_11_guide(client):
    # ebs-optimized-limits.csv (2024-11-23): "r6in.32xlarge,100000.00,100000.00,12500.00,12500.00,400000.00,400000.00";
    # 8 io2 volumes x 64,000 IOPS = 512,000 IOPS of volume capacity, above the instance's 400,000 at 16 KiB: the
    # instance binds (it was 350,000 in the 2023-06 guide).
    query = {"platform": "ec2", "instance": "r6in.32xlarge", "volume": "io2", "size_gib": 2000, "iops": 64000,
             "volumes": 8, "io_size_kib": "16"}  # fmt: skip
    body = client.get(reverse("advisor:iolimits"), query).content.decode()
    assert "the instance&#x27;s EBS limit of 400,000 IOPS" in body or "the instance's EBS limit of 400,000 IOPS" in body
    assert "as of 2024-11-23" in body


def test_a_class_without_published_ebs_limits_is_listed_and_explained_not_guessed(client):
    body = client.get(reverse("advisor:iolimits"), {"platform": "ec2", "instance": "r8i.large", "volume": "gp3",
                                                    "size_gib": 100}).content.decode()  # fmt: skip
    assert "r8i.large · 2 vCPU, 15.33 GiB · EBS limits not published" in body
    assert "EBS limits of r8i.large are not published in the AWS documents used here" in body
