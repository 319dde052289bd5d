"""Oracle licence cost beside the AWS bill, by Oracle's cloud policy: the cost (``cost``), the list prices
(``prices``), counting processors (``counting``), the customer's own contract (``contract``) and its checks,
and the Core Factor Table for hosts on premises (``core_factors``)."""
