"""Sources said as people know them: price sources by Region and date (``names``) and the clean-up of notes and
citations before a customer reads them (``customer_words``)."""
