"""The service worker: offline after one visit, new deploys reach returning
visitors (also those who were offline), and a failed download never replaces
a cached file. Each test serves its own copy of dist/ (deploy_server)."""

import json
import re

import pytest

from conftest import BOOT_TIMEOUT_MS, BROWSER_ARGS, CHROMIUM, DIST, wait_ready
from deploy_server import DeployServer

# Read by the browser itself (the tab's icon, installing the app), which
# Playwright does not report as the page's requests.
BROWSER_FILES = {"favicon.ico", "manifest.webmanifest", "static/icon-192.png", "static/icon-512.png"}


@pytest.fixture
def site(tmp_path):
    server = DeployServer(DIST, tmp_path / "site")
    yield server
    server.close()


@pytest.fixture
def context(browser):
    # Playwright evaluates string predicates with eval, which the page's CSP
    # refuses; test_security.py checks the policy itself.
    context = browser.new_context(service_workers="allow", bypass_csp=True)
    yield context
    context.close()


def precached(site):
    with open(site.path("sw.js"), encoding="utf-8") as handle:
        line = re.search(r"^const MANIFEST = (.*);$", handle.read(), re.MULTILINE).group(1)
    return json.loads(line)


def visit_until_cached(context, url):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    wait_ready(page)
    # The first version takes over at once, after its install stored every file.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    return page, errors


def cache_names(page):
    return page.evaluate("async () => (await caches.keys()).filter(k => k.startsWith('spielstube-'))")


def cached_text(page, rel):
    return page.evaluate("async (rel) => { const r = await caches.match(rel); return r && r.text(); }", rel)


def deploy_marker(page):
    return page.evaluate("() => document.querySelector('meta[name=deploy]')?.content || null")


def wait_until_the_install_gave_up(page, site, since, tried):
    """The browser checks for a new version after the navigation: waits until its
    install asked for every (path, status) in ``tried`` and ended."""
    waited_ms = 0
    while not tried <= set(site.served[since:]):
        assert waited_ms < BOOT_TIMEOUT_MS, f"no install of the new version was tried: {site.served}"
        page.wait_for_timeout(250)
        waited_ms += 250
    page.wait_for_function(
        "async () => { const reg = await navigator.serviceWorker.getRegistration(); return reg.installing === null; }",
        timeout=BOOT_TIMEOUT_MS)


def test_a_first_visit_in_a_private_window_downloads_each_file_once_and_the_next_plays_offline(context, site):
    # A fresh context is a private window: its HTTP cache (in memory) keeps no entry as
    # large as pyodide.asm.wasm, so the install takes the host's big files from the copy
    # the host's worker kept (static/host-worker.js), which no other cache outlives.
    requested = set()
    context.on("request", lambda req: req.service_worker is None and requested.add(req.url))
    page, errors = visit_until_cached(context, site.url + "#heptalion")
    manifest = precached(site)
    assert cache_names(page) == ["spielstube-" + manifest["version"]]
    downloads = site.downloads()
    twice = sorted({path for path in downloads if downloads.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"
    page.wait_for_function("() => window.spielstubeBoot.workerReadyAt !== undefined", timeout=BOOT_TIMEOUT_MS)
    ran = {url[len(site.url):] or "./" for url in requested if url.startswith(site.url)}
    ran = {re.sub(r"[?#].*", "", rel) or "./" for rel in ran}
    files = set(manifest["files"])
    assert ran - files == set(), "requested by the page but not precached"
    assert files - ran - BROWSER_FILES == set(), "precached but never requested by the page"
    assert not any("codemirror" in f or "xterm" in f for f in files)

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.wait_for_function(
        "() => document.querySelector('[data-game]')?.dataset.aiThinking === 'false'", timeout=60_000)
    if page.get_attribute("[data-game]", "data-turn") == "0":
        page.click("[data-piece].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
        page.click("[data-cell].legal >> nth=0")
    # the computer answers from the cached worker too
    page.wait_for_function(
        """() => { const g = document.querySelector('[data-game]');
                   return g.dataset.aiThinking === 'false' && JSON.parse(window.spielstube.record()).moves.length >= 2; }""",
        timeout=60_000)
    assert errors == []


def test_a_first_visit_downloads_every_file_once(browser, site, tmp_path):
    # The install takes the page's own downloads from the HTTP cache (force-cache),
    # so filling the precache sends no body a second time. A persistent profile, as
    # a visitor has: an in-memory HTTP cache keeps no entry as large as Pyodide's wasm.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=BROWSER_ARGS,
        service_workers="allow", bypass_csp=True)
    try:
        first_visit_downloads_once(context, site)
    finally:
        context.close()


def first_visit_downloads_once(context, site):
    page, errors = visit_until_cached(context, site.url + "#heptalion")
    page.wait_for_function("() => window.spielstubeBoot.workerReadyAt !== undefined", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(
        "async () => { const reg = await navigator.serviceWorker.getRegistration(); return reg.active !== null; }",
        timeout=BOOT_TIMEOUT_MS)
    downloads = site.downloads()
    twice = sorted({path for path in downloads if downloads.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"
    assert set(precached(site)["files"]) - BROWSER_FILES <= {path[1:] or "./" for path in downloads}
    assert errors == []


def test_a_new_deploy_reaches_a_visitor_who_was_offline(context, site):
    page, errors = visit_until_cached(context, site.url)
    first_version = precached(site)["version"]
    context.set_offline(True)
    page.reload()
    wait_ready(page)

    # Deployed while the visitor is offline: a changed page and stylesheet.
    with open(site.path("index.html"), encoding="utf-8") as handle:
        html = handle.read()
    with open(site.path("index.html"), "w", encoding="utf-8") as handle:
        handle.write(html.replace("<head>", '<head>\n  <meta name="deploy" content="second">', 1))
    with open(site.path("static/app.css"), "a", encoding="utf-8") as handle:
        handle.write("\n/* second deploy */\n")
    site.redeploy()
    assert precached(site)["version"] != first_version

    site.served.clear()
    context.set_offline(False)
    page.reload()
    wait_ready(page)
    assert deploy_marker(page) is None  # served from the cache: the version in use
    page.click("[data-action='reload-new-version']", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('meta[name=deploy]') !== null", timeout=BOOT_TIMEOUT_MS)
    wait_ready(page)
    # Only the script and the changed files came over the network; the rest
    # was copied from the previous version's cache.
    assert set(site.downloads()) == {"/sw.js", "/", "/static/app.css"}
    assert cache_names(page) == ["spielstube-" + precached(site)["version"]]

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert deploy_marker(page) == "second"
    assert "second deploy" in cached_text(page, "static/app.css")
    assert errors == []


def test_a_failed_download_never_replaces_a_cached_file(context, site):
    page, errors = visit_until_cached(context, site.url)
    first_visit = list(site.served)
    with open(site.path("static/app.css"), encoding="utf-8") as handle:
        stylesheet = handle.read()
    with open(site.path("static/app.css"), "a", encoding="utf-8") as handle:
        handle.write("\n/* a deploy that fails half-way */\n")
    with open(site.path("static/i18n.json"), "a", encoding="utf-8") as handle:
        handle.write("\n")
    with open(site.path("static/frame.css"), "a", encoding="utf-8") as handle:
        handle.write("\n/* the new deploy's frame.css */\n")
    site.redeploy()
    site.failing.update({"/static/app.css": 404, "/static/i18n.json": 500})
    # A body that is not the one built (the server changed after the manifest
    # was written): checked on its way into the cache and not kept.
    with open(site.path("static/frame.css"), "a", encoding="utf-8") as handle:
        handle.write("\n/* not the built file */\n")

    page.reload()
    wait_ready(page)
    wait_until_the_install_gave_up(page, site, len(first_visit), {
        ("/static/app.css", 404), ("/static/i18n.json", 500), ("/static/frame.css", 200)})
    assert page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistration()).waiting === null")
    assert page.locator("[data-action='reload-new-version']").count() == 0
    # No cache of any version holds the failed answers.
    stored = page.evaluate(
        """async () => { const found = [];
                         for (const name of await caches.keys()) {
                           const cache = await caches.open(name);
                           for (const rel of ['static/app.css', 'static/i18n.json', 'static/frame.css']) {
                             const hit = await cache.match(rel);
                             if (hit) found.push([name, rel, hit.status, await hit.text()]);
                           }
                         }
                         return found; }""")
    assert all(status == 200 for _, _, status, _ in stored), stored
    assert cached_text(page, "static/app.css") == stylesheet
    assert not any("not the built file" in text for _, _, _, text in stored), "a wrong body was kept"

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert cached_text(page, "static/app.css") == stylesheet
    assert errors == []


def test_an_old_copy_in_the_http_cache_is_not_kept_when_the_new_one_fails(context, site):
    # The install asks the HTTP cache first (force-cache); after a deploy that
    # cache still holds the old frame.css. That copy is not the built one, and
    # when the download of the new one fails it must not stay in the new
    # version's cache either (an interrupted later install would find it there).
    page, errors = visit_until_cached(context, site.url)
    with open(site.path("static/frame.css"), "a", encoding="utf-8") as handle:
        handle.write("\n/* the new deploy's frame.css */\n")
    site.redeploy()
    new_cache = "spielstube-" + precached(site)["version"]
    site.failing["/static/frame.css"] = 500
    page.reload()
    wait_ready(page)
    wait_until_the_install_gave_up(page, site, 0, {("/static/frame.css", 500)})
    kept = page.evaluate(
        """async (name) => { if (!(await caches.keys()).includes(name)) return null;
                             const hit = await (await caches.open(name)).match('static/frame.css');
                             return hit ? await hit.text() : null; }""", new_cache)
    assert kept is None, "the old copy from the HTTP cache was kept in the new version's cache"
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).waiting === null")
    assert errors == []
