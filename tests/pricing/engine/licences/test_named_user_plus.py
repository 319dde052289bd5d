"""Oracle licences per Named User Plus, worked by hand from Oracle's Technology Global Price List as the research
reference quotes it (oracle-on-aws-features.md section 4, "Oracle Technology Global Price List"):

Per Named User Plus: Enterprise Edition $950, minimum 25 per processor; Standard Edition 2 $350, minimum 10 per
server; Partitioning $230. Support 22 % a year of the net price; purchases spread over 3 years (36 months); each
line rounded half-up to cents. A server's processor licences are counted as under the processor metric: 2 vCPUs a
licence with hyper-threading (Oracle's cloud policy).
"""

from decimal import Decimal

import pytest

from pricing.engine.licences.cost import (
    LicenceConfig,
    LicenceInvalid,
    estimate_counted_licences,
    estimate_licences,
)

D = Decimal
EE_NUP, SE2_NUP, PARTITIONING_NUP = D(950), D(350), D(230)


def cents(value: Decimal) -> Decimal:
    return value.quantize(D("0.01"), "ROUND_HALF_UP")


def buy(count: int, price: Decimal) -> Decimal:
    return cents(count * price / 36)


def support(count: int, price: Decimal) -> Decimal:
    return cents(count * price * D("0.22") / 12)


def se2(config: dict, **kw):
    args = dict(edition="se2", platform="ec2", licence_model="byol", instance_class="m5.xlarge", vcpus=4)
    return estimate_licences(LicenceConfig(**config), **{**args, **kw})


def ee(config: dict, **kw):
    args = dict(edition="ee", platform="ec2", licence_model="byol", instance_class="r5.4xlarge", vcpus=16)
    return estimate_licences(LicenceConfig(**config), **{**args, **kw})


def refused(config: dict) -> dict[str, str]:
    with pytest.raises(LicenceInvalid) as exc:
        se2(config)
    return {p.field: p.message for p in exc.value.problems}


def test_se2_with_15_named_users_on_two_servers_buys_30_named_user_plus_at_350():
    # 15 named users, above SE2's minimum of 10 per server: 15 on each of 2 servers = 30
    result = se2({"metric": "nup", "named_users": 15, "servers": 2})
    (product,) = result.products
    assert (product.metric, product.per_server, product.servers, product.required) == ("nup", 15, 2, 30)
    assert product.list_price_usd == SE2_NUP
    # 30 x $350 = $10,500 / 36 = $291.67; support 30 x $350 x 22 % = $2,310 a year / 12 = $192.50
    assert [line.monthly_usd for line in result.lines] == [D("291.67"), D("192.50")]
    assert result.monthly_usd == D("484.17")
    assert "15 named users, at least 10 per server = 15 Named User Plus × 2 servers = 30" in result.lines[0].name
    assert all(line.unit == "Named User Plus licence" for line in result.lines)
    assert "socket" not in " ".join(result.notes)  # SE2's sockets do not count under Named User Plus


def test_se2_with_fewer_named_users_than_the_minimum_licenses_10_per_server():
    result = se2({"metric": "nup", "named_users": 4})
    assert result.products[0].required == 10  # max(4, 10) on 1 server
    # 10 x $350 / 36 = $97.22; 10 x $350 x 22 % / 12 = $64.17
    assert result.monthly_usd == buy(10, SE2_NUP) + support(10, SE2_NUP) == D("161.39")
    assert "4 named users, at least 10 per server = 10 Named User Plus × 1 server = 10" in result.lines[0].name
    assert any("Oracle's minimum is more than the named users" in note for note in result.notes)


def test_ee_and_its_option_need_at_least_25_per_processor_licence_of_the_server():
    # r5.4xlarge: 16 vCPUs, hyper-threading on = 8 processor licences; minimum 25 x 8 = 200 > 50 named users
    result = ee({"metric": "nup", "named_users": 50, "options": ["partitioning"]})
    assert {p.key: (p.per_server, p.required, p.list_price_usd) for p in result.products} == {
        "ee": (200, 200, EE_NUP),
        "partitioning": (200, 200, PARTITIONING_NUP),
    }
    # EE: 200 x $950 = $190,000 / 36 = $5,277.78 and x 22 % / 12 = $3,483.33;
    # Partitioning: 200 x $230 = $46,000 / 36 = $1,277.78 and x 22 % / 12 = $843.33
    assert result.monthly_usd == D("5277.78") + D("3483.33") + D("1277.78") + D("843.33")
    assert "at least 200 per server (25 per processor licence × 8 processor licences)" in result.lines[0].name
    assert any("the options are counted at the database's minimum" in note for note in result.notes)


def test_ee_with_more_named_users_than_the_minimum_licenses_the_named_users():
    result = ee({"metric": "nup", "named_users": 300})
    assert result.products[0].required == 300  # 300 > 25 x 8 = 200
    assert result.monthly_usd == buy(300, EE_NUP) + support(300, EE_NUP)


def test_owned_named_user_plus_licences_are_counted_against_the_need_and_still_pay_support():
    result = se2({"metric": "nup", "named_users": 15, "servers": 2, "owned_processor_licences": 20})
    product = result.products[0]
    assert (product.required, product.owned, product.to_buy) == (30, 20, 10)
    # buy 10: 10 x $350 / 36 = $97.22; support on all 30: $192.50
    assert result.monthly_usd == buy(10, SE2_NUP) + support(30, SE2_NUP)


def test_the_discount_and_support_only_apply_as_for_processor_licences():
    result = se2({"metric": "nup", "named_users": 15, "discount_pct": "10", "count_purchase": False})
    # net $350 less 10 % = $315; support only: 15 x $315 x 22 % / 12 = $86.63 (86.625 rounded half up)
    assert [line.monthly_usd for line in result.lines] == [D("86.63")]


def test_processor_licensing_is_priced_as_chosen_even_where_named_user_plus_would_cost_less():
    # SE2 on 4 vCPUs = 1 socket at $17,500: the default metric stays processor, not switched to a cheaper count
    result = se2({})
    assert result.metric == "socket" and result.products[0].list_price_usd == D(17500)
    assert result.monthly_usd == buy(1, D(17500)) + support(1, D(17500))


def test_named_user_plus_needs_the_named_users():
    assert "Named User Plus needs the number of named users" in refused({"metric": "nup"})["licences.named_users"]
    assert (
        "accepted: a whole number of named users, 1 or more"
        in refused({"metric": "nup", "named_users": 0})["licences.named_users"]
    )
    assert "only with Named User Plus" in refused({"named_users": 15})["licences.named_users"]


def test_license_included_says_named_user_plus_does_not_apply_without_an_error():
    result = se2({"metric": "nup"}, platform="rds", licence_model="li", instance_class="db.m5.xlarge")
    assert result.lines == () and any("Named User Plus does not apply here" in note for note in result.notes)


def test_exadata_counts_25_per_processor_licence_of_each_vm_cluster():
    # 16 ECPUs at 8 a licence = 2 processor licences per VM cluster: at least 50 Named User Plus; 2 VM clusters
    config = LicenceConfig(metric="nup", named_users=10, servers=2)
    result = estimate_counted_licences(config, edition="ee", platform="odb", licences_per_server=2,
                                       rule_text="EE: 16 ECPUs / 8 = 2 processor licences", compute=16)  # fmt: skip
    assert (result.products[0].per_server, result.products[0].required) == (50, 100)
    assert "10 named users, at least 50 per VM cluster" in result.lines[0].name
    assert "× 2 VM clusters = 100" in result.lines[0].name
    assert result.monthly_usd == buy(100, EE_NUP) + support(100, EE_NUP)


def test_an_unknown_option_under_named_user_plus_is_refused_on_its_field_not_a_server_error():
    # a blank option name (as a fuzzer sends it) is refused where options are checked; the Named User Plus check
    # looks for prices of the products it knows only
    problems = refused({"metric": "nup", "named_users": 8, "options": [""]})
    assert any(path.startswith("licences.options") for path in problems)
    assert "licences.metric" not in problems
