"""Measuring code: the benchmark tables of docs/benchmarks.md (``python -m
spielstube bench``), the match runner of ``selfplay``, Topologic's table of
hints per board. Never in the host's bundle (tests/unit/test_bundle.py)."""
