"""What the AWR pages show beyond the forms: the review page's rows, and the words the results page and the PDF add
about answers still as the import pre-filled them."""
