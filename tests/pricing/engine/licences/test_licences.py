"""Oracle licence counting and cost, worked by hand from oracle-on-aws-features.md section 4.

List prices: EE $47,500 per processor, SE2 $17,500 per socket, Partitioning $11,500, Diagnostics Pack $7,500,
Tuning Pack $5,000, Multitenant $17,500; support 22 % a year of the net licence price.
"""

from decimal import Decimal

import pytest

from pricing.engine.licences.cost import (
    LicenceInvalid,
    licence_price_list,
    processor_licences,
    se2_sockets,
)
from tests.pricing.engine.licences.calls import monthly, pricer, refusals

D = Decimal


priced = pricer(
    edition="ee",
    platform="ec2",
    licence_model="byol",
    deployment="single-az",
    instance_class="r5.4xlarge",
    vcpus=16,
)


def refused(config=None, **kw):
    return refusals(priced, config, **kw)


class TestCounting:
    @pytest.mark.parametrize(
        ("vcpus", "hyperthreading", "licences"),
        [(16, True, 8), (8, False, 8), (2, True, 1), (1, True, 1), (3, True, 2), (4, False, 4)],
    )
    def test_ee_processors(self, vcpus, hyperthreading, licences):
        assert processor_licences(vcpus, hyperthreading=hyperthreading) == licences

    @pytest.mark.parametrize(("vcpus", "sockets"), [(1, 1), (4, 1), (5, 2), (8, 2)])
    def test_se2_sockets(self, vcpus, sockets):
        assert se2_sockets(vcpus) == sockets

    def test_se2_beyond_8_vcpus_is_refused_not_priced(self):
        with pytest.raises(LicenceInvalid) as exc:
            se2_sockets(12)
        assert exc.value.problems[0].message.startswith(
            "12 vCPUs cannot be licensed with Standard Edition 2: Oracle's cloud policy counts every 4 vCPUs as a socket and "
            "allows SE2 on at most 8 vCPUs; accepted: an instance of at most 8 vCPUs, fewer active cores with Optimize "
            "CPUs, or Enterprise Edition (source: Oracle 'Licensing Oracle Software in the Cloud Computing Environment'"
        )
        assert set(refused(edition="se2", vcpus=12)) == {"instance_class"}  # the class's 12 vCPUs, from the caller
        assert "12 vCPUs cannot be licensed" in refused({"vcpus": 12}, edition="se2")["licences.vcpus"]


class TestCost:
    def test_ee_16_vcpus_with_hyperthreading(self):
        result = priced()
        # 8 processors x $47,500 = $380,000 over 36 months = 10,555.555... -> 10,555.56
        # support 8 x $47,500 x 22% = $83,600 a year (= 8 x $10,450) / 12 = 6,966.666... -> 6,966.67
        assert monthly(result) == [D("10555.56"), D("6966.67")]
        assert result.monthly_usd == D("17522.23")
        assert (result.licences_per_server, result.upfront_purchase_usd, result.annual_support_usd) == (
            8,
            D("380000.00"),
            D("83600.00"),
        )
        assert result.lines[0].unit_price_usd == D("1319.444444")  # 47,500 / 36, shown to 6 places
        assert result.lines[0].source.startswith("Oracle Technology Global Price List")

    def test_se2_on_8_vcpus(self):
        result = priced(edition="se2", vcpus=8)
        # 2 sockets x $17,500 = $35,000 / 36 = 972.222... -> 972.22; support $7,700 a year / 12 = 641.666... -> 641.67
        assert monthly(result) == [D("972.22"), D("641.67")]
        assert (result.metric, result.licences_per_server) == ("socket", 2)

    def test_support_is_22_percent_a_year(self):
        result = priced({"owned_processor_licences": 8})
        assert monthly(result) == [D("6966.67")]  # 83,600 / 12
        assert result.annual_support_usd == D("83600.00")

    def test_discount_applies_to_licence_and_support(self):
        result = priced({"discount_pct": "40", "term_years": 5})
        # net $28,500: 8 x 28,500 = 228,000 / 60 = 3,800.00; support 228,000 x 22% = 50,160 / 12 = 4,180.00
        assert monthly(result) == [D("3800.00"), D("4180.00")]
        # the questionnaire hands the percentage over with six decimals: the line says 40%, not 40.000000%
        named = priced({"discount_pct": "35.000000", "term_years": 5}).lines[0].name
        assert ", 35% off list $47,500, amortised" in named

    @pytest.mark.parametrize(("years", "purchase"), [(1, "31666.67"), (3, "10555.56"), (5, "6333.33")])
    def test_amortisation_over_the_term(self, years, purchase):
        # 380,000 / 12 = 31,666.666...; / 36 = 10,555.555...; / 60 = 6,333.333...
        assert monthly(priced({"term_years": years}))[0] == D(purchase)

    def test_owned_licences_are_sunk_but_their_support_is_paid(self):
        result = priced({"owned_processor_licences": 6})
        # buy 2: 95,000 / 36 = 2,638.888... -> 2,638.89; support on all 8: 6,966.67
        assert monthly(result) == [D("2638.89"), D("6966.67")]
        ee = result.products[0]
        assert (ee.required, ee.owned, ee.to_buy) == (8, 6, 2)
        assert any(
            n.startswith("Owned licences are sunk: nothing is bought for them, but their support") for n in result.notes
        )

    def test_owned_beyond_the_need_keep_their_support_counted(self):
        # 10 owned, 8 needed: the 2 beyond are still supported unless terminated, so support is on all 10:
        # 10 x 47,500 x 22% = 104,500 a year / 12 = 8,708.33 (not 8 x ... = 6,966.67, which would favour the option
        # with fewer cores over one that needs all 10)
        surplus = priced({"owned_processor_licences": 10})
        assert monthly(surplus) == [D("8708.33")]
        ee = surplus.products[0]
        assert (ee.required, ee.owned, ee.to_buy, ee.surplus) == (8, 8, 0, 2)
        assert ee.annual_support_usd == D("104500.00")
        assert surplus.support_first_year_usd == D("104500.00")
        assert surplus.lines[0].quantity == 10
        assert surplus.lines[0].name.endswith("(10 owned: 8 needed here, 2 beyond the need)")
        said = next(n for n in surplus.notes if n.startswith("Owned beyond what this option needs"))
        assert "2 of the 10 Database Enterprise Edition licences owned (8 needed)" in said
        assert "saved only by terminating those licences" in said
        # the same policy the estate page names beside licences freed, with its date
        assert "a part of a licence set can be taken off support only by terminating those licences" in said
        assert "Oracle Software Technical Support Policies" in said and "as of 2026-06" in said
        # like for like: an instance that needs all 10 (20 vCPUs) pays the same support on them
        needs_all = priced({"owned_processor_licences": 10}, instance_class="", vcpus=20)
        assert monthly(needs_all) == [D("8708.33")]

    def test_owned_option_licences_beyond_the_need_keep_their_support_too(self):
        # Partitioning: 8 needed, 12 owned: support on 12 x 11,500 x 22% = 30,360 a year / 12 = 2,530.00
        result = priced({"options": ["partitioning"], "owned_processor_licences": {"ee": 8, "partitioning": 12}})
        partitioning = next(p for p in result.products if p.key == "partitioning")
        assert (partitioning.owned, partitioning.to_buy, partitioning.surplus) == (8, 0, 4)
        assert partitioning.monthly_usd == D("2530.00")

    def test_options_the_workload_needs(self):
        result = priced(
            {"options": ["partitioning", "diagnostics_pack", "tuning_pack"], "owned_processor_licences": {"ee": 8}}
        )
        assert [p.key for p in result.products] == ["ee", "partitioning", "diagnostics_pack", "tuning_pack"]
        assert monthly(result) == [
            D("6966.67"),  # EE support only (owned)
            D("2555.56"),  # Partitioning 8 x 11,500 = 92,000 / 36 = 2,555.555...
            D("1686.67"),  # support 92,000 x 22% = 20,240 / 12 = 1,686.666...
            D("1666.67"),  # Diagnostics 8 x 7,500 = 60,000 / 36 = 1,666.666...
            D("1100.00"),  # support 60,000 x 22% = 13,200 / 12
            D("1111.11"),  # Tuning 8 x 5,000 = 40,000 / 36 = 1,111.111...
            D("733.33"),  # support 40,000 x 22% = 8,800 / 12 = 733.333...
        ]
        # said as a customer reads it: no "reference" of ours
        assert result.lines[4].note == (
            "support price not in the price list held: taken at Oracle's standard 22% a year of the licence price"
        )

    def test_a_byol_multi_az_standby_is_licensed(self):
        result = priced(platform="rds", deployment="multi-az", instance_class="db.r5.4xlarge")
        assert (result.servers, result.products[0].required) == (2, 16)
        assert monthly(result) == [D("21111.11"), D("13933.33")]  # 16 x 47,500 / 36; 16 x 10,450 / 12
        assert (
            "must be licensed like the primary"
            in refused({"standby": False}, platform="rds", deployment="multi-az")["licences.standby"]
        )
        ec2_standby = priced({"standby": True})
        assert ec2_standby.servers == 2
        assert any(n.endswith("its EC2 instance and storage are not in this estimate") for n in ec2_standby.notes)

    def test_multitenant_beyond_the_free_pdbs(self):
        within = priced({"options": ["multitenant"], "pdbs": 3})
        assert [p.key for p in within.products] == ["ee"]
        assert any(
            n.startswith("Multitenant is not licensed: 3 PDBs are within the 3 Oracle 19c allows") for n in within.notes
        )
        beyond = priced({"pdbs": 4})
        assert [p.key for p in beyond.products] == ["ee", "multitenant"]
        assert monthly(beyond)[2:] == [D("3888.89"), D("2566.67")]  # 8 x 17,500 = 140,000 / 36; x 22% / 12
        assert [p.key for p in priced({"pdbs": 2, "db_version": "18c"}).products] == [
            "ee",
            "multitenant",
        ]  # 1 free before 19c
        assert refused({"pdbs": 4}, edition="se2", vcpus=8)["licences.pdbs"].startswith(
            "Standard Edition 2 allows at most 3 user-created PDBs per CDB"
        )

    def test_the_tuning_pack_brings_the_diagnostics_pack_it_needs(self):
        result = priced({"options": ["tuning_pack"]})  # 16 vCPUs with hyper-threading: 8 processors
        assert [(p.key, p.required) for p in result.products] == [
            ("ee", 8),
            ("tuning_pack", 8),
            ("diagnostics_pack", 8),
        ]
        # Diagnostics 8 x 7,500 = 60,000: / 36 = 1,666.67 a month, and 60,000 x 22 % / 12 = 1,100.00 support
        assert monthly(result)[-2:] == [D("1666.67"), D("1100.00")]
        assert any(n.startswith("The Tuning Pack needs the Diagnostics Pack, so it is licensed too (source: Oracle")
                   for n in result.notes)  # fmt: skip
        both = priced({"options": ["diagnostics_pack", "tuning_pack"]})
        assert [p.key for p in both.products] == ["ee", "diagnostics_pack", "tuning_pack"]  # not twice, no note
        assert not any("needs the" in n for n in both.notes)

    def test_licence_included_has_no_oracle_lines(self):
        result = priced(platform="rds", licence_model="li", edition="se2", vcpus=16)
        assert result.lines == () and result.monthly_usd == 0
        assert result.notes == (
            "License Included: the Oracle licence is part of the instance price, so there are no Oracle lines",
        )

    def test_not_included(self):
        assert priced({"include": False}).lines == ()


class TestOptimizeCpus:
    def test_fewer_cores_fewer_licences_on_ec2(self):
        result = priced({"optimize_cpus_cores": 4})
        # 4 cores x 2 threads = 8 vCPUs = 4 processors: 190,000 / 36 = 5,277.78; 41,800 / 12 = 3,483.33 -> 8,761.11
        assert monthly(result) == [D("5277.78"), D("3483.33")]
        saving = result.optimize_cpus
        assert saving.threads_per_core == 2  # r5.4xlarge: 2 threads per core by default
        assert (
            saving.licensed_vcpus,
            saving.instance_vcpus,
            saving.monthly_without_usd,
            saving.saving_monthly_usd,
        ) == (
            8,
            16,
            D("17522.23"),
            D("8761.12"),  # 17,522.23 - 8,761.11
        )

    def test_it_makes_a_16_vcpu_class_licensable_with_se2(self):
        result = priced({"optimize_cpus_cores": 4}, edition="se2", platform="rds", instance_class="db.r5.4xlarge")
        assert (result.licensed_vcpus, result.licences_per_server) == (8, 2)
        assert result.optimize_cpus.saving_monthly_usd is None
        assert "could not be licensed at all" in result.optimize_cpus.note

    def test_where_the_option_does_not_allow_it(self):
        assert refused({"optimize_cpus_cores": 4}, platform="rds-custom")["licences.optimize_cpus_cores"].startswith(
            "Optimize CPUs is not available on RDS Custom for Oracle; accepted on: EC2, RDS for Oracle"
        )
        assert refused({"optimize_cpus_cores": 4}, platform="rds", licence_model="li", edition="se2")[
            "licences.optimize_cpus_cores"
        ].startswith("Optimize CPUs is for BYOL only, not li")
        assert refused({"optimize_cpus_cores": 2}, platform="rds", instance_class="db.r5.xlarge.tpc2.mem2x")[
            "licences.optimize_cpus_cores"
        ].startswith("db.r5.xlarge.tpc2.mem2x is a preconfigured class without Optimize CPUs")

    @pytest.mark.parametrize("cores", [5, 1, 9])
    def test_a_core_count_aws_does_not_allow_is_refused_with_the_accepted_ones(self, cores):
        # cpu-options-supported-instances-values.md: "r5.4xlarge | 16 | 8 | 2 | 2, 4, 6, 8 | 1, 2"
        message = refused({"optimize_cpus_cores": cores})["licences.optimize_cpus_cores"]
        assert message.startswith(
            f"{cores} cores is not a core count AWS allows; accepted for r5.4xlarge: 2, 4, 6, 8 (source: AWS EC2 User "
            "Guide 'CPU cores and threads per CPU core per instance type'"
        )
        assert message.endswith("as of 2023-06-15)")

    def test_an_rds_class_is_checked_against_the_rds_table(self):
        # Concepts.DBInstanceClass.md, processor table: "db.r5.2xlarge | 8 | 4 | 2 | 2, 4 | 1, 2"
        message = refused({"optimize_cpus_cores": 3}, platform="rds", instance_class="db.r5.2xlarge", vcpus=8)[
            "licences.optimize_cpus_cores"
        ]
        assert message.startswith(
            "3 cores is not a core count AWS allows; accepted for db.r5.2xlarge: 2, 4 (source: AWS RDS"
        )

    def test_types_without_published_values_are_refused(self):
        # db.r6i is not in the 2023-06 RDS processor table, and no newer one was found
        message = refused({"optimize_cpus_cores": 4}, platform="rds", instance_class="db.r6i.4xlarge")[
            "licences.optimize_cpus_cores"
        ]
        assert message.startswith("no published processor-features table for db.r6i.4xlarge: AWS's RDS for Oracle ")
        assert "db.r5b, " in message and "omit licences.optimize_cpus_cores" in message
        # bare-metal sizes take no CPU options (they are in neither EC2 table)
        assert refused({"optimize_cpus_cores": 4}, instance_class="r5.metal", vcpus=96)[
            "licences.optimize_cpus_cores"
        ].startswith("r5.metal does not support CPU options")
        # an RDS deployment is looked up by its db. name, not the EC2 type's row
        assert refused({"optimize_cpus_cores": 4}, platform="rds", instance_class="r5.4xlarge")[
            "licences.optimize_cpus_cores"
        ].startswith("no published processor-features table for r5.4xlarge")

    def test_a_single_thread_type_counts_one_vcpu_per_core(self):
        # ec2-cpu-options-newer.csv: "r7a.2xlarge,r7a,8,8,1,1 2 3 4 5 6 7 8,1,x86_64,AMD,no": 8 vCPUs = 8 cores x 1.
        # One thread per core is multi-threading off: 1 vCPU = 1 EE processor licence (Oracle cloud policy).
        result = priced({"optimize_cpus_cores": 4}, instance_class="r7a.2xlarge", vcpus=8)
        opt = result.optimize_cpus
        assert (opt.cores, opt.threads_per_core, opt.licensed_vcpus, opt.instance_vcpus) == (4, 1, 4, 8)
        assert (result.licensed_vcpus, result.hyperthreading, result.licences_per_server) == (4, False, 4)
        # 4 processors: 190,000 / 36 = 5,277.78 and 41,800 / 12 = 3,483.33; all 8: 10,555.56 + 6,966.67 = 17,522.23
        assert monthly(result) == [D("5277.78"), D("3483.33")]
        assert (opt.monthly_without_usd, opt.saving_monthly_usd) == (D("17522.23"), D("8761.12"))
        assert opt.as_of == "2026-10" and "moto 5.2.5" in opt.source
        assert opt.note.startswith("Optimize CPUs: 4 cores x 1 thread(s) per core = 4 licensed vCPUs of 8")
        assert priced(instance_class="r7a.2xlarge", vcpus=8).licences_per_server == 8  # no Optimize CPUs

    def test_hyperthreading_off_still_means_one_thread_per_core(self):
        result = priced({"optimize_cpus_cores": 4, "hyperthreading": False})
        opt = result.optimize_cpus
        assert (opt.threads_per_core, opt.licensed_vcpus, result.licences_per_server) == (1, 4, 4)
        assert opt.as_of == "2023-06-15"

    def test_newer_values_win_for_a_type_whose_cores_changed(self):
        # ec2-cpu-options-changed-vs-2023-06.csv: m6a.8xlarge had 1-8 and 16 in 2023-06, now 4, 6, ..., 16
        assert refused({"optimize_cpus_cores": 2}, instance_class="m6a.8xlarge", vcpus=32)[
            "licences.optimize_cpus_cores"
        ].startswith("2 cores is not a core count AWS allows; accepted for m6a.8xlarge: 4, 6, 8, 10, 12, 14, 16 ")


class TestRefused:
    def test_options_and_other_fields(self):
        found = refused(
            {"options": ["partitioning", "sharding", "real_application_testing"], "discount_pct": "-5", "term_years": 0}
        )
        assert found["licences.options[1]"].startswith(
            "unknown option 'sharding'; accepted: rac, rac_one_node, active_data_guard"
        )
        assert found["licences.options[2]"].startswith("Real Application Testing has no list price here")
        assert found["licences.discount_pct"] == "-5; accepted: 0 to 100 (percent)"
        assert found["licences.term_years"] == "0; accepted: 1 to 10 years"

    def test_options_need_enterprise_edition(self):
        assert refused({"options": ["partitioning"]}, edition="se2", vcpus=8)["licences.options[0]"] == (
            "Partitioning is an Enterprise Edition option; Standard Edition 2 cannot license it; accepted: edition ee, or no options"
        )

    def test_options_not_available_on_the_platform(self):
        found = refused({"options": ["rac", "database_vault"]}, platform="rds", instance_class="db.r5.4xlarge")
        assert found["licences.options[0]"].startswith(
            "Real Application Clusters is not available on RDS for Oracle (source: Amazon RDS User Guide"
        )
        assert found["licences.options[1]"].startswith(
            "Database Vault is not available on RDS for Oracle (source: Amazon RDS User Guide"
        )

    def test_vcpus_are_needed(self):
        assert refused(vcpus=None)["licences.vcpus"].startswith(
            "the vCPU count of r5.4xlarge is needed to count Oracle licences"
        )

    def test_owned_per_product_keys(self):
        found = refused({"owned_processor_licences": {"partitioning": 2}})
        assert (
            found["licences.owned_processor_licences.partitioning"]
            == "'partitioning' is not licensed by this deployment; accepted: ee"
        )


def test_reference_prices_are_pinned():
    prices = licence_price_list()
    assert (prices.product("ee").licence_usd, prices.product("se2").licence_usd, prices.support_rate.value) == (
        D("47500"),
        D("17500"),
        D("0.22"),
    )


class TestContractTerms:
    """The customer's Oracle terms: a discount off list, a yearly support uplift, and support-only costing."""

    def test_a_support_uplift_raises_support_to_the_terms_average(self):
        # r5.4xlarge, 16 vCPUs with hyper-threading: 8 EE processor licences, none owned; 50 % off the $47,500 list
        result = priced({"discount_pct": 50, "support_uplift_pct": 4, "term_years": 3})
        purchase, support = monthly(result)
        # purchase: 8 x 23,750 = 190,000 over 36 months = 5,277.78
        assert purchase == D("5277.78")
        # support: year 1 8 x 23,750 x 22 % = 41,800; years 2 and 3 pay 1.04 and 1.0816 of it: average
        # 41,800 x (1 + 1.04 + 1.0816) / 3 = 43,494.29 a year = 3,624.52 a month
        assert support == D("3624.52")
        assert "rising 4% a year (the average over 3 years)" in result.lines[1].name
        assert result.support_uplift_pct == D(4)

    def test_a_1_year_term_says_its_support_line_is_year_1s_fee(self):
        # the same 8 licences over 1 year: the term's average support is year 1's, 41,800 / 12 = 3,483.33 a month
        result = priced({"discount_pct": 50, "support_uplift_pct": 4, "term_years": 1})
        assert monthly(result)[1] == D("3483.33")
        assert "rising 4% a year (year 1's fee, a 1-year term)" in result.lines[1].name
        assert "average over 1 years" not in result.lines[1].name

    def test_without_an_uplift_support_is_the_first_years(self):
        purchase, support = monthly(priced({"discount_pct": 50, "term_years": 3}))
        assert support == D("3483.33")  # 41,800 / 12

    def test_support_only_leaves_the_purchase_out_and_says_so(self):
        result = priced({"discount_pct": 50, "count_purchase": False})
        assert monthly(result) == [D("3483.33")]  # support on all 8, no purchase line
        assert result.upfront_purchase_usd == D("0.00")
        assert any(
            "Support only, as asked" in note and "8 Database Enterprise Edition" in note for note in result.notes
        )

    def test_an_uplift_out_of_range_is_refused_naming_the_field(self):
        assert "licences.support_uplift_pct" in refused({"support_uplift_pct": 101})
