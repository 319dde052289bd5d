"""What AWS commitments do to a bill: the terms AWS sells (``terms``), one deployment under each beside on-demand
(``comparison``), totals for a recommendation (``totals``) and what Database Savings Plans cover."""
