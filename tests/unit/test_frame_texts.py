"""Frame texts. Plain asserts: also run under MicroPython."""

from spielstube.ui.common.texts import Texts

TABLE = {
    "hello": {"de": "Hallo {name}", "en": "Hello {name}"},
    "only_en": {"en": "English"},
    "reason.heptalion.tile_not_in_hand": {"de": "{tile} fehlt", "en": "{tile} is not in the hand"},
    "reason.unknown": {"de": "Abgelehnt ({code})", "en": "Refused ({code})"},
    "list": {"de": "Felder {cells}", "en": "Fields {cells}"},
}


def test_language_and_fallbacks():
    assert Texts(TABLE, "de").t("hello", name="Ada") == "Hallo Ada"
    assert Texts(TABLE, "xx").lang == "en"
    assert Texts(TABLE, "de").t("only_en") == "English"
    assert Texts(TABLE, "de").t("missing.key") == "missing.key"
    assert Texts(TABLE, "en").t("hello") == "Hello {name}"
    assert Texts(TABLE, "en").t("hello", other=1) == "Hello {name}"


def test_reason_codes_are_translated_never_parsed():
    texts = Texts(TABLE, "de")
    assert texts.reason("heptalion.tile_not_in_hand", {"tile": "CT"}, "CT is not") == "CT fehlt"
    assert texts.reason("host.other", {}, "The host said no") == "The host said no"
    assert texts.reason("host.other", {}) == "Abgelehnt (host.other)"
    # a text naming a parameter the host left out gives way to the host's sentence
    assert texts.reason("heptalion.tile_not_in_hand", {}, "CT is not in hand") == "CT is not in hand"


def test_a_parameter_may_be_called_key():
    texts = Texts({"bad": {"en": "{key} is wrong"}}, "en")
    assert texts.t("bad", key="board") == "board is wrong"


def test_status_with_list_params():
    assert Texts(TABLE, "en").status({"key": "list", "params": {"cells": [1, 2]}}) == "Fields 1, 2"
    assert Texts(TABLE, "en").status(None) == ""


def test_numbers_of_four_digits_or_more_are_grouped_per_language():
    table = {"cap": {"de": "{max} Züge", "en": "{max} moves"}, "list": TABLE["list"]}
    assert Texts(table, "en").status({"key": "cap", "params": {"max": 1000}}) == "1,000 moves"
    assert Texts(table, "de").status({"key": "cap", "params": {"max": 1000}}) == "1.000 Züge"
    assert Texts(table, "de").t("cap", max=1234567) == "1.234.567 Züge"
    assert Texts(table, "en").t("cap", max=-25000) == "-25,000 moves"
    assert Texts(table, "en").t("cap", max=999) == "999 moves"
    assert Texts(table, "en").t("cap", max="1000") == "1000 moves"  # text stays as it came
    assert Texts(table, "en").t("cap", max=True) == "True moves"
    assert Texts(table, "en").status({"key": "list", "params": {"cells": [1000, 7]}}) == "Fields 1000, 7"


def test_count_forms_pick_zero_one_or_other_and_put_in_the_number():
    table = {"tiles": {"en": "{n|no tiles|# tile|# tiles} left", "params": {"n": "count"}},
             "moved": {"en": "{n} {n|seeker|seekers} moved", "params": {"n": "count"}}}
    texts = Texts(table, "en")
    assert [texts.t("tiles", n=n) for n in (0, 1, 2, 5)] == [
        "no tiles left", "1 tile left", "2 tiles left", "5 tiles left"]
    assert [texts.t("moved", n=n) for n in (0, 1, 2)] == ["0 seekers moved", "1 seeker moved", "2 seekers moved"]
    assert texts.t("tiles", n=1000) == "1,000 tiles left"  # grouped, the form still by the number
    assert Texts({"tiles": table["tiles"]}, "de").t("tiles", n=2000) == "2.000 tiles left"


def test_a_seat_that_is_the_person_alone_is_spoken_to():
    table = {"you": {"de": "Du", "en": "You"},
             "seeking": {"de": "{name} sucht.", "en": "{name} is seeking.", "params": {"name": "seat"},
                         "you": {"de": "Du suchst.", "en": "You are seeking."}}}
    assert Texts(table, "en").t("seeking", name="You") == "You are seeking."
    assert Texts(table, "de").t("seeking", name="Du") == "Du suchst."
    assert Texts(table, "en").t("seeking", name="Computer (easy)") == "Computer (easy) is seeking."
    assert Texts(table, "de").status({"key": "seeking", "params": {"name": "Du"}}) == "Du suchst."


def test_a_text_made_before_follows_the_language_the_table_and_the_count():
    # Texts keeps each sentence once made: another language, another table (the page's
    # own once read) or another count's form makes it again.
    texts = Texts({"tiles": {"en": "{n|# tile|# tiles}", "de": "{n|# Stein|# Steine}"}}, "en")
    assert texts.t("tiles", n=1) == "1 tile"
    assert texts.t("tiles", n=2) == "2 tiles"
    assert texts.t("tiles", n=True) == "True tiles"  # not the form kept for 1
    texts.lang = "de"
    assert texts.t("tiles", n=1) == "1 Stein"
    texts.table = {"tiles": {"de": "{n} Plättchen"}}
    assert texts.t("tiles", n=1) == "1 Plättchen"
