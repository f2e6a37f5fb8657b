"""bench/strength.py's external-engine protocol: the club level spoken
through it (bench/external_example.py) plays exactly as the club level."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def test_club_through_the_protocol_mirrors_the_club_level():
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import strength
    finally:
        sys.path.pop(0)
    from audio_scrabble.lexicon import Lexicon

    args = argparse.Namespace(seed=3, think=None, endgame=None, progress=0,
                              external=f"{sys.executable} {REPO / 'bench' / 'external_example.py'}")
    r = strength.play_pair("club", "external", 2, "double", Lexicon.default(), args)
    # the same bag twice, seats swapped, the same player on both sides: mirrored games
    assert r["wins"][0] == r["wins"][1] or r["draws"] == 2
    assert sorted(r["scores"][0]) == sorted(r["scores"][1])
    assert r["bingos"][0] == r["bingos"][1]
    assert strength.split_pair("expert-old-club") == ("expert-old", "club")


def test_the_bench_runs_and_reports_every_figure():
    out = subprocess.run([sys.executable, str(REPO / "bench" / "strength.py"), "--pairs", "club-beginner",
                          "--games", "2"], capture_output=True, text=True, check=True, timeout=300)
    text = out.stdout
    for needle in ("win share", "95%", "mean spread", "bingos a game", "median", "p95", "worst"):
        assert needle in text, text


def test_jobs_share_the_games_and_add_them_up():
    """--jobs 2: two child processes play alternate seeds; every game is counted once."""
    out = subprocess.run([sys.executable, str(REPO / "bench" / "strength.py"), "--pairs", "expert-before-club",
                          "--games", "4", "--jobs", "2"], capture_output=True, text=True, check=True, timeout=300)
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("expert-before vs club"))
    wins = [int(x) for x in line.replace(",", "").replace(";", "").split() if x.isdigit()]
    assert sum(wins) == 4, line  # expert-before's wins, club's wins, draws
    assert "expert-before:" in out.stdout and "club:" in out.stdout


def test_the_simulation_ceiling_bench_reports_the_static_regret():
    """bench/sim_ceiling.py on one game: its positions are simulated, and
    the regrets it prints are figures of points (never negative)."""
    import re

    out = subprocess.run([sys.executable, str(REPO / "bench" / "sim_ceiling.py"), "--games", "1",
                          "--iterations", "4"], capture_output=True, text=True, check=True, timeout=600)
    text = out.stdout
    m = re.search(r"(\d+) positions, 4 play-outs", text)
    assert m and int(m.group(1)) >= 1, text
    assert re.search(r"static regret: mean \d+\.\d\d points a move", text), text
    regrets = [float(x) for x in re.findall(r"regret (\d+\.\d\d)", text)]
    # five budgets, each by the rule that only prunes and by the one that also halves
    assert len(regrets) == 10 and all(r >= 0 for r in regrets), text


def test_the_experts_parts_can_be_pitted_one_at_a_time():
    """expert-no-pre drops only the pre-endgame rule; expert-two-ply-end
    keeps today's leaves and pre-endgame rule with issue 14's end game."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import strength
    finally:
        sys.path.pop(0)
    from audio_scrabble.engine import ComputerPlayer
    from audio_scrabble.engine.leave import hand_value, leave_value
    from audio_scrabble.lexicon import Lexicon

    args = argparse.Namespace(seed=0, think=None, endgame=None, progress=0, external=None)
    lex = Lexicon.default()
    no_pre = strength.make_player("expert-no-pre", lex, 1, args)
    top = [(30.0, "best"), (40.0, "adjusted")]
    assert no_pre._pre_endgame(None, 0, [], None, top) == ("best", 30.0)
    assert no_pre.leave is leave_value and type(no_pre)._endgame is ComputerPlayer._endgame
    two_ply = strength.make_player("expert-two-ply-end", lex, 1, args)
    before = strength.make_player("expert-before", lex, 1, args)
    assert two_ply.leave is leave_value and before.leave is hand_value
    assert type(two_ply)._endgame.__qualname__ == type(before)._endgame.__qualname__ == "expert_before.<locals>.ExpertBefore._endgame"
    assert two_ply._pre_endgame.__func__ is ComputerPlayer._pre_endgame
    assert before._pre_endgame(None, 0, [], None, top) == ("best", 30.0)


def test_the_tuned_expert_scales_and_mixes_its_leave_values():
    """expert-tuned: --leave-scale and --leave-mix weigh the learned table
    against the hand-made leaves (how the table's weight was checked)."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import strength
    finally:
        sys.path.pop(0)
    from audio_scrabble.engine.leave import hand_value, leave_value
    from audio_scrabble.lexicon import Lexicon

    lex = Lexicon.default()
    for scale, mix in ((0.7, 1.0), (1.0, 0.5), (1.3, 0.25)):
        args = argparse.Namespace(seed=0, think=None, endgame=None, progress=0, external=None,
                                  leave_scale=scale, leave_mix=mix)
        p = strength.make_player("expert-tuned", lex, 1, args)
        for tiles in ("AEINST", "Q", "?S", "UUV"):
            want = scale * (mix * leave_value(tiles) + (1 - mix) * hand_value(tiles))
            assert p.leave(tiles) == pytest.approx(want)
    assert leave_value("AEINST") != hand_value("AEINST")  # the mix is not a no-op
    assert strength.split_pair("expert-tuned-expert") == ("expert-tuned", "expert")
