"""Price fixtures for these tests come from tests/conftest.py (``prices``), shared with the advisor's tests."""
