"""The RDS for Oracle classes AWS preconfigures with a fixed number of threads per core (db.r5.2xlarge.tpc1.mem2x),
licensed by the threads per core they run, worked by hand.

AWS RDS User Guide (2023-06), "RDS for Oracle instance classes": "tpc2 – The threads per core. A value of 2 means
that multithreading is turned on. If the value is 1, multithreading is turned off." "DB instance classes":
"db.r5b.xlarge.tpc2.mem4x is preconfigured with 2 threads per core (tpc2) ... You can't configure the processor
features of these optimized instance classes", and its hardware table lists "db.r5.2xlarge.tpc1.mem2x | 8 | — | 128"
and "db.r5.2xlarge.tpc2.mem4x | 8 | — | 256" (vCPUs, ECU, memory GiB): 8 vCPUs x 1 thread = 8 cores for tpc1,
8 / 2 = 4 cores for tpc2. (db.r5.2xlarge itself is 8 vCPUs = 4 cores x 2 threads in the processor table.)

Oracle's cloud policy (oracle-on-aws-features.md section 4): "Count two vCPUs as equivalent to one Oracle Processor
license if multithreading of processor cores is enabled, and one vCPU as equivalent to one Oracle Processor license
if multi-threading ... is not enabled". EE $47,500 a processor, support 22 % a year, purchase over 36 months.
"""

from decimal import Decimal

from pricing.engine.cpu_options import cpu_options
from pricing.engine.licences.counting import type_threads
from tests.pricing.engine.licences.calls import monthly, pricer, refusals

D = Decimal
TPC1 = "db.r5.2xlarge.tpc1.mem2x"
TPC2 = "db.r5.2xlarge.tpc2.mem4x"
GUIDE = "AWS RDS User Guide, 'DB instance classes' and 'RDS for Oracle instance classes', 2023-06-15"

# 8 EE processors: 8 x 47,500 = 380,000 purchase / 36 = 10,555.555... -> 10,555.56 a month;
# support 380,000 x 22 % = 83,600 a year / 12 = 6,966.666... -> 6,966.67
EIGHT_PROCESSORS = [D("10555.56"), D("6966.67")]
# 4 EE processors: 190,000 / 36 = 5,277.777... -> 5,277.78; 41,800 / 12 = 3,483.333... -> 3,483.33
FOUR_PROCESSORS = [D("5277.78"), D("3483.33")]


priced = pricer(edition="ee", platform="rds", licence_model="byol", instance_class=TPC1, vcpus=8)


def refused(config=None, **kw):
    return refusals(priced, config, **kw)


class TestOneThreadPerCore:
    def test_a_tpc1_class_needs_one_ee_licence_for_each_of_its_8_vcpus(self):
        # 8 vCPUs x 1 thread per core = 8 cores; hyper-threading off: 1 vCPU = 1 licence -> 8, not 8 / 2 = 4
        result = priced()
        assert (result.hyperthreading, result.licensed_vcpus, result.licences_per_server) == (False, 8, 8)
        assert monthly(result) == EIGHT_PROCESSORS
        assert result.upfront_purchase_usd == D("380000.00")  # 8 x 47,500, not 4 x 47,500 = 190,000

    def test_the_words_say_why_it_counts_as_hyper_threading_off(self):
        note = priced().notes[0]
        assert note.startswith(
            f"EE: 8 vCPUs ({TPC1} runs 1 thread per core as AWS preconfigures it, so its 8 vCPUs are 8 cores; "
            f"source: {GUIDE}), 1 vCPU per processor licence (hyper-threading off) = 8 processor licence(s)"
        )

    def test_saying_hyperthreading_is_off_is_accepted_and_counts_the_same(self):
        result = priced({"hyperthreading": False})
        assert (result.licensed_vcpus, result.licences_per_server) == (8, 8)
        assert monthly(result) == EIGHT_PROCESSORS

    def test_a_caller_saying_on_does_not_halve_it(self):
        # the class runs 1 thread per core whatever a caller assumes: still 8
        assert priced(hyperthreading=True).licences_per_server == 8

    def test_asking_for_hyperthreading_on_is_refused_with_the_reason(self):
        message = refused({"hyperthreading": True})["licences.hyperthreading"]
        assert message == (
            f"{TPC1} runs one thread per core as AWS preconfigures it (source: {GUIDE}), so it has no hyper-threading "
            "to turn on: each vCPU is a core and counts as one processor licence; accepted: false, or omit it"
        )

    def test_the_smallest_tpc1_class_needs_two(self):
        # db.r5.large.tpc1.mem2x: "| 2 | — | 32 |": 2 vCPUs x 1 thread = 2 cores = 2 licences (not 2 / 2 = 1)
        assert priced(instance_class="db.r5.large.tpc1.mem2x", vcpus=2).licences_per_server == 2

    def test_a_multi_az_standby_doubles_the_8(self):
        # BYOL Multi-AZ licenses the standby like the primary: 2 servers x 8 = 16 processors
        result = priced(deployment="multi-az")
        assert (result.servers, result.products[0].required) == (2, 16)

    def test_a_newer_tpc1_class_is_read_from_its_name(self):
        # db.r6i.2xlarge.tpc1.mem2x is after the 2023-06 hardware table: its tpc1 still says 1 thread per core;
        # with the 8 vCPUs the caller gives, 8 cores = 8 licences, citing the page that defines tpcN
        result = priced(instance_class="db.r6i.2xlarge.tpc1.mem2x")
        assert result.licences_per_server == 8
        assert "source: AWS RDS User Guide, 'RDS for Oracle instance classes', 2023-06-15)" in result.notes[0]

    def test_the_class_is_not_taken_for_its_namesake(self):
        # db.r5.2xlarge runs 2 threads per core (the RDS processor table); the tpc1 class of the same size runs 1
        # "|  db\.r5\.2xlarge  |  8  |  4  |  2  |  2, 4  |  1, 2  |"
        assert type_threads("db.r5.2xlarge", cpu_options("db.r5.2xlarge"), 8) == 2
        assert type_threads(TPC1, None, 8) == 1
        assert type_threads(TPC2, None, 8) == 2


class TestTwoThreadsPerCore:
    def test_a_tpc2_class_counts_two_vcpus_a_licence_and_says_why(self):
        # 8 vCPUs = 4 cores x 2 threads; hyper-threading on: 8 / 2 = 4 licences
        result = priced(instance_class=TPC2)
        assert (result.hyperthreading, result.licences_per_server) == (True, 4)
        assert monthly(result) == FOUR_PROCESSORS
        assert result.notes[0].startswith(
            f"EE: 8 vCPUs ({TPC2} runs 2 threads per core as AWS preconfigures it, so its 8 vCPUs are 4 cores; "
            f"source: {GUIDE}), 2 vCPUs per processor licence (hyper-threading on) = 4 processor licence(s)"
        )

    def test_hyperthreading_off_is_refused_because_aws_does_not_let_it_change(self):
        message = refused({"hyperthreading": False}, instance_class=TPC2)["licences.hyperthreading"]
        assert message == (
            f"{TPC2} runs 2 threads per core as AWS preconfigures it (source: {GUIDE}), and AWS does not let the "
            "processor of such a class be configured (source: AWS RDS User Guide, 'Configuring the processor for a "
            "DB instance class', 2023-06-15), so hyper-threading cannot be turned off; accepted: true, or omit it (a "
            "tpc1 class runs one thread per core)"
        )
