"""Catalog facts both web apps build on: AWS Regions and instance types, read from ``fixtures/catalog/``.

Pure Python, below ``pricing`` and ``advisor`` alike, so neither has to import the other for them.
"""
