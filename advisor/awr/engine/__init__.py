"""The AWR / Statspack / AWR-Miner import engine. Pure Python: no Django.

``importer.import_files`` is the entry point: detection (``detect``), one parser per report kind
(``html.awr``, ``html.global_awr``, ``text.awr``, ``text.statspack``, ``awr_miner``, ``dbspace``), the shared figure model
(``figures``), aggregation across files (``aggregation``), masking (``mask``) and the workload pre-fill (``prefill.fields``);
``upload.read_upload`` is the same import plus what to keep of each file (masked on request), for the web app.
"""
