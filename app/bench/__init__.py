"""Measurements of this machine; figures, never asserted.

- ``throughput``: ``trionfi bench``, the engine's and the bots' speed in this process.
"""
