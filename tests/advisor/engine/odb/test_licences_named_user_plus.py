"""Oracle Database@AWS on BYOL per Named User Plus: the named users on each VM cluster, at least 25 per processor
licence the VM cluster counts (Oracle's Technology Global Price List: Enterprise Edition $950 per Named User Plus,
minimum 25 per processor), its processor licences counted at 8 ECPUs each as under the processor metric."""

from advisor.engine.odb.licences import count_byol_licences
from pricing.engine.licences.cost import LicenceConfig
from pricing.engine.odb_prices import odb_shapes


def test_two_vm_clusters_of_16_ecpus_license_50_named_user_plus_each():
    config = LicenceConfig(metric="nup", named_users=10)
    counted = count_byol_licences(compute=16, compute_unit="ECPU", clusters=2, shapes=odb_shapes(), options=(),
                                  config=config)  # fmt: skip
    # 16 ECPUs / 8 = 2 processor licences a VM cluster; 25 x 2 = 50 > 10 named users; 50 x 2 VM clusters = 100
    assert counted.estimate is not None and counted.estimate.products[0].required == 100
    assert "BYOL counts 100 Oracle Database Enterprise Edition Named User Plus licences" in counted.note
    assert "10 named users on each VM cluster, at least 25 per processor licence counted" in counted.note
    # the stricter reading (4 ECPUs a licence): 4 processor licences, 100 a VM cluster, 200 in all
    assert counted.other is not None and counted.other.products[0].required == 200
