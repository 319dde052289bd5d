"""Oracle Database@AWS (Exadata Database Service on Dedicated Infrastructure): sized and priced (``exadata``), its
cost lines and rates (``lines``, ``rates``), BYOL licences (``licences``) and its place in a recommendation (``option``)."""
