"""What a hand file says, before any law is applied: the YAML reader (every value with its line and
column), the ``HandRecord``, the result-line grammar, diagnostics, and the editor schema.
"""
