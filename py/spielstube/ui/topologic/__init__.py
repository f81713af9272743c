"""Topologic's screen: board, seekers, notebook, with its pure turn builder and SVG."""
