"""What the advisor's pages show, built from the engines' results: the questionnaire, the results page (which the PDF
renders too), its charts and commitment words, and the /iolimits form and page."""
