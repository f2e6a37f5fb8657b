"""Tests of the word lists, the DAWG, its disk cache and the word judge.

The reference lists below (Scrabble two-letter words, common and
high-value three-letter words) were written out from knowledge of the
published lists (NWL2018, Collins Scrabble Words 2019), not copied from a
file; they serve as an independent check of the SCOWL-derived list.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audio_scrabble.errors import LexiconError
from audio_scrabble.lexicon import (
    CACHE_DIR_ENV,
    DEFAULT_NAME,
    Dawg,
    DawgFormatError,
    Lexicon,
    build_dawg,
    cache_dir,
)
from audio_scrabble.lexicon import cache as lexcache
from audio_scrabble.lexicon.judge import judge_main
from audio_scrabble.lexicon.wordlist import parse_word_list, read_default_bytes

REPO = Path(__file__).resolve().parents[2]
ENGLISH_TXT = REPO / "lexicon" / "english.txt"
BUILD_SCRIPT = REPO / "lexicon" / "build_wordlist.py"
SCOWL_DIR = Path("/usr/share/dict/scowl")

# The 107 two-letter words of NWL2018 (North American tournament list).
NWL2018_TWO = """
AA AB AD AE AG AH AI AL AM AN AR AS AT AW AX AY BA BE BI BO BY DA DE DO
ED EF EH EL EM EN ER ES ET EW EX FA FE GI GO HA HE HI HM HO ID IF IN IS IT
JO KA KI LA LI LO MA ME MI MM MO MU MY NA NE NO NU OD OE OF OH OI OK OM ON
OP OR OS OW OX OY PA PE PI PO QI RE SH SI SO TA TE TI TO UH UM UN UP US UT
WE WO XI XU YA YE YO ZA
""".split()
# The 20 further two-letter words of Collins Scrabble Words 2019 (127 in all).
CSW19_EXTRA_TWO = """
CH DI EA EE FY GU IO JA KO KY NY OB OO OU ST UG UR YU ZE ZO
""".split()

# Everyday three-letter words, all on both Scrabble lists.
COMMON_THREE = """
ACE ACT ADD ADO AFT AGE AGO AID AIL AIM AIR ALE ALL AMP AND ANT ANY APE APT
ARC ARE ARK ARM ART ASH ASK ASP ATE AWE AWL AXE AYE BAD BAG BAN BAR BAT BAY
BED BEE BEG BET BIB BID BIG BIN BIT BOA BOB BOG BOO BOW BOX BOY BRA BUD BUG
BUM BUN BUS BUT BUY BYE CAB CAD CAN CAP CAR CAT COD COG CON COO COP COT COW
COY CRY CUB CUD CUE CUP CUR CUT DAB DAD DAM DAY DEN DEW DID DIE DIG DIM DIN
DIP DOE DOG DON DOT DRY DUB DUD DUE DUG DUN DUO DYE EAR EAT EBB EEL EGG EGO
ELF ELK ELM EMU END EON ERA ERE ERR EVE EWE EYE FAD FAN FAR FAT FAX FED FEE
FEN FEW FIB FIG FIN FIR FIT FIX FLU FLY FOE FOG FOP FOR FOX FRY FUN FUR GAB
GAG GAL GAP GAS GEL GEM GET GIG GIN GNU GOB GOD GOT GUM GUN GUT GUY GYM HAD
HAG HAM HAS HAT HAY HEM HEN HER HEW HEX HEY HID HIM HIP HIS HIT HOB HOD HOE
HOG HOP HOT HOW HUB HUE HUG HUM HUT ICE ICY ILL IMP INK INN ION IRE IRK ITS
IVY JAB JAM JAR JAW JAY JET JIG JOB JOG JOT JOY JUG JUT KEG KEN KEY KID KIN
KIT LAB LAD LAG LAP LAW LAX LAY LEA LED LEE LEG LET LID LIE LIP LIT LOB LOG
LOP LOT LOW LUG LYE MAD MAN MAP MAR MAT MAW MAY MEN MET MEW MID MIX MOB MOP
MOW MUD MUG MUM NAB NAG NAP NAY NET NEW NIB NIL NIP NIT NOD NOR NOT NOW NUN
NUT OAF OAK OAR OAT ODD ODE OFF OFT OHM OIL OLD ONE OPT ORB ORE OUR OUT OVA
OWE OWL OWN PAD PAL PAN PAP PAR PAT PAW PAY PEA PEG PEN PEP PER PET PEW PIE
PIG PIN PIT PLY POD POP POT POX PRY PUB PUN PUP PUS PUT RAG RAM RAN RAP RAT
RAW RAY RED RIB RID RIG RIM RIP ROB ROD ROE ROT ROW RUB RUE RUG RUM RUN RUT
RYE SAD SAG SAP SAT SAW SAY SEA SEE SET SEW SEX SHY SIN SIP SIR SIS SIT SIX
SKI SKY SLY SOB SOD SON SOP SOT SOW SOY SPA SPY STY SUB SUE SUM SUN SUP TAB
TAG TAN TAP TAR TAX TEA TEE TEN THE THY TIC TIE TIN TIP TOE TOM TON TOO TOP
TOT TOW TOY TRY TUB TUG TWO URN USE VAN VAT VET VEX VIE VOW WAD WAG WAR WAS
WAX WAY WEB WED WEE WET WHO WHY WIG WIN WIT WOE WOK WON WOO WOW YAK YAM YAP
YAW YEA YEN YES YET YEW YON YOU ZAP ZED ZIP ZOO
""".split()
# Three-letter words with J, Q, X or Z that Scrabble players lean on (NWL).
SCRABBLE_THREE = """
JAB JAG JAM JAR JAW JAY JEE JET JEU JIB JIG JIN JOB JOE JOG JOT JOW JOY JUG
JUN JUS JUT HAJ RAJ TAJ QAT QIS QUA SUQ AXE BOX COX DEX DUX FAX FIX FOX GOX
HEX KEX LAX LEX LOX LUX MAX MIX NIX OXY PAX PIX POX PYX RAX REX SAX SEX SIX
SOX TAX TIX TUX VEX VOX WAX ZAX XIS ADZ AZO BIZ COZ CUZ FEZ FIZ WIZ ZAG ZAP
ZAS ZED ZEE ZEK ZIG ZIN ZIP ZIT ZOA ZOO ZUZ ZZZ SEZ REZ ZEA
""".split()

# Words of the worked examples and notation of RULES.md.
RULES_EXAMPLE_WORDS = ["TRAIN", "TRAINER", "THROB"]


# -- fixtures -------------------------------------------------------------------


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for the whole session, so the default list is built once."""
    return tmp_path_factory.mktemp("lexicon-cache")


@pytest.fixture(autouse=True)
def _isolated_cache(monkeypatch: pytest.MonkeyPatch, session_cache: Path) -> None:
    """Never touch the user's real cache folder."""
    monkeypatch.setenv(CACHE_DIR_ENV, str(session_cache))


@pytest.fixture
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A fresh, empty cache folder for this test only."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(folder))
    return folder


@pytest.fixture(scope="session")
def default_lexicon(session_cache: Path) -> Lexicon:
    old = os.environ.get(CACHE_DIR_ENV)
    os.environ[CACHE_DIR_ENV] = str(session_cache)
    try:
        return Lexicon.default()
    finally:
        if old is None:
            del os.environ[CACHE_DIR_ENV]
        else:
            os.environ[CACHE_DIR_ENV] = old


@pytest.fixture(scope="session")
def english_words() -> list[str]:
    return ENGLISH_TXT.read_text(encoding="ascii").split("\n")[:-1]


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


# -- the default list -------------------------------------------------------------


def test_rules_example_words_are_acceptable(default_lexicon: Lexicon) -> None:
    for word in RULES_EXAMPLE_WORDS:
        assert word in default_lexicon
        assert word.lower() in default_lexicon
    assert "TRAiN" in default_lexicon  # a blank played as I is just the letter I
    assert "HROB" not in default_lexicon


def test_default_list_file_is_clean(english_words: list[str], default_lexicon: Lexicon) -> None:
    raw = ENGLISH_TXT.read_bytes()
    assert b"\r" not in raw and raw.endswith(b"\n")
    assert english_words == sorted(set(english_words))
    assert all(w.isascii() and w.isalpha() and w.isupper() and 2 <= len(w) <= 15
               for w in english_words)
    assert len(default_lexicon) == len(english_words) > 200_000
    assert default_lexicon.name == DEFAULT_NAME == "default English (SCOWL)"
    assert default_lexicon.skipped == 0


def test_two_letter_coverage_nwl2018(default_lexicon: Lexicon) -> None:
    assert len(NWL2018_TWO) == len(set(NWL2018_TWO)) == 107
    missing = [w for w in NWL2018_TWO if w not in default_lexicon]
    assert missing == []


def test_no_junk_two_letter_words(english_words: list[str]) -> None:
    """Every two-letter word is on a Scrabble list: no letter plurals ("CS"), no unit symbols."""
    scrabble_two = set(NWL2018_TWO) | set(CSW19_EXTRA_TWO)
    assert len(scrabble_two) == 127
    twos = [w for w in english_words if len(w) == 2]
    assert [w for w in twos if w not in scrabble_two] == []
    for junk in ("CS", "MS", "KB", "SS", "PS", "XS"):
        assert junk not in twos


def test_three_letter_coverage(default_lexicon: Lexicon) -> None:
    assert len(set(COMMON_THREE)) == len(COMMON_THREE) == 468
    assert [w for w in COMMON_THREE if w not in default_lexicon] == []
    missing = [w for w in SCRABBLE_THREE if w not in default_lexicon]
    # TIX is on NWL but nowhere in SCOWL, so it is not in the list (see lexicon/README.md).
    assert missing == ["TIX"]


def test_default_bytes_come_from_the_package_data() -> None:
    raw, source = read_default_bytes()
    assert raw == ENGLISH_TXT.read_bytes()
    assert source.endswith("english.txt")


def test_default_falls_back_to_the_repository_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A source checkout that is not pip-installed has no audio_scrabble.wordlists package."""
    import importlib.resources

    def not_installed(package: str) -> None:
        raise ModuleNotFoundError(f"No module named {package!r}")

    monkeypatch.setattr(importlib.resources, "files", not_installed)
    raw, source = read_default_bytes()
    assert raw == ENGLISH_TXT.read_bytes()
    assert Path(source) == ENGLISH_TXT


def test_default_is_memoised(default_lexicon: Lexicon, own_cache: Path) -> None:
    assert Lexicon.default() is Lexicon.default()
    built = Lexicon.default(reload=True)  # a fresh cache folder: the graph shipped built...
    assert built.cache_status == "loaded"  # (tests/lexicon/test_prebuilt.py)
    fresh = Lexicon.default(reload=True)  # ...and loaded from then on
    assert fresh.cache_status == "loaded" and fresh is not built
    assert len(fresh) == len(default_lexicon) == len(built)


# -- user lists ----------------------------------------------------------------------


def test_user_list_with_bom_crlf_comments_and_junk(own_cache: Path, tmp_path: Path) -> None:
    text = (
        "\ufeff# my club list\r\n"
        "\r\n"
        "Quixotic\r\n"
        "  zax  \r\n"
        "   # an indented comment\r\n"
        "ZAX\r\n"          # duplicate, not skipped
        "café\r\n"         # accent: taken off, CAFE
        "smørbrød\r\n"     # ø has no plain form
        "don't\r\n"        # apostrophe
        "x-ray\r\n"        # hyphen
        "ice cream\r\n"    # two words
        "a\r\n"            # one letter
        "abcdefghijklmnop\r\n"  # 16 letters
        "r2d2\r\n"         # digits
        "qi"               # no final newline
    )
    path = write(tmp_path / "club.txt", text.encode("utf-8"))
    lexicon = Lexicon.from_path(path)
    assert sorted(lexicon.words()) == ["CAFE", "QI", "QUIXOTIC", "ZAX"]
    assert list(lexicon.words()) == ["CAFE", "QI", "QUIXOTIC", "ZAX"]
    assert len(lexicon) == 4
    assert lexicon.skipped == 7
    assert lexicon.name == "club.txt"
    assert "quixotic" in lexicon and "QuIxOtIc" in lexicon and "Zax" in lexicon
    assert "CAFE" in lexicon and "café" in lexicon and "" not in lexicon and "ZA" not in lexicon
    assert "smørbrød" not in lexicon and 42 not in lexicon  # type: ignore[operator]


def test_user_list_utf16_and_latin1(own_cache: Path, tmp_path: Path) -> None:
    utf16 = write(tmp_path / "u16.txt", "ZEN\r\nzoa\r\n".encode("utf-16"))
    assert list(Lexicon.from_path(utf16).words()) == ["ZEN", "ZOA"]
    latin1 = write(tmp_path / "l1.txt", "naïve\nnaive\nsmørbrød\n".encode("latin-1"))
    lexicon = Lexicon.from_path(latin1)
    assert list(lexicon.words()) == ["NAIVE"] and lexicon.skipped == 1  # naïve is NAIVE


def test_user_list_old_mac_line_ends(own_cache: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "mac.txt", b"cat\rdog\r")
    assert list(Lexicon.from_path(path, name="Mac list").words()) == ["CAT", "DOG"]
    assert Lexicon.from_path(path, name="Mac list").name == "Mac list"


@pytest.mark.parametrize("content, fragment", [
    (b"", "is empty"),
    (b"# only a comment\n\n   \n", "is empty"),
    (b"x\nsm\xc3\xb8rbr\xc3\xb8d\nhi-fi\n", "holds no usable words"),
])
def test_user_list_without_words_is_refused(own_cache: Path, tmp_path: Path,
                                            content: bytes, fragment: str) -> None:
    path = write(tmp_path / "bad.txt", content)
    with pytest.raises(LexiconError, match=fragment) as caught:
        Lexicon.from_path(path)
    assert caught.value.sentence.endswith(".")
    assert caught.value.code == "bad_lexicon"
    assert not own_cache.exists() or not any(own_cache.iterdir())


def test_missing_file_and_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="does not exist") as caught:
        Lexicon.from_path(tmp_path / "nowhere.txt")
    assert "nowhere.txt" in caught.value.sentence
    with pytest.raises(LexiconError, match="is a folder"):
        Lexicon.from_path(tmp_path)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="file permissions do not stop root (or work differently on Windows)")
def test_unreadable_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "secret.txt", b"word\n")
    path.chmod(0)
    try:
        with pytest.raises(LexiconError, match="cannot be read"):
            Lexicon.from_path(path)
    finally:
        path.chmod(0o600)


def test_from_words() -> None:
    lexicon = Lexicon.from_words(["train", "Throb", "x-ray", "TRAIN"], name="mine")
    assert list(lexicon.words()) == ["THROB", "TRAIN"]
    assert lexicon.skipped == 1 and lexicon.cache_status == "uncached" and lexicon.name == "mine"
    with pytest.raises(LexiconError):
        Lexicon.from_words(["x"])


def test_parse_word_list_counts() -> None:
    parsed = parse_word_list(b"b\nAa\naa\n#c\nzz9\n")
    assert parsed.words == ["AA"] and parsed.skipped == 2


# -- the disk cache -------------------------------------------------------------------


def _list_file(tmp_path: Path, words: str = "cat\ndog\ndogs\ncats\n") -> Path:
    return write(tmp_path / "list.txt", words.encode())


def test_cache_is_written_then_reused(own_cache: Path, tmp_path: Path) -> None:
    path = _list_file(tmp_path)
    first = Lexicon.from_path(path)
    assert first.cache_status == "built"
    assert first.cache_path is not None and first.cache_path.parent == own_cache
    assert first.cache_path.is_file()
    stamp = first.cache_path.stat().st_mtime_ns
    time.sleep(0.01)
    second = Lexicon.from_path(path)
    assert second.cache_status == "loaded"
    assert second.cache_path == first.cache_path
    assert second.cache_path.stat().st_mtime_ns == stamp  # not rewritten
    assert list(second.words()) == ["CAT", "CATS", "DOG", "DOGS"]
    assert [p.name for p in own_cache.iterdir()] == [first.cache_path.name]  # no temp debris


def test_cache_remembers_skipped_count(own_cache: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "l.txt", b"cat\nc-at\n")
    assert Lexicon.from_path(path).skipped == 1
    again = Lexicon.from_path(path)
    assert again.cache_status == "loaded" and again.skipped == 1


def test_changed_list_gets_a_new_cache_entry(own_cache: Path, tmp_path: Path) -> None:
    path = _list_file(tmp_path)
    first = Lexicon.from_path(path)
    _list_file(tmp_path, "cat\ncow\n")
    second = Lexicon.from_path(path)
    assert second.cache_status == "built" and second.cache_path != first.cache_path
    assert "COW" in second and "DOG" not in second


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "header"])
def test_corrupt_cache_is_rebuilt_silently(own_cache: Path, tmp_path: Path, damage: str) -> None:
    path = _list_file(tmp_path)
    built = Lexicon.from_path(path)
    cache_file = built.cache_path
    assert cache_file is not None
    data = bytearray(cache_file.read_bytes())
    if damage == "truncate":
        data = data[: len(data) - 3]
    elif damage == "flip":
        data[-1] ^= 0x01  # a terminal flag: only the checksum can tell
    elif damage == "garbage":
        data = bytearray(os.urandom(len(data)))
    elif damage == "empty":
        data = bytearray()
    else:
        data[8] ^= 0xFF  # the cache format version
    cache_file.write_bytes(bytes(data))
    assert lexcache.load(cache_file) is None
    rebuilt = Lexicon.from_path(path)
    assert rebuilt.cache_status == "built"
    assert list(rebuilt.words()) == ["CAT", "CATS", "DOG", "DOGS"]
    assert Lexicon.from_path(path).cache_status == "loaded"


def test_unwritable_cache_folder_still_works(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = write(tmp_path / "a-file", b"")
    monkeypatch.setenv(CACHE_DIR_ENV, str(blocker / "cache"))  # a folder inside a file
    lexicon = Lexicon.from_path(_list_file(tmp_path))
    assert lexicon.cache_status == "uncached" and lexicon.cache_path is None
    assert "DOGS" in lexicon


def test_cache_dir_env_and_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "x"))
    assert cache_dir() == tmp_path / "x"
    monkeypatch.delenv(CACHE_DIR_ENV)
    import platformdirs

    assert cache_dir() == Path(platformdirs.user_cache_dir("audio_scrabble", appauthor=False))


def test_warm_default_load_comes_from_the_cache(default_lexicon: Lexicon) -> None:
    Lexicon.default(reload=True)  # make sure the cache file exists
    lexicon = Lexicon.default(reload=True)
    assert lexicon.cache_status == "loaded"  # how fast: bench/lexicon_bench.py


# -- the DAWG --------------------------------------------------------------------------


def test_dawg_agrees_with_the_word_list(default_lexicon: Lexicon, english_words: list[str]) -> None:
    dawg = default_lexicon.dawg
    assert list(dawg.words()) == english_words
    assert all(word in dawg for word in english_words)
    words = set(english_words)
    rng = random.Random(20240601)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    probes: list[str] = []
    for _ in range(20_000):  # near misses: one letter changed, added or dropped
        word = rng.choice(english_words)
        i = rng.randrange(len(word))
        kind = rng.randrange(3)
        if kind == 0:
            probes.append(word[:i] + rng.choice(letters) + word[i + 1:])
        elif kind == 1:
            probes.append(word[:i] + rng.choice(letters) + word[i:])
        else:
            probes.append(word[:i] + word[i + 1:])
    probes += ["".join(rng.choice(letters) for _ in range(rng.randint(1, 16))) for _ in range(5_000)]
    non_words = [p for p in probes if p not in words]
    assert len(non_words) > 10_000
    assert not any(p in dawg for p in non_words)
    assert all((p in dawg) == (p in words) for p in probes)


def test_dawg_is_minimal_on_a_small_example() -> None:
    dawg = build_dawg(["TAP", "TAPS", "TOP", "TOPS"])
    # root -T-> n1; n1 -A-> n2 and n1 -O-> n2 (shared); n2 -P-> n3 (word) -S-> n4 (word)
    assert (dawg.node_count, dawg.edge_count, len(dawg)) == (5, 5, 4)
    n1 = dawg.child(dawg.root, "T")
    assert n1 is not None and dawg.children(n1).keys() == {"A", "O"}
    assert dawg.child(n1, "A") == dawg.child(n1, "o")
    end = dawg.walk("TOP")
    assert end is not None and dawg.is_terminal(end) and not dawg.is_terminal(n1)
    assert dawg.walk("TAPS") == dawg.walk("TOPS")
    assert dawg.walk("TX") is None and dawg.child(dawg.root, "?") is None
    assert dawg.walk("") == dawg.root
    assert list(dawg.edges(dawg.root)) == [("T", n1)]
    assert list(dawg.words(n1, "T")) == ["TAP", "TAPS", "TOP", "TOPS"]


def test_dawg_walking_api_on_default(default_lexicon: Lexicon, english_words: list[str]) -> None:
    words = set(english_words)
    dawg = default_lexicon.dawg
    node = dawg.root
    spelt = ""
    for letter in "TRAINER":  # T, TR, TRA (no); TRAIN (yes); TRAINE (no); TRAINER (yes)
        children = dawg.children(node)
        assert list(children) == sorted(children)
        node = children[letter]
        spelt += letter
        assert dawg.is_terminal(node) == (spelt in words)
    assert dawg.is_terminal(node) and dawg.is_terminal(dawg.walk("TRAIN") or dawg.root)
    assert not dawg.is_terminal(dawg.walk("TRAINE") or dawg.root)
    assert dawg.children(node) is dawg.children(node)  # cached
    # the letters that may follow a prefix are exactly those of the words that extend it
    for prefix in ("QI", "THRO", "ZA", "XU", "JO"):
        at = dawg.walk(prefix)
        assert at is not None
        expected = {w[len(prefix)] for w in words if w.startswith(prefix) and len(w) > len(prefix)}
        assert set(dawg.children(at)) == expected
        assert sorted(dawg.words(at, prefix)) == sorted(w for w in words if w.startswith(prefix))


def test_build_dawg_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="sorted"):
        build_dawg(["B", "A"])
    with pytest.raises(ValueError, match="sorted"):
        build_dawg(["A", "A"])
    with pytest.raises(ValueError, match="upper-case"):
        build_dawg(["abc"])
    with pytest.raises(ValueError, match="empty"):
        build_dawg([""])


def test_dawg_bytes_round_trip_and_damage() -> None:
    dawg = build_dawg(["CAT", "CATS", "DOG"])
    data = dawg.to_bytes()
    again = Dawg.from_bytes(data)
    assert list(again.words()) == ["CAT", "CATS", "DOG"] and len(again) == 3
    with pytest.raises(DawgFormatError):
        Dawg.from_bytes(data[:-1])
    damaged = bytearray(data)
    damaged[-1] ^= 1
    with pytest.raises(DawgFormatError, match="checksum"):
        Dawg.from_bytes(bytes(damaged))
    with pytest.raises(DawgFormatError):
        Dawg.from_bytes(b"not a dawg at all, not a dawg at all, not a dawg at all, !!")


word_strategy = st.text(alphabet="ABCDEFGH", min_size=1, max_size=8)


@settings(max_examples=150, deadline=None)
@given(words=st.lists(word_strategy, min_size=1, max_size=60), probes=st.lists(word_strategy, max_size=40))
def test_dawg_property(words: list[str], probes: list[str]) -> None:
    unique = sorted(set(words))
    dawg = Dawg.from_bytes(build_dawg(unique).to_bytes())
    assert list(dawg.words()) == unique
    assert len(dawg) == len(unique)
    for probe in probes + unique:
        assert (probe in dawg) == (probe in unique)
        node = dawg.walk(probe)
        has_prefix = any(w.startswith(probe) for w in unique)
        assert (node is not None) == has_prefix
        if node is not None:
            assert dawg.is_terminal(node) == (probe in unique)
            assert sorted(dawg.words(node, probe)) == [w for w in unique if w.startswith(probe)]


# -- the word judge ------------------------------------------------------------------------


def judge(words: list[str], lexicon_path: str | None = None, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = judge_main(words, lexicon_path, io.StringIO(stdin), out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_judge_arguments(default_lexicon: Lexicon) -> None:
    assert judge(["train", "TRAINER"]) == (0, "TRAIN: acceptable\nTRAINER: acceptable\n", "")
    code, out, _ = judge(["Throb", "xqzt", "TRAiN"])
    assert code == 1
    assert out == "THROB: acceptable\nXQZT: not acceptable\nTRAIN: acceptable\n"


def test_judge_stdin(default_lexicon: Lexicon) -> None:
    code, out, _ = judge([], stdin="qi\n\n  za \r\n\nzax\n")
    assert (code, out) == (0, "QI: acceptable\nZA: acceptable\nZAX: acceptable\n")
    code, out, _ = judge([], stdin="cs\nqi")
    assert (code, out) == (1, "CS: not acceptable\nQI: acceptable\n")
    assert judge([], stdin="") == (0, "", "")


def test_judge_with_user_list_and_bad_list(own_cache: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "tiny.txt", b"cat\n")
    assert judge(["cat", "dog"], str(path)) == (1, "CAT: acceptable\nDOG: not acceptable\n", "")
    code, out, err = judge(["cat"], str(tmp_path / "missing.txt"))
    assert code == 2 and out == ""
    assert err.strip().endswith("does not exist.") and "missing.txt" in err


def test_judge_many_lines_quickly(default_lexicon: Lexicon, english_words: list[str]) -> None:
    lines = english_words[::2][:100_000]
    assert len(lines) == 100_000
    code, out, _ = judge([], stdin="\n".join(w.lower() for w in lines) + "\n")
    assert code == 0
    assert out.count("\n") == 100_000 and out.count(": acceptable\n") == 100_000
    # (speed is measured by bench/lexicon_bench.py, not asserted here)


# -- the build script --------------------------------------------------------------------------


@pytest.mark.skipif(not SCOWL_DIR.is_dir(),
                    reason="Debian's scowl package is not installed (/usr/share/dict/scowl)")
def test_build_script_reproduces_the_committed_list(tmp_path: Path) -> None:
    out = tmp_path / "english.txt"
    done = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--output", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == ENGLISH_TXT.read_bytes()
    check = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    out.write_bytes(out.read_bytes() + b"ZZZZZZ\n")
    stale = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--check", "--output", str(out)],
                           capture_output=True, text=True)
    assert stale.returncode == 1 and "differs" in stale.stderr


def test_build_script_without_scowl_says_so(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--check", "--scowl-dir", str(tmp_path / "none")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "SCOWL is not installed" in done.stderr


@pytest.mark.skipif(not Path("/usr/share/dict/scowl").is_dir(),
                    reason="Debian's scowl package is not installed, so the everyday list cannot be rebuilt")
def test_everyday_words_rebuild_identically_and_are_all_in_the_default_list() -> None:
    script = REPO / "lexicon" / "build_common.py"
    check = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    common = set((REPO / "lexicon" / "common.txt").read_text().split())
    assert len(common) > 30000 and {"TRAIN", "HOUSE", "WATER"} <= common
    assert common <= set(ENGLISH_TXT.read_text().split())


# --------------------------------------------- absorbed words, prefixes, coverage
COVERAGE_SCRIPT = REPO / "lexicon" / "coverage.py"


def test_absorbed_foreign_words_are_in_without_accents(default_lexicon: Lexicon) -> None:
    # RULES.md: foreign words English has absorbed are allowed, spelt without accents.
    for word in ("CAFE", "CAFES", "CLICHE", "CLICHED", "FIANCE", "FIANCEE", "AIOLI", "PIU", "NAIVETE", "ENTREE"):
        assert word in default_lexicon, word
    # a player may type the accents: they are taken off
    assert "café" in default_lexicon and "FIANCÉE" in default_lexicon and "naïve" in default_lexicon
    assert "cafés" in default_lexicon and "cafè" in default_lexicon
    assert "smørbrød" not in default_lexicon  # ø has no plain form


def test_prefixes_and_proper_names_are_out_and_common_threes_are_in(default_lexicon: Lexicon) -> None:
    for word in ("NON", "PRE", "MULTI", "JAMES", "PAUL"):
        assert word not in default_lexicon, word
    for word in ("PSI", "RAD", "RES", "BRO", "ABS", "DEF", "LUV", "ZAX", "QAT"):
        assert word in default_lexicon, word
    assert "ANTI" in default_lexicon and "SEMI" in default_lexicon  # prefixes that are also words stay


def test_a_players_own_list_is_read_without_accents(own_cache: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "mine.txt", "café\nFiancée\nsmørbrød\nnaïve\ncat\n".encode("utf-8"))
    lex = Lexicon.from_path(path)
    assert sorted(lex.words()) == ["CAFE", "CAT", "FIANCEE", "NAIVE"]
    assert lex.skipped == 1 and "CAFÉ" in lex
    # the same list in Latin-1 reads the same
    latin = write(tmp_path / "latin.txt", "café\nFiancée\nnaïve\ncat\n".encode("latin-1"))
    assert sorted(Lexicon.from_path(latin).words()) == ["CAFE", "CAT", "FIANCEE", "NAIVE"]


def test_a_cache_written_before_accents_were_taken_off_is_not_used(own_cache: Path, tmp_path: Path) -> None:
    # The cache key is the list's bytes and the format version; the words
    # read from the same bytes changed, so the version did too.
    raw = "café\ncat\n".encode("utf-8")
    path = write(tmp_path / "mine.txt", raw)
    assert lexcache.CACHE_FORMAT_VERSION >= 2
    assert lexcache.cache_path(raw).name.startswith(f"lexicon-v{lexcache.CACHE_FORMAT_VERSION}-")
    first = Lexicon.from_path(path)
    again = Lexicon.from_path(path)
    assert (first.cache_status, again.cache_status) == ("built", "loaded") and "CAFE" in again


def test_judge_takes_accents_off(default_lexicon: Lexicon) -> None:
    assert judge(["café", "Fiancée"]) == (0, "CAFE: acceptable\nFIANCEE: acceptable\n", "")


def test_coverage_script_measures_the_list_and_a_given_enable(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(COVERAGE_SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"list: {len(ENGLISH_TXT.read_text().split()):,} words"
    assert "NWL2018 two-letter words: 107 of 107 (100.00%); none missing" in lines
    assert "ENABLE: not measured (give --enable FILE)" in lines
    # a stand-in for ENABLE: the script's arithmetic on a file of known words
    enable = write(tmp_path / "enable.txt", b"cafe\npsi\nqqq\nzzzz\ntrain\nx\nit's\n")
    done = subprocess.run([sys.executable, str(COVERAGE_SCRIPT), "--enable", str(enable)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "ENABLE: 5 words of 2-15 letters; the list holds 3 (60.00%)" in out
    assert "ENABLE three-letter words the list lacks: 1 (QQQ)" in out
    assert "ENABLE held by length: 3: 50.00%, 4: 50.00%, 5: 100.00%" in out
    missing = subprocess.run([sys.executable, str(COVERAGE_SCRIPT), "--enable", str(tmp_path / "none.txt")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "cannot read" in missing.stderr
