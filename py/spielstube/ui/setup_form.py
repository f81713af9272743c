"""Form pieces for the new-game dialogs (radio groups, check boxes)."""

from . import dom


def choice_group(t, name, legend_key, choices, current):
    """A fieldset of radio buttons; ``choices`` are (value, label key) pairs."""
    items = []
    for value, label_key in choices:
        checked = " checked" if value == current else ""
        items.append(
            f'<label class="choice"><input type="radio" name="{name}" value="{dom.esc(value)}"{checked}>'
            f'<span>{dom.esc(t(label_key))}</span></label>')
    return f'<fieldset><legend>{dom.esc(t(legend_key))}</legend>{"".join(items)}</fieldset>'


def check_box(t, name, label_key, checked):
    return (f'<label class="choice check"><input type="checkbox" name="{name}"'
            f'{" checked" if checked else ""}><span>{dom.esc(t(label_key))}</span></label>')


def read_choice(root, name, allowed, default):
    element = root.querySelector(f'input[name="{name}"]:checked')
    if dom.missing(element):
        return default
    value = str(element.value)
    return value if value in allowed else default


def read_check(root, name):
    element = root.querySelector(f'input[name="{name}"]')
    return not dom.missing(element) and bool(element.checked)


def dialog_end(t):
    """Cancel and Start, closing the new-game form."""
    return ('<div class="dialog-buttons">'
            f'<button type="button" data-action="cancel-dialog">{dom.esc(t("cancel"))}</button>'
            f'<button type="button" class="primary" data-action="start-game">{dom.esc(t("start"))}</button>'
            '</div></form>')
