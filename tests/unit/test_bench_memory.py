"""The renderer-memory breakdown table (spielstube.bench_memory) from a measurement file."""

import json

from spielstube.bench.memory import breakdown_section


def _variant(rss, **more):
    row = {"rss_mib": {"median": rss, "runs": [rss - 1, rss, rss + 2]}}
    for key, value in more.items():
        row[key] = {"median": value, "runs": [value]}
    return row


def test_the_table_has_a_column_per_measured_variant_and_the_ratio_to_the_bare_page(tmp_path):
    path = tmp_path / "memory-breakdown.json"
    path.write_text(json.dumps({"runs": 3, "load_average": [1.0, 2.0, 3.0], "variants": {
        "bare": _variant(200.0, anonymous=70.0),
        "spike": _variant(216.0),
        "app": _variant(250.0, anonymous=95.5, **{"DOM nodes": 812}),
    }}))
    lines = breakdown_section(str(path))
    text = "\n".join(lines)
    assert ("| MiB | bare Pyodide page | the issue's spike (MicroPython SVG board + host worker) | "
            "index.html, service worker (the target's) |") in text
    assert "| resident (RSS), the target's number | 200 | 216 | 250 |" in text
    assert "| of it: anonymous memory (heaps, wasm memories) | 70 |  | 95.5 |" in text
    assert "| DOM nodes (count; Attr nodes count too) |  |  | 812 |" in text
    assert "| resident / bare | 1.00 | 1.08 | 1.25 |" in text
    assert "| resident, each run | 199, 200, 202 | 215, 216, 218 | 249, 250, 252 |" in text
    assert "load average at the end 1.0, 2.0, 3.0" in text
    assert "static_ui" not in text and "empty page" not in text  # unmeasured variants get no column


def test_no_measurement_yet_says_how_to_make_one(tmp_path):
    lines = breakdown_section(str(tmp_path / "missing.json"))
    assert lines[0] == "### Renderer memory: what the process holds"
    assert "run tools/measure/memory_breakdown.py docs/memory-breakdown.json" in lines[-1]
