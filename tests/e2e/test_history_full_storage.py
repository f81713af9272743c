"""A full storage (docs/host-protocol.md §7 "History"): the browser's profile lies on a
small file system of its own, filled until IndexedDB refuses writes with
QuotaExceededError; the next game's write then drops the oldest game of the history, the
page says so at once, and the game in play survives a reload.

The small file system is a tmpfs mounted for the test, which needs root (CI and
build.sh's machines run as root); elsewhere the test is skipped and says why. Chromium's
own quota override (CDP Storage.overrideQuotaForOrigin) leaves IndexedDB's quota as it
was, so a real disk that runs out is the way to a real full storage here."""

import json
import os
import subprocess

import pytest

from conftest import BROWSER_ARGS, CHROMIUM, record, wait_ready, watch_context

DATA = os.path.join(os.path.dirname(__file__), "data")
GAMES = ("heptalion", "topologic", "schlangennest")  # loaded in this order: the oldest first
# Room for the page's first-visit copies (~13 MB) and IndexedDB; the rest is filled.
DISK = "64m"

# Random bytes (storage compresses repeated ones) in IndexedDB's own database until it
# refuses even a kilobyte: the names of the refusals.
FILL = """async () => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open('filler', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('f');
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const refusals = [];
  let n = 0;
  for (let size = 1 << 20; size >= 1024;) {
    const chunk = new Uint8Array(size);
    for (let i = 0; i < size; i += 65536) crypto.getRandomValues(chunk.subarray(i, i + 65536));
    const done = await new Promise(res => { const tx = db.transaction('f', 'readwrite');
      tx.objectStore('f').put(chunk, 'k' + n);
      tx.oncomplete = () => res(null); tx.onabort = () => res(String(tx.error && tx.error.name)); });
    if (done === null) n++; else { refusals.push(done); size >>= 1; }
  }
  db.close();
  return refusals;
}"""


def finished_record(game):
    with open(os.path.join(DATA, f"review-{game}.json"), encoding="utf-8") as handle:
        return handle.read()


@pytest.fixture
def small_disk(tmp_path):
    """A directory on a tmpfs of DISK; skipped where it cannot be mounted."""
    where = tmp_path / "disk"
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("a full storage needs a small file system of its own: mounting one needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK}", "tmpfs", str(where)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"no tmpfs could be mounted for a full storage: {mounted.stderr.strip()}")
    yield where
    subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.fixture
def full_page(browser, base_url, small_disk, tmp_path):
    """A page of a browser whose profile lies on the small disk, watched as every page is."""
    context = browser.browser_type.launch_persistent_context(
        str(small_disk / "profile"), executable_path=CHROMIUM,
        args=BROWSER_ARGS + [f"--disk-cache-dir={tmp_path / 'http-cache'}"],
        viewport={"width": 1200, "height": 900}, locale="en-US", service_workers="block", bypass_csp=True)
    page, watch = watch_context(context, base_url)
    yield page
    context.close()
    watch.assert_clean()


def history_ids(page, base_url):
    page.goto(base_url + "#history")
    page.wait_for_selector("[data-history-list], [data-history-empty]")
    return page.eval_on_selector_all("[data-history-entry]", "rows => rows.map(r => r.dataset.historyEntry)")


def test_a_full_storage_drops_the_oldest_game_says_so_and_keeps_the_game_in_play(full_page, base_url):
    page = full_page
    page.goto(base_url + "#heptalion")
    wait_ready(page)
    for game in GAMES:
        page.goto(base_url + f"#{game}")
        page.wait_for_selector(f"[data-game='{game}'][data-board='live']")
        assert page.evaluate("t => window.spielstube.load(t)", finished_record(game)) is True
        page.wait_for_selector(f"[data-game='{game}'][data-game-over='true'] [data-history-link]")
    kept = history_ids(page, base_url)  # newest first
    assert len(kept) >= len(GAMES)

    refusals = page.evaluate(FILL)
    assert refusals and set(refusals) == {"QuotaExceededError"}, refusals

    # A new game (the Heptalion record loaded again) needs room for its entry and record.
    page.goto(base_url + "#heptalion")
    page.wait_for_selector("[data-game='heptalion'][data-board='live']")
    assert page.evaluate("t => window.spielstube.load(t)", finished_record("heptalion")) is True
    page.wait_for_selector("#toast:has-text('The storage was full')")
    in_play = record(page)
    now = history_ids(page, base_url)
    assert now[0] not in kept  # the game in play, newest
    assert kept[-1] not in now  # the oldest went first
    assert set(now[1:]) < set(kept)

    page.reload()
    wait_ready(page)
    page.goto(base_url + "#heptalion")
    # The host's board, not the kept one drawn before the host answers (no record yet then)
    page.wait_for_selector("[data-game='heptalion'][data-board='live'][data-game-over='true']")
    assert json.dumps(record(page)["moves"]) == json.dumps(in_play["moves"])  # the game in play is kept
    assert history_ids(page, base_url)[0] == now[0]  # and stored in the history
