"""Python's start-up kept as a memory snapshot (static/host-worker.js): the first start
keeps one and runs the host on a Pyodide restored from it, a reload restores it instead
of starting Python again, and a damaged one is made again. Only states are asserted
(the host's start-up steps, what Cache Storage holds, computers playing), never a time."""

from conftest import BOOT_TIMEOUT_MS, open_app, record, wait_ready

WATCHED = "#heptalion?players=2&seats=ai:easy,ai:easy&first=0&board=original"
MEGABYTE = 1 << 20

# What the snapshot's cache holds: [{url, bytes}, ...].
SNAPSHOTS = """async () => {
  const cache = await caches.open('spielstube.snapshot');
  const out = [];
  for (const request of await cache.keys()) {
    out.push({url: request.url, bytes: (await (await cache.match(request)).arrayBuffer()).byteLength});
  }
  return out;
}"""
DAMAGE = """async () => {
  const cache = await caches.open('spielstube.snapshot');
  const [request] = await cache.keys();
  await cache.put(request, new Response(new Uint8Array(4096)));
}"""


def host_steps(page):
    """The host worker's start-up steps, once it said ready."""
    page.wait_for_function("window.spielstubeBoot.workerReadyAt !== undefined", timeout=BOOT_TIMEOUT_MS)
    return set(page.evaluate("Object.keys(window.spielstubeBoot.workerSteps)"))


def kept_snapshot(page):
    """The one snapshot kept, once written (the worker writes it beside its start)."""
    page.wait_for_function(f"({SNAPSHOTS})().then(s => s.length === 1 && s[0].bytes > {MEGABYTE})",
                           timeout=BOOT_TIMEOUT_MS, polling=250)
    return page.evaluate(SNAPSHOTS)[0]


def computers_play(page, moves):
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length >= {moves}", timeout=BOOT_TIMEOUT_MS)
    return len(record(page)["moves"])


def test_the_first_start_keeps_a_snapshot_and_a_reload_restores_it(page, base_url):
    open_app(page, base_url, WATCHED)
    first = host_steps(page)
    assert {"snapshot", "restored", "runtime"} <= first  # made, and the host's Pyodide restored from it
    snapshot = kept_snapshot(page)
    assert "/static/vendor/pyodide/memory-snapshot-" in snapshot["url"]
    played = computers_play(page, 2)

    page.reload()
    wait_ready(page)
    again = host_steps(page)
    assert "restored" in again and "snapshot" not in again  # Python's start-up not run again
    assert kept_snapshot(page) == snapshot
    assert computers_play(page, played + 2) >= played + 2  # the restored host plays on


def test_a_damaged_snapshot_is_made_again_and_the_host_starts(page, base_url):
    open_app(page, base_url, WATCHED)
    kept = kept_snapshot(page)
    page.evaluate(DAMAGE)
    assert page.evaluate(SNAPSHOTS)[0]["bytes"] == 4096

    page.reload()
    wait_ready(page)
    steps = host_steps(page)
    assert {"snapshot", "restored"} <= steps  # refused, made again, restored from the new one
    assert kept_snapshot(page)["bytes"] == kept["bytes"]
    computers_play(page, len(record(page)["moves"]) + 1)
