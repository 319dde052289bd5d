"""Hyper-threading and the vCPUs Oracle counts, worked by hand.

Oracle's cloud policy (oracle-on-aws-features.md section 4): "Count two vCPUs as equivalent to one Oracle Processor
license if multithreading of processor cores is enabled, and one vCPU as equivalent to one Oracle Processor license
if multi-threading ... is not enabled"; the reference adds "16 vCPU HT-on = 8 licences; 8 vCPU HT-off = 8 licences".
Standard Edition 2: each 4 vCPUs or fewer = 1 socket, at most 8 vCPUs.

Cores and threads from AWS's EC2 User Guide table (2023-06): "r6i.4xlarge | 16 | 8 | 2 | 2, 4, 6, 8 | 1, 2" and
"r6i.2xlarge | 8 | 4 | 2 | 2, 4 | 1, 2" (vCPUs, cores, threads per core, valid cores, valid threads per core);
DescribeInstanceTypes (2026-10): r7a.2xlarge 8 vCPUs = 8 cores x 1 thread.

List prices: EE $47,500 per processor, SE2 $17,500 per socket; support 22 % a year; purchase over 36 months.
"""

from decimal import Decimal

from tests.pricing.engine.licences.calls import monthly, pricer, refusals

D = Decimal


priced = pricer(edition="ee", platform="ec2", licence_model="byol", instance_class="r6i.4xlarge", vcpus=16)


def refused(config=None, **kw):
    return refusals(priced, config, **kw)


# 8 EE processors: 8 x 47,500 = 380,000 / 36 = 10,555.555... -> 10,555.56;
# support 380,000 x 22 % = 83,600 a year / 12 = 6,966.666... -> 6,966.67; in all 17,522.23 a month.
EIGHT_PROCESSORS = [D("10555.56"), D("6966.67")]


class TestHyperThreadingOff:
    def test_r6i_4xlarge_runs_8_vcpus_and_needs_8_processor_licences(self):
        # 16 vCPUs = 8 cores x 2 threads; off, each core runs 1 thread: 8 vCPUs x 1 licence each = 8, not 16
        result = priced({"hyperthreading": False})
        assert (result.instance_vcpus, result.licensed_vcpus, result.hyperthreading) == (16, 8, False)
        assert result.licences_per_server == 8
        assert monthly(result) == EIGHT_PROCESSORS and result.monthly_usd == D("17522.23")
        assert result.notes[0].startswith(
            "EE: 8 vCPUs (r6i.4xlarge's 16 vCPUs are 8 cores x 2 threads; with hyper-threading off each core runs "
            "one), 1 vCPU per processor licence (hyper-threading off) = 8 processor licence(s)"
        )

    def test_with_hyperthreading_on_it_is_8_as_well(self):
        # 16 vCPUs / 2 per licence = 8: the licences follow the cores, so the cost is the same
        result = priced({"hyperthreading": True})
        assert (result.licensed_vcpus, result.licences_per_server) == (16, 8)
        assert monthly(result) == EIGHT_PROCESSORS
        assert priced().licences_per_server == 8  # the type's own threading: on

    def test_the_vcpus_given_are_the_instances_and_are_halved_too(self):
        # licences.vcpus 16 on r6i.4xlarge, off: 16 / 2 threads = 8 vCPUs run = 8 licences
        result = priced({"vcpus": 16, "hyperthreading": False}, vcpus=None)
        assert (result.licensed_vcpus, result.licences_per_server) == (8, 8)

    def test_an_rds_class_missing_from_the_rds_table_takes_the_ec2_types_threads(self):
        # db.r6i.4xlarge is not in the 2023-06 RDS processor table; its hardware is r6i.4xlarge (16 = 8 x 2)
        result = priced({"hyperthreading": False}, platform="rds", instance_class="db.r6i.4xlarge")
        assert (result.licensed_vcpus, result.licences_per_server) == (8, 8)

    def test_the_optimize_cpus_saving_compares_like_with_like(self):
        # 4 cores x 1 thread = 4 licences against every core with the same threading: 8 cores x 1 = 8 licences.
        # 4 processors: 190,000 / 36 = 5,277.777... -> 5,277.78; 41,800 / 12 = 3,483.333... -> 3,483.33
        # saving 17,522.23 - (5,277.78 + 3,483.33 = 8,761.11) = 8,761.12 (it was 16 licences' worth before)
        result = priced({"hyperthreading": False, "optimize_cpus_cores": 4})
        opt = result.optimize_cpus
        assert (opt.threads_per_core, opt.licensed_vcpus, opt.instance_vcpus) == (1, 4, 8)
        assert monthly(result) == [D("5277.78"), D("3483.33")]
        assert (opt.monthly_without_usd, opt.monthly_with_usd, opt.saving_monthly_usd) == (
            D("17522.23"), D("8761.11"), D("8761.12"))  # fmt: skip
        assert opt.note.startswith(
            "Optimize CPUs: 4 cores x 1 thread(s) per core = 4 licensed vCPUs of 8 (hyper-threading off: one per core)"
        )
        # with hyper-threading on: 4 cores x 2 = 8 vCPUs / 2 = 4 licences, against 16 / 2 = 8: the same saving
        on = priced({"optimize_cpus_cores": 4}).optimize_cpus
        assert (on.licensed_vcpus, on.instance_vcpus, on.saving_monthly_usd) == (8, 16, D("8761.12"))


class TestSe2Sockets:
    def test_on_8_vcpus_with_hyperthreading_two_sockets(self):
        # r6i.2xlarge: 8 vCPUs / 4 per socket = 2 sockets: 2 x 17,500 = 35,000 / 36 = 972.22; 7,700 / 12 = 641.67
        result = priced(edition="se2", instance_class="r6i.2xlarge", vcpus=8)
        assert (result.metric, result.licensed_vcpus, result.licences_per_server) == ("socket", 8, 2)
        assert monthly(result) == [D("972.22"), D("641.67")]

    def test_hyperthreading_off_counts_the_vcpus_that_run(self):
        # r6i.2xlarge off: 4 cores x 1 thread = 4 vCPUs = 1 socket: 17,500 / 36 = 486.11; 3,850 / 12 = 320.83
        result = priced({"hyperthreading": False}, edition="se2", instance_class="r6i.2xlarge", vcpus=8)
        assert (result.licensed_vcpus, result.licences_per_server) == (4, 1)
        assert monthly(result) == [D("486.11"), D("320.83")]

    def test_the_8_vcpu_cap_applies_to_the_vcpus_that_run(self):
        # r6i.4xlarge: 16 vCPUs are more than SE2's 8; off, it runs 8 = 2 sockets
        assert "16 vCPUs cannot be licensed with Standard Edition 2" in refused(edition="se2")["instance_class"]
        assert priced({"hyperthreading": False}, edition="se2").licences_per_server == 2


class TestSingleThreadTypes:
    def test_a_type_without_hyperthreading_counts_one_licence_a_vcpu(self):
        # r7a.2xlarge: 8 cores x 1 thread = 8 vCPUs, each a core: 8 licences even if the caller says "on"
        assert priced(instance_class="r7a.2xlarge", vcpus=8).licences_per_server == 8
        result = priced(instance_class="r7a.2xlarge", vcpus=8, hyperthreading=True)
        assert (result.hyperthreading, result.licences_per_server) == (False, 8)

    def test_asking_for_hyperthreading_on_it_is_refused_naming_the_field(self):
        message = refused({"hyperthreading": True}, instance_class="r7a.2xlarge", vcpus=8)["licences.hyperthreading"]
        assert message == (
            "r7a.2xlarge runs one thread per core, so it has no hyper-threading to turn on: each vCPU is a core and "
            "counts as one processor licence; accepted: false, or omit it"
        )

    def test_hyperthreading_off_on_a_type_without_published_cores_is_refused(self):
        # r5.metal is in neither CPU-options table: its cores are unknown, so half its vCPUs cannot be assumed
        message = refused({"hyperthreading": False}, instance_class="r5.metal", vcpus=96)["licences.hyperthreading"]
        assert message.startswith("AWS publishes no cores or threads per core for r5.metal")
        assert message.endswith("accepted: true, or omit it")
        # left on, its 96 vCPUs count 2 to a licence: 48
        assert priced(instance_class="r5.metal", vcpus=96).licences_per_server == 48


class TestReadableServers:
    def test_active_data_guard_only_on_the_servers_open_for_reads(self):
        # 3 servers (primary, a read-only standby, a mounted DR standby) of r6i.4xlarge = 8 processor licences each.
        # EE: 3 x 8 = 24: 24 x 47,500 = 1,140,000 / 36 = 31,666.666... -> 31,666.67; support 250,800 / 12 = 20,900.00
        # Active Data Guard on 2 x 8 = 16: 16 x 11,500 = 184,000 / 36 = 5,111.111... -> 5,111.11;
        # support 184,000 x 22 % = 40,480 / 12 = 3,373.333... -> 3,373.33
        result = priced({"servers": 3, "options": ["active_data_guard"]}, readable_servers=2)
        ee, adg = result.products
        assert (ee.servers, ee.required, adg.servers, adg.required) == (3, 24, 2, 16)
        assert monthly(result) == [D("31666.67"), D("20900.00"), D("5111.11"), D("3373.33")]
        assert any(n.startswith("3 servers of this shape are licensed like the primary, for every product but Active "
                                "Data Guard") for n in result.notes)  # fmt: skip
        assert any(n.startswith("Active Data Guard on 2 of the 3 servers") and "mounted" in n for n in result.notes)

    def test_other_options_stay_on_every_server_and_all_readable_is_all(self):
        result = priced({"servers": 3, "options": ["diagnostics_pack"]}, readable_servers=1)
        assert [(p.key, p.servers) for p in result.products] == [("ee", 3), ("diagnostics_pack", 3)]
        every = priced({"servers": 2, "options": ["active_data_guard"]}, readable_servers=2)
        assert [p.servers for p in every.products] == [2, 2]
        assert not any("Active Data Guard on" in n for n in every.notes)
