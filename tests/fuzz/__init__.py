"""Fuzzing: mutated hand files, PBN and LIN, shared by ``tests/test_fuzz.py`` (a bounded run in CI) and
``tests/fuzz/fuzz.py`` (a longer run that prints tried / clean / failed).

- ``mutators``: the inputs (Foster's hands, the valid fixtures, the PBN and LIN corpus) and the
  mutations made to them, each drawn from a ``random.Random``;
- ``checks``: what a mutant must give: a clean error or a valid result, never a traceback, never a
  corruption accepted, in bounded time.
"""
