"""``python -m spielstube replay FILE``: one JSON line on success, one text line on failure."""

import json
import os
import subprocess
import sys

import pytest

from spielstube.__main__ import main
from spielstube.core import limits
from test_project import documented_records

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def examples():
    return [json.loads(block) for _, block in documented_records()]


def run(tmp_path, capsys, content):
    path = tmp_path / "record.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def failed(tmp_path, capsys, content):
    code, out, err = run(tmp_path, capsys, content)
    assert code == 1 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    return err


@pytest.mark.parametrize("data", examples(), ids=lambda d: d["game"])
def test_success_prints_one_json_line(tmp_path, capsys, data):
    code, out, err = run(tmp_path, capsys, json.dumps(data))
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == {"ok": True, "moves": len(data["moves"]), "result": data["result"]}


def test_a_game_not_over_has_a_null_result(tmp_path, capsys):
    data = examples()[0]
    data["moves"] = data["moves"][:1]
    data["result"] = None
    code, out, _ = run(tmp_path, capsys, json.dumps(data))
    assert code == 0 and json.loads(out) == {"ok": True, "moves": 1, "result": None}


def test_a_byte_order_mark_is_accepted(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, b"\xef\xbb\xbf" + json.dumps(examples()[0]).encode())
    assert code == 0 and json.loads(out)["ok"] is True


def test_keys_with_line_breaks_keep_the_message_on_one_line(tmp_path, capsys):
    data = examples()[0]
    data["evil\nkey\r\u2028"] = 1
    err = failed(tmp_path, capsys, json.dumps(data))
    assert "unknown keys" in err and "evil\\nkey\\r\\u2028" in err
    data = examples()[0]
    data["options"] = {"bad\noption": True}
    failed(tmp_path, capsys, json.dumps(data))
    data = examples()[0]
    data["game"] = "no\nsuch game"
    assert "unknown game" in failed(tmp_path, capsys, json.dumps(data))


def test_an_illegal_move_names_its_index(tmp_path, capsys):
    data = next(d for d in examples() if d["game"] == "heptalion")
    data["moves"][1]["cells"] = data["moves"][0]["cells"]
    assert "move 1" in failed(tmp_path, capsys, json.dumps(data))


def test_the_size_limit_is_counted_in_bytes(tmp_path, capsys):
    data = examples()[0]
    data["setup"]["note"] = "ü" * (limits.MAX_RECORD_BYTES // 2)  # 2 bytes each
    text = json.dumps(data, ensure_ascii=False)
    assert len(text) < limits.MAX_RECORD_BYTES < len(text.encode())
    assert "too large" in failed(tmp_path, capsys, text)


@pytest.mark.parametrize("content, fragment", [
    ("[" * 100_000, "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    ("", "not valid JSON"),
    ('{"format": "spielstube/1", "game": "heptalion", "setup": {}, "moves": [], "extra": 1}', "unknown keys"),
])
def test_malformed_records_fail_on_one_line(tmp_path, capsys, content, fragment):
    assert fragment in failed(tmp_path, capsys, content)


def test_a_missing_file_fails_on_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.json")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "cannot read" in err and err.count("\n") == 1


def test_the_command_line_itself(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(examples()[0]))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    done = subprocess.run([sys.executable, "-m", "spielstube", "replay", str(path)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True
