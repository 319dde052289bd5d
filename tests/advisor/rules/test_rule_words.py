"""What every rule shows users names documents as people know them: no documentation page's file name, anchor or
id ("Appendix.Oracle.CommonDBATasks", "CHAP_Oracle", "Oracle.Concepts.HugePages.html#anchor"); the page's address
is the finding's link."""

import re

import pytest

from advisor.engine.rules.loader import rule_set
from pricing.engine.sources.customer_words import customer_words

DOC_FILE = re.compile(
    r"\b(?:Appendix|CHAP|USER)[._][A-Z]\w*"  # AWS guides' page ids: Appendix.Oracle..., CHAP_Oracle, USER_...
    r"|\b[A-Z][a-z]+\.Concepts\.\w"  # Oracle.Concepts.FeatureSupport
    r"|[\w.-]\.html?\b|#[\w-]+"  # a page's file name or an anchor in it
)
SHOWN = ("title", "explanation", "workaround", "source")


@pytest.mark.parametrize("loaded", rule_set().rules, ids=lambda loaded: loaded.rule.id)
def test_no_rule_shows_a_documentation_page_by_its_file_name(loaded) -> None:
    for part in SHOWN:
        text = customer_words(getattr(loaded.rule, part) or "")
        assert not DOC_FILE.search(text), f"{part}: {text}"


def test_the_sysdba_workaround_names_the_dba_tasks_page_by_the_title_the_guide_gives_it() -> None:
    (sysdba,) = [loaded.rule for loaded in rule_set().rules if loaded.rule.id == "rds-no-sysdba"]
    assert "RDS User Guide, 'Administering your RDS for Oracle DB instance'" in (sysdba.workaround or "")


def test_the_flash_cache_rule_allows_the_ebs_backed_preferred_read_mirror_the_sizing_counts():
    # Maris Elsins' 2017 talk (the rule's source) shows ASM normal redundancy with an EBS and an NVMe failure group,
    # reads from the NVMe: the rule must not forbid what the EC2 sizing counts where a standby can take over
    (rule,) = [loaded.rule for loaded in rule_set().rules if loaded.rule.id == "ec2-smart-flash-cache-instance-store"]
    workaround = rule.workaround or ""
    assert "never for datafiles" not in workaround
    assert "preferred-read failure group beside an EBS one" in workaround
    assert "never as the only copy of datafiles or redo" in workaround
