"""After one visit index.html starts and plays with the network gone: the
MicroPython page, the host's Pyodide worker and every game from the cache."""

from conftest import open_app, record, wait_ready


def test_second_visit_works_offline(browser, base_url):
    context = browser.new_context(service_workers="allow")
    foreign, errors = [], []
    context.on("request", lambda req: None if req.url.startswith(base_url) else foreign.append(req.url))
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    open_app(page, base_url, "#heptalion")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function(
        """async () => { const name = (await caches.keys()).find(k => k.startsWith('spielstube-'));
                         if (!name) return false;
                         const urls = (await (await caches.open(name)).keys()).map(r => r.url);
                         return urls.some(u => u.endsWith('micropython.wasm'))
                           && urls.some(u => u.endsWith('host-worker.js'))
                           && urls.some(u => u.endsWith('spielstube.zip')); }""", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.wait_for_function(
        "document.querySelector(\"[data-game='heptalion']\").dataset.aiThinking === 'false'", timeout=60_000)
    if page.get_attribute("[data-game='heptalion']", "data-turn") == "0":
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    # the computer answers from the cached host too
    page.wait_for_function(
        """() => { const g = document.querySelector("[data-game='heptalion']");
                   return g.dataset.aiThinking === 'false' && JSON.parse(window.spielstube.record()).moves.length >= 2; }""",
        timeout=60_000)
    # another game, its rules page and the landing page, all offline
    page.click(".brand")
    page.wait_for_selector("#landing", state="visible")
    page.click("[data-game-link='schlangennest']")
    page.wait_for_selector("[data-game='schlangennest']:not([data-read-only])", timeout=60_000)
    assert record(page)["game"] == "schlangennest"
    page.click("[data-action='rules']")
    page.wait_for_selector("[data-game-rules='schlangennest']")
    context.close()
    assert foreign == []
    assert errors == []
