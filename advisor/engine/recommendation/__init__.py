"""Recommendations: the search for each option's cheapest fitting topology (``recommender``), one class fitted to the
need on its priced storage layouts (``fitting``), the options it holds
(``candidates``), their costs and commitments, one ranking basis (``ranking``), unpriced reasons and the JSON shape."""
