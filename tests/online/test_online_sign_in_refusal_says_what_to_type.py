"""After the password the sign-in questions are closed: a refusal then
says what to type to try again ('type online to try again'), not only
'check them and sign in again' or 'try again in a moment'. A homeserver
of a few lines stands on this computer (refusing every password), and
one that is not there at all (a closed port)."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

pytest.importorskip("nio", reason="matrix-nio is not installed (the online extra)")

from audio_scrabble.online.failures import SignInRefused, Unreachable  # noqa: E402
from audio_scrabble.online.matrix import MatrixTransport  # noqa: E402
from audio_scrabble.online.store import OnlineStore  # noqa: E402
from audio_scrabble.presentation import prompts  # noqa: E402


class _Refusing(BaseHTTPRequestHandler):
    """No .well-known; every login refused as a wrong password is."""

    def _answer(self, status: int, body: dict[str, str]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802
        self._answer(404, {"errcode": "M_NOT_FOUND", "error": "Not found"})

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._answer(403, {"errcode": "M_FORBIDDEN", "error": "Invalid password"})

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_wrong_password_says_type_online(refusing_server, tmp_path):
    with pytest.raises(SignInRefused) as refused:
        MatrixTransport.sign_in(refusing_server, "@bob:example.org", "wrong", OnlineStore(tmp_path), timeout=10)
    said = str(refused.value)
    assert said.startswith("The homeserver refused that user and password"), said
    assert "type online to try again" in said, said
    assert "type online" in (refused.value.brief or "")
    assert all(len(line) <= 40 for line in prompts.refusal_said(said))


def test_no_answer_while_signing_in_says_type_online(tmp_path):
    with pytest.raises(Unreachable) as unreachable:
        MatrixTransport.sign_in(f"http://127.0.0.1:{_closed_port()}", "@bob:example.org", "pw",
                                OnlineStore(tmp_path), timeout=10)
    said = str(unreachable.value)
    assert "did not answer while signing in" in said, said
    assert said.endswith("check the network, then type online to try again."), said
