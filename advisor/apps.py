import sys

from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured


class AdvisorConfig(AppConfig):
    name = "advisor"
    verbose_name = "Oracle on AWS Advisor"

    def ready(self) -> None:
        """Refuse to start with a broken rule set rather than silently drop rules; drop cached prices when an admin
        writes or switches a price snapshot; tell pricing which saved assessments a snapshot switch reprices; set the
        garbage collector for a process that keeps answers (``config.collector``)."""
        from advisor import price_impact, services
        from config import collector

        collector.tune()  # long-lived tables of answers: fewer full passes of the garbage collector
        from pricing.services import snapshot_changed
        from pricing.snapshots.impact import register_impact_provider

        snapshot_changed.connect(services.clear_price_caches, dispatch_uid="advisor-price-caches")
        register_impact_provider(price_impact.assessment_impact)  # /prices/ lists the assessments a switch reprices
        if sys.argv[1:2] == ["check_rules"]:
            return  # that command reports the problems itself, rule by rule
        from advisor.engine.rules.loader import RuleSetInvalid, rule_set

        try:
            rule_set()
        except RuleSetInvalid as invalid:
            raise ImproperlyConfigured(f"{invalid}\n(python manage.py check_rules lists the same)") from None
        from advisor.reports.pdf import warm_browser_when_serving

        warm_browser_when_serving()  # a server starts Chromium with plotly.js loaded: its first PDF is a warm one
