"""The laws, pure: cards and their notation, seats and partnerships, the play of a trick, the
auction, the rule sets as data, and the replayed ``Game``.  No I/O, no file formats.
"""
