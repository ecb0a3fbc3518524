"""Other formats in and out: PBN and LIN (each a forgiving reader and a strict writer), the neutral
``Board`` between them and our hand YAML (``interop``), and ``import``.
"""
