"""The default word list's graph ships built (audio_scrabble/data), so the
first start after install need not build it; it must match the list."""

from __future__ import annotations

import zlib
from pathlib import Path

from audio_scrabble.lexicon import Lexicon
from audio_scrabble.lexicon import cache as lexcache
from audio_scrabble.lexicon.cache import CACHE_DIR_ENV
from audio_scrabble.lexicon.wordlist import parse_word_list, read_default_bytes

DATA = Path(lexcache.__file__).resolve().parents[1] / "data"


def test_the_shipped_graph_is_the_default_word_list():
    raw, _ = read_default_bytes()
    name = lexcache.cache_path(raw, DATA).name
    shipped = DATA / lexcache.packaged_name(name)
    assert shipped.is_file(), "rebuild it: python -m audio_scrabble.lexicon.cache"
    assert [p.name for p in DATA.glob("lexicon-*")] == [shipped.name]  # no stale graphs shipped
    assert shipped.stat().st_size < 1_000_000
    entry = lexcache.decode(zlib.decompress(shipped.read_bytes()))
    parsed = parse_word_list(raw)
    assert entry.skipped == parsed.skipped
    assert list(entry.dawg.words()) == sorted(parsed.words)


def test_a_fresh_cache_takes_the_shipped_graph_and_keeps_a_copy(monkeypatch, tmp_path):
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(folder))
    lex = Lexicon.default(reload=True)
    try:
        assert lex.cache_status == "loaded" and lex.cache_path.parent == folder
        assert lex.cache_path.is_file()  # copied into the cache
        assert "QUIZ" in lex and "QZXJ" not in lex
        again = Lexicon.default(reload=True)
        assert again.cache_status == "loaded" and len(again) == len(lex)
    finally:
        monkeypatch.delenv(CACHE_DIR_ENV)
        Lexicon.default(reload=True)


def test_a_user_list_is_never_taken_for_the_shipped_one(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    path = tmp_path / "mine.txt"
    path.write_text("CAT\nDOG\n")
    assert lexcache.load_packaged(lexcache.cache_path(path.read_bytes()).name) is None
    assert Lexicon.from_path(path).cache_status == "built"


def test_a_missing_or_damaged_shipped_graph_is_not_used(monkeypatch, tmp_path):
    raw, _ = read_default_bytes()
    name = lexcache.cache_path(raw).name
    monkeypatch.setattr(lexcache.importlib.resources, "files", lambda package: tmp_path)
    assert lexcache.load_packaged(name) is None  # missing
    (tmp_path / "data").mkdir()
    good = zlib.decompress((DATA / lexcache.packaged_name(name)).read_bytes())
    (tmp_path / "data" / lexcache.packaged_name(name)).write_bytes(zlib.compress(good[:-5]))
    assert lexcache.load_packaged(name) is None  # truncated
    (tmp_path / "data" / lexcache.packaged_name(name)).write_bytes(b"not zlib at all")
    assert lexcache.load_packaged(name) is None
    (tmp_path / "data" / lexcache.packaged_name(name)).write_bytes(zlib.compress(good))
    assert lexcache.load_packaged(name) is not None
