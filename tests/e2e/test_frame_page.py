"""index.html as a whole: the landing page, the routes between the games and
their rules pages, the language before and after Python, and a game's own
loading state before the host is ready."""

from conftest import open_app, wait_ready

LANDING = "#landing"


def test_landing_lists_the_games_and_opens_each_one(page, base_url):
    open_app(page, base_url)
    assert page.is_visible(LANDING)
    assert page.locator("[data-game-link]").count() == 4  # the three games and the Heptalion puzzle
    assert "abstract games" in page.inner_text(".landing h1")
    assert "dominoes" in page.inner_text("[data-game-link='heptalion'] .game-blurb")
    page.click("[data-game-link='heptalion']")
    page.wait_for_selector("[data-game='heptalion']")
    assert not page.is_visible(LANDING)
    assert page.locator(".player").first.get_attribute("data-seat") == "0"  # your own panel first
    assert page.title().startswith("Heptalion")
    page.click(".brand")
    page.wait_for_selector(LANDING, state="visible")
    assert not page.is_visible("#frame")
    page.click("[data-game-link='schlangennest']")
    page.wait_for_selector("[data-game='schlangennest']")
    assert page.locator("[data-game]").count() == 1  # one game on the page at a time
    page.go_back()  # to the landing page, then forward to the game again
    page.wait_for_selector(LANDING, state="visible")
    page.go_back()
    page.wait_for_selector("[data-game='heptalion']")


def test_unknown_route_and_bad_language_parameter(page, base_url):
    page.goto(base_url + "?lang=xx#nowhere")
    page.wait_for_selector("#toast", state="visible")  # said at once, before the host is ready
    assert page.is_visible(LANDING)
    assert "nowhere" in page.inner_text("#toast")
    assert page.evaluate("location.hash") == ""


def test_rules_pages_in_both_languages_and_back_to_the_game(page, base_url):
    open_app(page, base_url, "#topologic/rules")
    page.wait_for_selector("[data-game-rules='topologic']")
    assert not page.is_visible(LANDING)
    english = page.inner_text(".rules-text")
    assert "queen" in english and "border field" in english
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    german = page.inner_text(".rules-text")
    assert "Dame" in german and "Randfeld" in german
    page.click("[data-action='back-to-game']")
    page.wait_for_selector("[data-game='topologic']")
    assert page.evaluate("location.hash") == "#topologic"
    # the Rules button of a game screen, and the language switched on the rules page
    page.goto(base_url + "#schlangennest")
    page.wait_for_selector("[data-game='schlangennest']")
    page.click("[data-action='rules']")
    page.wait_for_selector("[data-game-rules='schlangennest']")
    german = page.inner_text("[data-game-rules='schlangennest']")
    assert "Ring" in german and "Nest" in german and "selten" not in german
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'en'")
    english = page.inner_text("[data-game-rules='schlangennest']")
    assert "ring" in english and "rare" not in english
    page.click("[data-action='back-to-game']")
    page.wait_for_selector("[data-game='schlangennest']")
    assert "New game" in page.inner_text("[data-action='new-game']")


RULES_PICTURES = {"heptalion": ["placement", "blocked"], "topologic": ["queen", "hint"],
                  "schlangennest": ["cards", "nest", "laydown", "special-case", "head-and-tail"]}


def test_each_rules_page_has_its_pictures_in_both_languages(page, base_url):
    """Drawn by each game's own SVG code (ui/<game>/rules_pictures.py), each captioned in
    the page's language; axe finds nothing on them."""
    from access_helpers import assert_no_findings

    open_app(page, base_url, "#topologic/rules")
    for lang in ("en", "de"):
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("[data-action='language']")
            page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        for game, names in RULES_PICTURES.items():
            page.evaluate("g => { location.hash = g + '/rules'; }", game)
            page.wait_for_selector(f"[data-game-rules='{game}'] [data-rules-picture]")
            shown = page.eval_on_selector_all("[data-rules-picture]", "els => els.map(e => e.dataset.rulesPicture)")
            assert shown == names, (lang, game)
            captions = page.eval_on_selector_all(
                "[data-rules-picture]", "els => els.map(e => [e.querySelector('svg').childElementCount,"
                                        " e.querySelector('figcaption').textContent])")
            table = page.evaluate("window.spielstubeTexts")
            for name, (drawn, caption) in zip(names, captions):
                assert drawn > 0 and caption == table[f"rules_picture.{game}.{name}"][lang], (lang, game, name)
            if lang == "de":
                assert_no_findings(page, f"{game} rules, German")


def test_a_route_change_closes_the_dialog(page, base_url):
    open_app(page, base_url, "#heptalion")
    page.click("[data-action='new-game']")
    page.wait_for_selector("dialog[open]")
    page.evaluate("location.hash = 'heptalion/rules'")
    page.wait_for_selector("[data-game-rules='heptalion']")
    assert page.locator("dialog[open]").count() == 0
    page.go_back()
    page.wait_for_selector("[data-game='heptalion']")
    assert page.locator("dialog[open]").count() == 0


def test_a_game_shows_its_own_loading_state_before_the_host_is_ready(page_and_watch, base_url):
    page, watch = page_and_watch
    page.route("**/host-worker.js", lambda route: None)  # never answered: the host stays away
    page.goto(base_url)
    page.wait_for_selector("[data-game-link='topologic']")
    page.click("[data-game-link='topologic']")
    page.wait_for_selector("[data-game-loading='topologic']")
    assert not page.is_visible(LANDING)
    assert page.is_visible("#boot-status")
    assert page.evaluate("document.body.dataset.appState") == "loading"
    # a game's address opens on that game's place, too (here with no kept view)
    page.goto(base_url + "#schlangennest")
    page.wait_for_selector("[data-game-loading='schlangennest']")
    assert not page.is_visible(LANDING)
    assert watch.foreign_requests == []


def test_language_switch_before_python_is_ready(page_and_watch, base_url):
    page, watch = page_and_watch
    page.route("**/ui/app.py", lambda route: None)  # MicroPython never gets its start
    page.goto(base_url)
    page.wait_for_function("document.querySelector('.landing h1').textContent.includes('abstract')")
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Strategiespiele" in page.inner_text(".landing h1")
    assert page.evaluate("localStorage.getItem('spielstube.lang')") == "de"
    page.unroute("**/ui/app.py")
    page.reload()
    wait_ready(page)
    assert "Strategiespiele" in page.inner_text(".landing h1")  # Python keeps the choice
    page.click("[data-action='language']")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "abstract games" in page.inner_text(".landing h1")
    assert watch.foreign_requests == []
