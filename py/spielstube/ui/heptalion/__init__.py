"""Heptalion's screens: the game, the puzzle and the board workshop, with
their pure turn builder, SVG and panels."""
