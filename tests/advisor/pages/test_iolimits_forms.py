"""The /iolimits form (advisor/pages/iolimits_forms.py): what a query string becomes as an IO-limit query, which fields each
platform shows, and where the engine's problems land. No database: the catalogs are files."""

from __future__ import annotations

import datetime

import pytest
from django.http import QueryDict

from advisor.engine.iolimits import Problem
from advisor.pages.iolimits_forms import IoLimitsForm

STANDARD = [8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0]


def form(query: str = "") -> IoLimitsForm:
    return IoLimitsForm.from_query(QueryDict(query))


def test_an_empty_query_is_the_seed_talks_first_example() -> None:
    io = form()
    assert io.is_valid(), io.errors
    assert io.query() == {
        "platform": "rds",
        "instance": "db.m5.large",
        "volume": "gp2",
        "size_gib": 100.0,
        "instance_store": "none",
        "sequential": False,
        "io_size_kib": STANDARD,
    }
    # the defaults of the form stay out of the link; what the query names (here: the seed example) stays in
    assert io.share_params() == {"instance": "db.m5.large", "platform": "rds", "size_gib": "100", "volume": "gp2"}


def test_a_link_leaving_the_storage_out_is_on_the_platforms_default_storage() -> None:
    assert form("platform=ec2&instance=m5.xlarge").query()["volume"] == "gp3"
    # a walk-through's ?iops=999999999 was refused for a size it never gave: a field left out takes its default
    query = form("platform=ec2&instance=m5.xlarge&iops=3000").query()
    assert (query["volume"], query["size_gib"], query["iops"]) == ("gp3", 100.0, 3000.0)
    query = form("iops=999999999").query()
    assert (query["instance"], query["volume"], query["size_gib"]) == ("db.m5.large", "gp2", 100.0)
    assert form("platform=oci&ocpus=2").query()["size_gib"] == 1000.0  # OCI's own default, in GB
    # a size given blank is not replaced: the engine says it is required, and the page says so on the field
    assert "size_gib" not in form("platform=ec2&instance=m5.xlarge&iops=3000&size_gib=").query()


def test_every_field_is_typed_for_the_engine() -> None:
    query = form(
        "platform=ec2&instance=m5.large&volume=gp3&size_gib=1,000&iops=6000&throughput_mib_s=250&volumes=3"
        "&sequential=on&limits_on=2017-06-01&io_size_kib=8.0&io_size_kib=12&scan_gib=50&demand_iops=9000"
    ).query()
    assert query["size_gib"] == 1000.0 and query["volumes"] == 3 and query["sequential"] is True
    assert query["limits_on"] == datetime.date(2017, 6, 1)
    assert query["io_size_kib"] == [8.0, 12.0]  # a size off the standard boxes is kept, and shown checked
    assert '<input type="checkbox" name="io_size_kib" value="12"' in str(form("io_size_kib=12")["io_size_kib"])


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("size_gib=lots", "size_gib", "'lots' is not a number; accepted: a size in GiB above 0, e.g. 100"),
        ("platform=ec2&volumes=2.5", "volumes", "'2.5' is not a whole number; accepted: a whole number of volumes"),
        ("limits_on=June", "limits_on", "'June' is not a date; accepted: a date as YYYY-MM-DD"),
        ("io_size_kib=big", "io_size_kib", "'big' is not a number; accepted: IO sizes from 8 KiB to 1,024 KiB"),
        ("platform=vax", "platform", "'vax' is not accepted; accepted: rds, ec2, oci"),
    ],
)
def test_text_the_form_cannot_read_is_refused_on_its_field(query: str, field: str, message: str) -> None:
    io = form(query)
    assert not io.is_valid()
    assert message in io.errors[field][0]
    # the engine is not given what the form refused: the field is left to the engine's default (or the form's)
    given = query.rsplit("=", 1)[1]
    assert io.query().get(field) in (None, [8, 16, 32, 64, 128, 256, 512, 1024]) and given not in str(io.query())


@pytest.mark.parametrize(
    ("query", "present", "absent"),
    [
        ("platform=rds", {"volume", "iops", "instance_store", "limits_on"}, {"volumes", "ocpus", "vpus_per_gb"}),
        ("platform=ec2", {"volume", "volumes", "instance_store", "sequential"}, {"ocpus", "vpus_per_gb"}),
        ("platform=oci", {"ocpus", "vpus_per_gb", "volumes"}, {"volume", "iops", "instance_store", "limits_on"}),
    ],
)
def test_each_platform_shows_its_own_fields(query: str, present: set[str], absent: set[str]) -> None:
    fields = set(form(query).fields)
    assert present <= fields and not absent & fields


def test_oci_names_its_shape_and_sizes_in_gb() -> None:
    io = form("platform=oci")
    assert io.fields["instance"].label == "OCI shape" and io.fields["size_gib"].label == "Volume size (GB)"
    assert io.query()["instance"] == "VM.Standard.E3.Flex" and io.query()["ocpus"] == 4.0


def test_switching_platform_keeps_the_instances_twin_and_a_typo_stays_a_typo() -> None:
    assert form("platform=ec2&instance=db.m5.large&volume=gp2&size_gib=100").query()["instance"] == "m5.large"
    assert form("platform=rds&instance=m5.large&volume=st1&size_gib=100").query()["volume"] == "gp2"
    assert form("platform=ec2&instance=m5.larg").query()["instance"] == "m5.larg"


def test_engine_problems_land_on_their_fields_with_a_pointer_to_the_list() -> None:
    io = form("platform=ec2&instance=m5.larg&io_size_kib=8")
    issues = io.add_problems(
        [Problem("instance", "unknown EC2 instance class 'm5.larg'"), Problem("io_size_kib.0", "too big")]
    )
    assert io.errors["instance"] == ["unknown EC2 instance class 'm5.larg'. Pick one from the list."]
    assert io.errors["io_size_kib"] == ["too big"]
    assert [i.field for i in issues] == ["instance", "io_size_kib"]
    assert '<option value="m5.larg" selected>m5.larg · not in the list</option>' in str(io["instance"])
    assert 'aria-invalid="true"' in str(io["instance"])


def test_a_required_value_the_engine_misses_says_what_the_field_accepts() -> None:
    io = form("platform=ec2&instance=m5.xlarge&iops=3000&size_gib=")
    (issue,) = io.add_problems([Problem("size_gib", "required")])
    assert io.errors["size_gib"] == ["required; accepted: a size in GiB above 0, e.g. 100"]
    assert (issue.label, issue.message) == ("Storage size (GiB)", "required; accepted: a size in GiB above 0, e.g. 100")
    oci = form("platform=oci&size_gib=")
    oci.add_problems([Problem("size_gib", "required")])
    assert oci.errors["size_gib"] == ["required; accepted: a size in GB above 0, e.g. 1000"]  # OCI sizes in GB
