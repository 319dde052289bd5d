"""Rules as data: the rule files' shape (``shape``), loading and checking them (``loader``), the verdict per
deployment option for a workload (``verdicts``) and a rule said in plain words (``words``)."""
