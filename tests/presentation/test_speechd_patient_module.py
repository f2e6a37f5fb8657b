"""tests/speechd_patient.py, the logging Speech Dispatcher's module
program: a message sd_generic refuses ("301 ERROR CANT SPEAK", which the
server would drop) is offered again until taken, and everything else
passes both ways unchanged and in order. Checked against a stand-in for
sd_generic that refuses the first offers of each message."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

PATIENT = Path(__file__).resolve().parents[1] / "speechd_patient.py"

#: a stand-in for sd_generic: refuses each message REFUSE times (at SPEAK
#: when the mode is "early", after its text otherwise), then speaks it
FAKE = textwrap.dedent('''\
    import sys
    refuse, early = int(sys.argv[1]), sys.argv[2] == "early"
    out = sys.stdout
    def say(text):
        out.write(text); out.flush()
    refused = 0
    for line in sys.stdin:
        word = line.strip()
        if word == "INIT":
            say("299-sd_fake: initialized\\n299 OK LOADED SUCCESSFULLY\\n")
        elif word == "SPEAK":
            if early and refused < refuse:
                refused += 1
                say("301 ERROR CANT SPEAK\\n")
                continue
            say("202 OK RECEIVING MESSAGE\\n")
            text = []
            for data in sys.stdin:
                if data.strip() == ".":
                    break
                text.append(data)
            if not early and refused < refuse:
                refused += 1
                say("301 ERROR CANT SPEAK\\n")
                continue
            refused = 0
            say("200 OK SPEAKING\\n")
            say("701 BEGIN\\n")
            say("700-" + "".join(text).strip() + "\\n700 INDEX MARK\\n")
            say("702 END\\n")
        elif word == "STOP":
            say("703 STOP\\n")
        elif word == "QUIT":
            say("210 OK QUIT\\n")
            break
    ''')


def _run(tmp_path: Path, refuse: int, mode: str, talk: list[tuple[str, str]]) -> tuple[str, str]:
    """Talk to the module program as the server does (each command's
    answer awaited before the next); what it read back, and its count of
    messages offered again."""
    script = tmp_path / "fake.py"
    script.write_text(FAKE)
    fake = tmp_path / "sd_fake"
    fake.write_text(f"#!/bin/sh\nexec {sys.executable} {script} {refuse} {mode}\n")
    fake.chmod(0o755)
    conf = tmp_path / "conf" / "modules" / "others.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text("")
    proc = subprocess.Popen([sys.executable, str(PATIENT), str(fake), str(conf)], text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    heard: list[str] = []
    watchdog = threading.Timer(30, proc.kill)  # a conversation stuck ends in a failure, not a hang
    watchdog.start()
    try:
        for said, awaited in talk:
            proc.stdin.write(said)
            proc.stdin.flush()
            while True:
                line = proc.stdout.readline()
                assert line, heard
                heard.append(line)
                if line.startswith((awaited, "301 ")):  # or refused
                    break
        proc.stdin.close()
        heard += proc.stdout.readlines()
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait(30)
    retried = tmp_path / "others.spoken.retried"
    return "".join(heard), retried.read_text() if retried.exists() else ""


#: the server's side: what it writes, and the line it waits for
TALK = [("INIT\n", "299 "), ("SPEAK\n", "202 "), ("first\n.\n", "702 "), ("STOP\n", "703 "),
        ("SPEAK\n", "202 "), ("second\n.\n", "702 "), ("QUIT\n", "210 ")]
#: what the server reads back when nothing is refused
HEARD = ("299-sd_fake: initialized\n299 OK LOADED SUCCESSFULLY\n"
         "202 OK RECEIVING MESSAGE\n200 OK SPEAKING\n701 BEGIN\n700-first\n700 INDEX MARK\n702 END\n"
         "703 STOP\n"
         "202 OK RECEIVING MESSAGE\n200 OK SPEAKING\n701 BEGIN\n700-second\n700 INDEX MARK\n702 END\n"
         "210 OK QUIT\n")
def test_nothing_refused_passes_unchanged(tmp_path: Path) -> None:
    assert _run(tmp_path, 0, "late", TALK) == (HEARD, "")


def test_a_message_refused_after_its_text_is_offered_again(tmp_path: Path) -> None:
    heard, retried = _run(tmp_path, 3, "late", TALK)
    assert heard == HEARD  # the server never sees the refusals
    assert retried.split() == ["4", "200", "4", "200"]


def test_a_message_refused_at_speak_is_offered_again(tmp_path: Path) -> None:
    heard, retried = _run(tmp_path, 2, "early", TALK)
    assert heard == HEARD
    assert retried.split() == ["3", "200", "3", "200"]
