"""Options a deployment needs with no list price held are counted like the database and said, never priced.

The price list held (Oracle Technology Global Price List, as transcribed) gives no price for Real Application Testing,
OLAP or GoldenGate, per processor or per Named User Plus; it prices Partitioning ($11,500) and Diagnostics Pack."""

from pricing.engine.licences.cost import LicenceConfig, estimate_licences
from pricing.engine.licences.unpriced import unpriced_licences, unpriced_options, unpriced_words

WANTED = ("partitioning", "olap", "real_application_testing", "goldengate", "diagnostics_pack")


def test_the_options_with_no_list_price_held_are_told_apart_under_either_metric():
    assert unpriced_options(WANTED) == ("olap", "real_application_testing", "goldengate")
    assert unpriced_options(WANTED, metric="nup") == ("olap", "real_application_testing", "goldengate")
    assert unpriced_options(("partitioning", "not-an-option")) == ()


def test_their_licences_are_counted_like_the_databases_on_every_server():
    # 16 vCPUs with hyper-threading = 8 processor licences a server, 2 servers (a standby licensed like the primary)
    licence = estimate_licences(LicenceConfig(servers=2), edition="ee", platform="ec2", licence_model="byol",
                                instance_class="r5.4xlarge", vcpus=16)  # fmt: skip
    (olap,) = unpriced_licences(("olap",), licence)
    assert (olap.name, olap.licences, olap.metric) == ("OLAP", 16, "processor")
    assert unpriced_words((olap,)) == (
        "Oracle OLAP licences: no list price held (Oracle Technology Global Price List, 2026-11-22); the 16 processor "
        "licences it needs here, as many as the database's, are neither bought nor supported in this total"
    )
    both = unpriced_licences(("olap", "real_application_testing"), licence)
    assert unpriced_words(both).startswith("Oracle OLAP and Real Application Testing licences: no list price held (")
    assert "the 16 processor licences each needs here" in unpriced_words(both)


def test_goldengate_is_licensed_where_it_runs_so_its_count_is_not_said_as_the_databases():
    # on RDS it runs on a hub of its own on EC2: the database's 16 licences are not GoldenGate's count
    licence = estimate_licences(LicenceConfig(servers=2), edition="ee", platform="ec2", licence_model="byol",
                                instance_class="r5.4xlarge", vcpus=16)  # fmt: skip
    (gg,) = unpriced_licences(("goldengate",), licence)
    assert unpriced_words((gg,)) == (
        "Oracle GoldenGate licences: no list price held (Oracle Technology Global Price List, 2026-11-22); "
        "GoldenGate's, on the processors it runs on, are neither bought nor supported in this total"
    )
    mixed = unpriced_words(unpriced_licences(("olap", "goldengate"), licence))
    assert "the 16 processor licences OLAP needs here, as many as the database's, and GoldenGate's, on the" in mixed


def test_under_named_user_plus_the_count_is_the_named_users_licensed():
    # 40 named users; Enterprise Edition's minimum is 25 per processor licence: 8 x 25 = 200 on the one server
    licence = estimate_licences(LicenceConfig(metric="nup", named_users=40), edition="ee", platform="ec2",
                                licence_model="byol", instance_class="r5.4xlarge", vcpus=16)  # fmt: skip
    (olap,) = unpriced_licences(("olap",), licence)
    assert olap.licences == 200
    assert "the 200 Named User Plus licences it needs here" in unpriced_words((olap,))


def test_nothing_is_said_where_no_licence_is_counted():
    included = estimate_licences(LicenceConfig(), edition="se2", platform="rds", licence_model="li",
                                 instance_class="db.m5.large", vcpus=2)  # fmt: skip
    assert unpriced_licences(("olap",), included) == ()
    assert unpriced_words(()) == ""
