"""Notes the cards teach: the make judged by the books' rules, and the detectors of techniques
(``teaching.detectors``) with their registry.
"""
