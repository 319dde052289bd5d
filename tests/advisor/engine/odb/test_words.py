"""What an Oracle Database@AWS deployment is, in words: read from the engine's result or from its JSON, the same."""

from advisor.engine.odb.option import odb_json
from advisor.engine.odb.words import odb_json_words, odb_words
from tests.advisor.engine.odb.test_odb import odb


def test_the_words_name_the_servers_the_vm_cluster_with_its_unit_and_each_standby():
    result = odb(multi_az=True, cross_region_dr=True, dr_region="us-west-2")
    said = odb_words(result)
    assert said.startswith("Exadata.X11M: 2 database + 3 storage servers (X11M/X11M-HC), a VM cluster of ")
    assert "ECPUs on 2 VMs (RAC)" in said
    assert said.endswith("; a Data Guard standby of the same size in a second AZ; a Data Guard standby of the same "
                         "size in us-west-2")  # fmt: skip
    assert odb_json_words(odb_json(result)) == said  # an estate's export says what the results page says


def test_a_deployment_not_sized_has_no_words():
    result = odb(region="eu-west-1")  # not offered there
    assert odb_words(result) == "" and odb_json_words(odb_json(result)) == ""
