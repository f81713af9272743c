"""The last move's save is written before the page goes. The page stores a view
in a task of its own after drawing it; a reload or a closed tab drops tasks not
yet run, so the page also stores it on ``pagehide``."""

from conftest import open_app, record, wait_ready

TWO_PERSONS = "#heptalion?players=2&seats=human,human&first=0&board=original"
# From here on the page's zero-delay tasks are held, never run: as if the page went before them.
HOLD_SOON_TASKS = """() => {
    const run = window.setTimeout;
    window.heldTasks = [];
    window.setTimeout = (task, ms, ...rest) => ms ? run(task, ms, ...rest) : (window.heldTasks.push(task), 0);
}"""


def test_a_move_whose_save_task_never_ran_is_kept_through_a_reload(page, base_url):
    open_app(page, base_url, TWO_PERSONS)
    page.wait_for_selector("[data-piece].legal")
    page.evaluate(HOLD_SOON_TASKS)
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length === 1")
    assert page.evaluate("window.heldTasks.length") > 0  # the save's own task is among them
    moved = record(page)["moves"]

    page.reload()  # the hash is #heptalion now: the saved game resumes
    wait_ready(page)
    page.wait_for_selector("[data-game='heptalion'][data-turn='1']")
    assert record(page)["moves"] == moved
