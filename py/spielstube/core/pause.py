"""A point where long work outside a search (making a Heptalion perfect board)
lets the host serve its intents, as a computer's think does through ai.clock.

Rules code calls ``point()`` every so often; nothing happens unless the host
installed a hook (``set_hook``), which decides how often it really pauses.
core and games stay free of the host and of ai: the hook is just a callable.
"""

_hook = None
_beat = None


def set_hook(hook):
    """Installs (or, with None, removes) the hook ``point()`` calls."""
    global _hook
    _hook = hook


def point():
    if _hook is not None:
        _hook()


def set_beat(hook):
    """Installs (or removes) the hook ``beat()`` calls."""
    global _beat
    _beat = hook


def beat():
    """A point in long work that must run through (a replay): the host may only say here
    that it is alive (its event loop, and with it the heartbeat, is blocked meanwhile)."""
    if _beat is not None:
        _beat()
