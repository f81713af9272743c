"""Browser only: screens, SVG drawing and input. Imports js and pyscript."""
