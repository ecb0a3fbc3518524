"""A validated hand as a lesson: the model (plain data for templates), HTML, PDF, and the site
build with its manifest and cache; ``resources`` finds the templates and assets.
"""
