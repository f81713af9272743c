"""The game host of the Web Worker: answers the page's intents with views.

host (intents -> messages), driver (computer turns, pacing), slot (one game),
view (the view), settings and seats (checked new-game settings), games (what
the games' rules declare, applied), jobs (analyses, by capability),
worker_entry (the js glue; the only browser import). No module here names a
game: each game declares what the host needs (core.game.GameRules).
"""
