"""AWS price-list files read into price rows: the bulk offer file and Query API pages (``files``, ``reader``,
``rows``, ``report``), and the Compute and Database Savings Plans offer files (``savings_plans``, ``database_plan``)."""
