"""Oracle Database@AWS (Exadata Database Service on Dedicated Infrastructure): the infrastructure and VM cluster a need
takes (``sizing``), priced (``exadata``), its cost lines and rates (``lines``, ``rates``), BYOL licences (``licences``)
its place in a recommendation (``option``) and what a deployment is, in words (``words``)."""
