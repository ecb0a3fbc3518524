"""The laws applied to a hand record: every slip found, located, with a likely fix; ``files`` is the
file-system edge that finds and checks hand and rubber files.
"""
