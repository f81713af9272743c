"""An ``analysis`` message on the page: a progress push changes only the
parts of the drawn screen it concerns (the screen's ``analysis_patch`` says
which); anything else, or a part not found, draws the whole screen."""

from ..common import bridge

PANEL = "[data-analysis]"


def take(frame, message):
    """Draws what ``message`` (already taken by the screen) changed."""
    if (message.get("state") != "working" or frame.shown is None or frame.root is None
            or not _apply(frame.root, frame.screen.analysis_patch(frame.texts, frame.shown))):
        frame.render()


def _apply(root, patch):
    if patch is None:
        return False
    panel = bridge.query(PANEL, root)
    more = bridge.query("[data-analysis-more]", panel) if panel is not None else None
    line = bridge.query(".analysis-line", panel) if panel is not None else None
    summary = bridge.query("[data-analysis-summary]", root)
    cells = [(bridge.query(f'[data-cell="{key}"]', root), mark, label) for key, mark, label in patch["cells"]]
    if more is None or line is None or summary is None or any(bridge.missing(c[0]) for c in cells):
        return False  # not the screen the patch was made for: draw it all
    for name, value in patch["attrs"]:
        if value is None:
            panel.removeAttribute(name)
        else:
            panel.setAttribute(name, str(value))
    if patch["line"] is not None:
        line.textContent = patch["line"]
    if patch["more"] is not None:
        more.innerHTML = patch["more"]
    if patch["summary"] is not None:
        summary.outerHTML = patch["summary"]
    for element, mark, label in cells:
        element.classList.remove("winning")
        element.classList.remove("losing")
        if mark is not None:
            element.classList.add(mark)
        element.setAttribute("aria-label", label)
    return True
