"""static/host-worker.js in Chromium: the host answers while a computer
thinks (JSPI slices), and a think taken back never shows its move.

The page is a bare probe at the app's origin that talks to the worker
directly, so this checks the host's messages, not a screen. Only the order
of events is asserted, never a time."""

import pytest

PROBE = "<!doctype html><meta charset=utf-8><title>host probe</title>"

# A worker plus a message log; `next(pred)` resolves with the first logged message matching.
SETUP = """() => {
  const log = [];
  const waiters = [];
  const worker = new Worker(new URL("static/host-worker.js", location.href), {type: "module"});
  worker.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "alive" || message.type === "progress") return;  // the heartbeat, start-up progress
    log.push(message);
    waiters.splice(0).forEach((f) => f());
  };
  let nextId = 1;
  window.host = {
    log,
    send(intent) { const id = nextId++; worker.postMessage(JSON.stringify({...intent, id})); return id; },
    next(pred) {
      return new Promise((resolve) => {
        const check = () => { const m = log.find(pred); if (m) resolve(m); else waiters.push(check); };
        check();
      });
    },
  };
}"""

EXCHANGE = """async () => {
  const h = window.host;
  const ready = await h.next((m) => m.type === "ready" || m.type === "failed");
  if (ready.type === "failed") return {ready};
  const opened = h.send({intent: "open", game: "heptalion", save: null,
                         settings: {seats: ["human", "ai:strong"], first: 0}});
  const start = (await h.next((m) => m.reply_to === opened)).view;
  const moved = h.send({intent: "move", game: "heptalion", version: start.version, move: start.legal[0]});
  const thinking = (await h.next((m) => m.reply_to === moved)).view;
  const undone = h.send({intent: "undo", game: "heptalion", version: thinking.version});
  const undoReply = await h.next((m) => m.reply_to === undone);
  const again = h.send({intent: "move", game: "heptalion", version: undoReply.view.version,
                        move: undoReply.view.legal[1]});
  await h.next((m) => m.reply_to === again);
  const pushed = await h.next((m) => m.type === "view" && m.reply_to === null);
  return {
    ready, thinking: thinking.thinking, undoDuringThink: undoReply.during_think === true,
    undoMoves: undoReply.view.moves.length,
    pushedMoves: pushed.view.moves.map((e) => e.params.tile + ":" + e.seat),
    secondMove: undoReply.view.legal[1].tile + ":0",
    thinkMs: pushed.view.think_ms,
    order: h.log.map((m) => m.type + ":" + m.reply_to),
  };
}"""


@pytest.fixture
def probe(page, base_url):
    page.route(base_url + "host-probe.html",
               lambda route: route.fulfill(body=PROBE, content_type="text/html"))
    page.goto(base_url + "host-probe.html")
    page.evaluate(SETUP)
    return page


def test_undo_while_the_computer_thinks_is_answered_inside_the_think_and_its_move_never_shows(probe):
    result = probe.evaluate(EXCHANGE)
    assert result["ready"]["type"] == "ready" and result["ready"]["sliced"] is True  # JSPI in this Chromium
    assert isinstance(result["ready"]["at"], (int, float))
    assert result["thinking"] == 1
    assert result["undoDuringThink"] and result["undoMoves"] == 0
    # The only push is the reply to the second move: the dropped think never showed.
    assert result["order"] == ["ready:undefined", "view:1", "view:2", "view:3", "view:4", "view:null"]
    assert len(result["pushedMoves"]) == 2 and result["pushedMoves"][0] == result["secondMove"]
    assert result["thinkMs"] > 0
