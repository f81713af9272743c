"""After one visit the page starts and plays with the network gone."""

from conftest import wait_ready


def test_second_visit_works_offline(browser, base_url):
    context = browser.new_context(service_workers="allow")
    foreign = []
    errors = []
    context.on("request", lambda req: None if req.url.startswith(base_url) else foreign.append(req.url))
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url + "#heptalion")
    wait_ready(page)
    # the service worker has cached every file of the app
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function(
        """async () => { const keys = await caches.keys();
                         const name = keys.find(k => k.startsWith('spielstube-'));
                         if (!name) return false;
                         const cache = await caches.open(name);
                         return (await cache.keys()).length >= 10; }""", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-game='heptalion']")
    page.wait_for_function(
        "document.querySelector('[data-game]').dataset.aiThinking === 'false'", timeout=60_000)
    if page.get_attribute("[data-game]", "data-turn") == "0":
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    # the computer answers from the cached worker too
    page.wait_for_function(
        """() => { const g = document.querySelector('[data-game]');
                   return g.dataset.aiThinking === 'false' && JSON.parse(window.spielstube.record()).moves.length >= 2; }""",
        timeout=60_000)
    context.close()
    assert foreign == []
    assert errors == []
