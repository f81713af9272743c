"""Spielstube: Topologic, Heptalion and Schlangennest against the computer."""

__version__ = "0.1.0"
