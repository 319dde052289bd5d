"""Pricing's engine, pure Python (no Django): the calculator over the price book (``prices``), bills, licences and
commitments, one package each, with cash flow, transfer, backup, CPU options and freshness beside them."""
