"""The new-game dialog's fields in the browser (a part of input.FrameInput): a typed
number outside its range is marked at its field (aria-invalid; its range, said under
it, in red) and the dialog stays open; the fields that depend on another are laid out
anew while the person types, never on the blur a press on Start causes (Start would
move between press and release, and the click would be lost)."""

from ..common import bridge, new_game_dialog

FORM = "[data-new-game-form]"


def changed(frame_input, target, typing):
    """A field's change (``typing``: its input while typed in)."""
    form = bridge.query(FORM)
    name = str(target.name or "")
    if form is None or not name or bridge.closest(target, FORM) is None:
        return
    schema = frame_input._schema()
    values = frame_input._form_values(form)
    bad = new_game_dialog.out_of_range(values, schema)
    mark_invalid(form, bad)
    if typing and str(target.getAttribute("inputmode") or "") != "numeric":
        return  # a choice's or a list's own change event follows
    if name in bad or bridge.data(target, "seat-choice") is not None:
        return
    if name == "players" or new_game_dialog.others_depend_on(schema, name):
        settings = new_game_dialog.settings_from_form(values, schema, frame_input._levels())
        if settings != frame_input.dialog_settings:
            frame_input.show_dialog(settings, name if typing else None)


def refused(form, values, schema):
    """At Start: True (the fields marked, the first focused) when a typed number is out of range."""
    bad = new_game_dialog.out_of_range(values, schema)
    if not bad:
        return False
    mark_invalid(form, bad)
    bridge.query(f'[name="{bad[0]}"]', form).focus()
    return True


def mark_invalid(form, names):
    for field in bridge.query_all("[data-field]", form):
        name = bridge.data(field, "field")
        control = bridge.query(f'[name="{name}"]', field)
        if control is None:
            continue
        if name in names:
            control.setAttribute("aria-invalid", "true")
            field.setAttribute("data-invalid", "true")
        else:
            control.removeAttribute("aria-invalid")
            field.removeAttribute("data-invalid")


def keep_typing(dialog, name):
    """The field typed in keeps the keyboard after the dialog is drawn anew, the caret at its end."""
    field = bridge.query(f'[name="{name}"]', dialog) if name else None
    if field is not None:
        field.focus()
        end = len(str(field.value))
        field.setSelectionRange(end, end)
