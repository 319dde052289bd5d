"""The estate as the customer sees it beyond the views: the estate page's charts and the estate PDF (its figures,
template and printing)."""
