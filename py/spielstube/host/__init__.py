"""The game host of the Web Worker: answers the page's intents with views.

host (intents -> messages), driver (computer turns, pacing), slot (one game),
view (the view), settings and seats (checked new-game settings), games (per
game host knowledge), worker_entry (the js glue; the only browser import).
"""
