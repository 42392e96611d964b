"""The bot keeps its start-up objects out of the garbage collector's scans (issue 23 point
5: full collections walked the modules, the rulesets' tables and the libraries' classes
again and again, 14 % of the bot's CPU under load in benchmarks/bench_bot.py)."""

from __future__ import annotations

import subprocess
import sys


def test_freezing_moves_the_live_objects_out_of_the_collectors_view():
    code = (
        "import gc; from bot.app import freeze_startup_objects, build_application; "
        "before = gc.get_freeze_count(); freeze_startup_objects(); "
        "print(before, gc.get_freeze_count())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = map(int, out.stdout.split())
    assert before == 0 and after > 10_000, out.stdout  # every module and class alive then


def test_run_bot_freezes_once_built_before_it_serves(tmp_path):
    """In its own process: run_bot sets up logging and the token's redaction for good."""
    code = (
        "import bot.app as a; from bot.config import Settings; calls = []; "
        "a.freeze_startup_objects = lambda: calls.append('freeze'); "
        "a._serve = lambda app, settings: calls.append('serve'); "
        f"a.run_bot(Settings(TELEGRAM_BOT_TOKEN='1:x', DATABASE_URL='sqlite:///{tmp_path}/t.db')); "
        "print(' '.join(calls))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["freeze", "serve"], out
