"""One controller for every game's screen: the host link, input, drawing,
saves, share links, routes. It names no game: ui/app.py hands it the screens."""
