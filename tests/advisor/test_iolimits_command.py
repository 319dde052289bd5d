"""``manage.py iolimits``: the issue's CLI, JSON per IO size, non-zero exit with the bound on bad input."""

import json

import pytest
from django.core.management import CommandError, call_command


def run(*args, capsys):
    call_command("iolimits", *args)
    return capsys.readouterr().out


def test_json_holds_every_standard_io_size_with_baseline_and_burst(capsys):
    out = run("--platform", "rds", "--instance", "db.m5.large", "--volume", "gp2", "--size-gib", "100", "--json",
              capsys=capsys)  # fmt: skip
    results = json.loads(out)["results"]
    assert [r["io_size_kib"] for r in results] == [8, 16, 32, 64, 128, 256, 512, 1024]
    for r in results:
        assert {"iops", "throughput_mib_s", "binding_limit"} <= set(r["baseline"])
        assert {"iops", "throughput_mib_s", "binding_limit", "lasts_seconds"} <= set(r["burst"])


def test_striped_ec2_volumes_with_asked_io_sizes(capsys):
    # seed 000: five 1 GiB gp2 volumes under ASM; each bursts to 3,000 IOPS but 1 GiB gp2 has a 100 IOPS floor
    out = run("--platform", "ec2", "--instance", "m4.large", "--volume", "gp2", "--size-gib", "1", "--volumes", "5",
              "--io-size-kib", "8", "--io-size-kib", "1024", "--json", capsys=capsys)  # fmt: skip
    eight, mib = json.loads(out)["results"]
    assert eight["baseline"]["iops"] == 500.0  # 5 x 100 IOPS floor (R§1)
    # m4.large: 450 Mbps and 3,600 IOPS (R§3): 5 x 3,000 burst is held to the instance's 3,600
    assert eight["burst"]["iops"] == 3600.0 and eight["burst"]["binding_limit"] == "instance_iops"
    assert eight["burst"]["reason"] == "the instance's EBS limit of 3,600 IOPS (EBS-level IOs)"  # m4 has no burst
    assert mib["burst"]["binding_limit"] == "instance_bandwidth"


def test_text_output_explains_the_binding_limit_and_cites_sources(capsys):
    out = run("--platform", "ec2", "--instance", "m4.large", "--volume", "gp3", "--size-gib", "1000",
              "--io-size-kib", "1024", "--scan-gib", "100", capsys=capsys)  # fmt: skip
    assert "the instance's EBS bandwidth of 450 Mbps caps throughput at 53.6 MiB/s" in out
    assert "full scan:" in out and "sources:" in out


def test_bad_input_exits_non_zero_with_the_option_and_the_bound():
    with pytest.raises(CommandError) as caught:
        call_command("iolimits", "--platform", "rds", "--instance", "db.m5.large", "--volume", "gp3",
                     "--size-gib", "100", "--throughput-mibps", "900")  # fmt: skip
    message = str(caught.value)
    assert "--throughput-mibps" in message or "--iops" in message
    assert "fixed at 3,000 IOPS and 125 MiB/s" in message
