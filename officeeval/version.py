"""The engine's version: recorded in every ScoreCard (``engine_version``), in a batch's
store and on reports. A module of its own so that the engine, the store and the reports
read it without importing the package root (whose lazy ``__getattr__`` imports scoring)."""

__version__ = "0.1.0"
