"""The advisor's engines, pure Python (no Django): the workload contract, rules, the IO-limit model, sizing,
Oracle Database@AWS and the recommendation, one package each, with topologies and the catalog facts beside them."""
