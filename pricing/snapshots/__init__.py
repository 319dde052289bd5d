"""Price snapshots in the database: written, switched and read back (``store``), compared (``diff``), served as
price books cached per Region (``books``), and what switching one would do to saved work (``impact``)."""
