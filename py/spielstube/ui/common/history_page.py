"""The history page's markup (``#history``, MicroPython and CPython): the games played
on this device as the host lists them (core/history_entry.py entries), newest first,
each with its date, game, seats, result from the person's view and the help used; a
filter by game, the way to more, delete (asked first), export and import.

Pure: the entries, the texts and a date formatter in, HTML out. The statistics (the
host's counts, ui/common/history_stats.py) stand in ``[data-history-stats]``.
"""

from . import history_stats, widgets
from .widgets import esc, seat_name

GAMES = ("heptalion", "topologic", "schlangennest")
PUZZLE = "heptalion-puzzle"


def screen_game(entry):
    """The game screen that replays an entry: a puzzle's own."""
    return PUZZLE if entry.get("origin") == "puzzle" else entry.get("game")


def seats_view(entry):
    """The entry's seats in a view's form, for the seats' names (widgets.seat_name)."""
    return {"seats": [{"kind": "ai", "level": seat.get("level")} if seat.get("kind") == "computer"
                      else {"kind": "human"} for seat in entry.get("seats") or []]}


def persons(entry):
    return [i for i, seat in enumerate(entry.get("seats") or []) if seat.get("kind") == "person"]


def outcome(entry):
    """(text key, params) of the result from the person's view when one person played:
    won, lost, drawn, place k of n; None otherwise (the places are said per seat)."""
    if not entry.get("finished"):
        return "history.unfinished", {}
    places = entry.get("places") or []
    people = persons(entry)
    if entry.get("origin") == "puzzle":
        return "history.placed", {"n": entry.get("moves", 0)}
    if len(people) != 1 or not places:
        return None
    place = places[people[0]]
    if places.count(place) == len(places):
        return "history.drawn", {}
    if place == 1 and places.count(1) == 1:
        return "history.won", {}
    if len(places) == 2 or place == max(places):
        return "history.lost", {}
    return "history.place_of", {"k": place, "n": len(places)}


def aids_text(texts, aids):
    parts = []
    if aids.get("suggestions"):
        parts.append(texts.t("history.aid_suggestions", n=aids["suggestions"]))
    if aids.get("undos"):
        parts.append(texts.t("history.aid_undos", n=aids["undos"]))
    if aids.get("analysis"):
        parts.append(texts.t("history.aid_analysis"))
    return ", ".join(parts)


def seats_text(texts, entry):
    """Each seat's name, with its place in a finished game that no one person's result says."""
    view = seats_view(entry)
    places = entry.get("places") if entry.get("finished") and outcome(entry) is None else None
    names = []
    for seat in range(len(view["seats"])):
        name = seat_name(texts, view, seat)
        names.append(texts.t("history.seat_place", name=name, k=places[seat]) if places else name)
    return " · ".join(names)


def entry_markup(texts, entry, when, asking):
    """One game; ``asking``: its deletion is being asked about."""
    ident = esc(entry.get("id", ""))
    game = screen_game(entry)
    said = outcome(entry)
    result = texts.t(said[0], **said[1]) if said is not None else ""
    aids = aids_text(texts, entry.get("aids") or {})
    kind = texts.t("history.watched") if entry.get("watched") else ""
    facts = [esc(text) for text in (result, kind, texts.t("history.moves", n=entry.get("moves", 0))) if text]
    if aids:
        facts.append('<span class="history-aids">' + esc(texts.t("history.aids", aids=aids)) + '</span>')
    if asking:
        actions = (f'<span class="history-ask" role="alert">{esc(texts.t("history.delete_ask"))}</span>'
                   f'<button type="button" class="danger" data-action="confirm-delete-history-entry" data-entry="{ident}">'
                   f'{esc(texts.t("history.delete_yes"))}</button>'
                   f'<button type="button" data-action="keep-history-entry" data-entry="{ident}">'
                   f'{esc(texts.t("history.delete_no"))}</button>')
    else:
        actions = (f'<a class="button" href="#{esc(game)}/replay/{ident}" data-history-replay="{ident}">'
                   f'{esc(texts.t("history.replay"))}</a>'
                   f'<button type="button" data-action="delete-history-entry" data-entry="{ident}">'
                   f'{esc(texts.t("history.delete"))}</button>')
    result = said[0].split(".")[1] if said is not None else "places"
    return (f'<li class="history-entry history-{result}" data-history-entry="{ident}" data-history-game="{esc(game)}" '
            f'data-history-result="{result}"' + (' data-history-watched' if entry.get("watched") else "") + '>'
            f'<div class="history-head"><span class="history-game">{esc(texts.t("game." + game))}</span>'
            f'<time datetime="{esc(entry.get("updated", ""))}">{esc(when(entry.get("updated", "")))}</time></div>'
            f'<div class="history-seats">{esc(seats_text(texts, entry))}</div>'
            f'<div class="history-facts">{" · ".join(facts)}</div>'
            f'<div class="history-actions">{actions}</div></li>')


def replay_title(texts, entry, when):
    """A replay's heading: the game's date as its row in the list says it (``when``)."""
    return texts.t("history.replay_of", date=when(entry.get("updated") or entry.get("started", "")))


def play_on_question(texts):
    """The question before play-from-here sets an unfinished game in play aside (#dialog)."""
    return widgets.confirm_dialog("data-confirm-play-from-here", texts.t("history.play_from_here_ask"),
                                  ("keep-replay", texts.t("cancel")),
                                  ("confirm-play-from-here", texts.t("history.play_from_here_yes")))


def iso_minutes(text):
    """``2026-12-03T17:40:00Z`` -> ``2026-12-03 17:40 UTC`` (without the page's clock)."""
    return text[:10] + " " + text[11:16] + " UTC" if len(text) >= 16 else text


def filter_markup(texts, chosen):
    options = [("", texts.t("history.all_games"))] + [(game, texts.t("game." + game)) for game in GAMES]
    return (f'<label class="history-filter">{esc(texts.t("history.filter"))} <select data-history-filter>'
            + "".join(f'<option value="{value}"{" selected" if value == (chosen or "") else ""}>{esc(name)}</option>'
                      for value, name in options)
            + '</select></label>')


def messages_markup(messages):
    return "".join(f'<p class="history-message" role="status">{esc(text)}</p>' for text in messages or [])


def page_markup(texts, state, when=iso_minutes, row=None):
    """The whole page from ``state``: {"entries", "total", "filter", "asking", "messages",
    "loading", "stats"}; ``row(entry, asking)``: an entry's markup (the page keeps those it drew)."""
    entries = state.get("entries") or []
    total = state.get("total") or 0
    messages = messages_markup(state.get("messages"))
    if row is None:
        def row(entry, asking):
            return entry_markup(texts, entry, when, asking)
    if state.get("loading"):
        body = f'<p class="history-empty">{esc(texts.t("history.loading"))}</p>'
    elif not entries:
        body = f'<p class="history-empty" data-history-empty>{esc(texts.t("history.empty"))}</p>'
    else:
        body = ('<ol class="history-list" data-history-list>'
                + "".join(row(entry, entry.get("id") == state.get("asking")) for entry in entries)
                + '</ol>')
    more = ""
    if len(entries) < total:
        more = (f'<button type="button" data-action="more-history">'
                f'{esc(texts.t("history.more", n=total - len(entries)))}</button>')
    return (f'<article class="history-page" data-history-page><h1>{esc(texts.t("history.title"))}</h1>'
            f'<div class="history-tools">{filter_markup(texts, state.get("filter"))}'
            f'<button type="button" data-action="export-history">{esc(texts.t("history.export"))}</button>'
            f'<button type="button" data-action="import-history">{esc(texts.t("history.import"))}</button>'
            f'<input type="file" accept=".json,application/json" data-history-file hidden></div>'
            f'<div class="history-messages" aria-live="polite" data-history-messages>{messages}</div>'
            f'{body}{more}'
            # after the games: a phone shows the list first, the counts are one scroll away
            + ('<div data-history-stats>' + history_stats.section(texts, state["stats"]) + '</div>'
               if state.get("stats") is not None else '') +
            f'<p><a class="button" href="#">{esc(texts.t("history.back"))}</a></p></article>')
