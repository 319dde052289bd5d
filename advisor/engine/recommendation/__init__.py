"""Recommendations: the search for each option's cheapest fitting topology (``recommender``), the options it holds
(``candidates``), their costs and commitments, one ranking basis (``ranking``), unpriced reasons and the JSON shape."""
