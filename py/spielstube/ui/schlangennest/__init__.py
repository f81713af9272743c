"""Schlangennest's screen: the nest, hands and snakes, with its pure turn builder and SVG."""
