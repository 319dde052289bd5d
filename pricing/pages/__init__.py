"""What pricing's pages show: the /estimate page and its choices (``estimate``, ``estimate_choices``), the staff
/prices page (``prices``) and the make-current confirmation with the affected work (``impact``)."""
