"""The bill of one configuration: what to price (``plan``), then the EC2 and RDS for Oracle lines (``ec2``, ``rds``)
with the price-book lookups each needs (``ec2_lookups``, ``rds_lookups``)."""
