"""The online part of the data folder (audio_scrabble.online.store) and the
Matrix transport's checks that need no homeserver: the account file kept
private and its secrets out of reprs, a damaged account refused in one
sentence, a game's log that survives a kill mid-line and tells which
sends were never confirmed, and typed addresses and user ids read or
refused."""

from __future__ import annotations

import os
import stat

import pytest

from audio_scrabble.errors import OnlineError
from audio_scrabble.online.failures import AccountDamaged, BadUserId, SignInRefused
from audio_scrabble.online.matrix import check_user_id, normalise_homeserver
from audio_scrabble.online.store import Account, OnlineStore

ACCOUNT = Account(homeserver="https://example.org", user_id="@alice:example.org",
                  device_id="ASABC", access_token="syt_secret_token", pickle_key="pk-secret")


def test_the_account_is_kept_private_and_its_secrets_out_of_its_repr(tmp_path):
    store = OnlineStore(tmp_path / "online")
    assert store.load_account() is None
    store.save_account(ACCOUNT)
    assert store.load_account() == ACCOUNT
    if os.name == "posix":
        assert stat.S_IMODE(store.account_path.stat().st_mode) == 0o600
        for folder in (store.folder, store.keys_dir, store.games_dir):
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for shown in (repr(ACCOUNT), str(ACCOUNT)):
        assert "syt_secret_token" not in shown and "pk-secret" not in shown
        assert "@alice:example.org" in shown
    (store.keys_dir / "x.db").write_text("keys")
    store.forget_account()
    assert store.load_account() is None
    assert not store.keys_dir.exists()


def test_a_damaged_account_file_is_refused_in_one_sentence(tmp_path):
    store = OnlineStore(tmp_path / "online")
    store.ensure()
    store.account_path.write_text('{"homeserver": "x"')
    with pytest.raises(AccountDamaged) as damaged:
        store.load_account()
    assert isinstance(damaged.value, OnlineError)
    assert "sign in again" in str(damaged.value)


def test_a_game_log_survives_a_kill_mid_line_and_knows_what_was_never_sent(tmp_path):
    store = OnlineStore(tmp_path / "online")
    log = store.game_log("!room:example.org")
    log.append("outbox", txn_id="t1", body="one", record={"turn": 1})
    log.append("sent", txn_id="t1", event_id="$1")
    log.append("outbox", txn_id="t2", body="two", record={"turn": 2})
    # killed while writing a line
    with open(log.path, "ab") as handle:
        handle.write(b'{"kind": "received", "event_')
    log.append("received", event_id="$9", sender="@bob:example.org", body="hi", record=None, ts=5)
    kinds = [e["kind"] for e in log.entries()]
    assert kinds == ["outbox", "sent", "outbox", "received"]
    assert [e["txn_id"] for e in log.unsent()] == ["t2"]
    assert log.received_ids() == {"$1", "$9"}
    if os.name == "posix":
        assert stat.S_IMODE(log.path.stat().st_mode) == 0o600
    [again] = store.game_logs()
    assert again.room == "!room:example.org" and again.entries() == log.entries()
    assert ":" not in log.path.name and "!" not in log.path.name


def test_addresses_and_user_ids_as_typed():
    assert normalise_homeserver("example.org") == "https://example.org"
    assert normalise_homeserver("https://matrix.example.org/") == "https://matrix.example.org"
    assert normalise_homeserver("127.0.0.1:8008") == "http://127.0.0.1:8008"
    with pytest.raises(SignInRefused):
        normalise_homeserver("ftp://example.org")
    assert check_user_id(" @bob:example.org ") == "@bob:example.org"
    for bad in ("bob", "@bob", "bob:example.org", "@Bob Smith:example.org"):
        with pytest.raises(BadUserId) as refused:
            check_user_id(bad)
        assert "@bob:example.org" in str(refused.value)
