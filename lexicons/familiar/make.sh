#!/usr/bin/env bash
# lexicons/familiar/make.sh OUTDIR
#
# Builds the "familiar word" lists used by the Trace game, writing into
# OUTDIR three UTF-8 files with one word per line, most frequent first:
#
#   en.txt  English
#   es.txt  Spanish (accents kept; the Rust side folds them but keeps ñ)
#   fr.txt  French (accents kept; the Rust side folds them)
#
# Source: the frequency data shipped inside the PyPI wheel of wordfreq
# 3.1.1 (data licence CC BY-SA 4.0; see README.md beside this script).
# The files wordfreq/data/large_en.msgpack.gz, large_es.msgpack.gz and
# large_fr.msgpack.gz are read directly; they are exactly what wordfreq.iter_wordlist(lang) /
# wordfreq.top_n_list(lang, n) return (checked when WORDFREQ_CHECK=1).
#
# Filter (in source order; see README.md):
#   1. every character is a letter the game can spell:
#      a-z and à á â ä ã å è é ê ë ì í î ï ò ó ô ö õ ù ú û ü ý ÿ ç œ æ ñ
#      (so no digits, apostrophes, hyphens, spaces, other scripts);
#   2. 3 to 8 letters once spelt as game tiles (œ and æ count as two;
#      Spanish CH, LL, RR are counted as two letters here, although the
#      game makes each one tile);
#   3. Zipf frequency >= ZIPF_MIN (default 3.0: at least once per million
#      words, wordfreq bin index <= 100 * (9 - ZIPF_MIN));
#   4. only the first (most frequent) of the words that fold to the same
#      tiles is kept (e.g. "café" before "cafe": only "café" stays). In
#      Spanish ñ is a letter of its own and is not folded ("año" and "ano"
#      both stay); everywhere else it folds to n.
# wordfreq lower-cases everything and does not mark proper nouns, so no
# proper-noun filter can be applied from this source.
#
# Needs: python3 with the venv module (Debian: python3-venv), network
# access to PyPI. Nothing is installed globally: pip runs in a throw-away
# virtual environment inside a temporary work directory (removed on exit;
# set WORKDIR=/some/dir to keep it).
#
# Pinned:
#   WORDFREQ_VERSION 3.1.1, wheel sha256 WORDFREQ_WHEEL_SHA256 below
#   MSGPACK_VERSION  1.2.4 (PyPI msgpack, to read the data files)

set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
OUTDIR=$1

WORDFREQ_VERSION=3.1.1
WORDFREQ_WHEEL=wordfreq-$WORDFREQ_VERSION-py3-none-any.whl
WORDFREQ_WHEEL_SHA256=4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473
MSGPACK_VERSION=1.2.4
ZIPF_MIN=${ZIPF_MIN:-3.0}

log() { echo "[familiar/make.sh] $*" >&2; }
die() { echo "[familiar/make.sh] ERROR: $*" >&2; exit 1; }

if [ -n "${WORKDIR:-}" ]; then
    mkdir -p "$WORKDIR"
    WORK=$(cd "$WORKDIR" && pwd)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/wocable-familiar.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
log "work dir: $WORK"

command -v python3 >/dev/null || die "python3 not found"
if [ ! -x "$WORK/venv/bin/python" ]; then
    python3 -m venv "$WORK/venv" \
        || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
fi
PY=$WORK/venv/bin/python

log "pip download wordfreq==$WORDFREQ_VERSION"
mkdir -p "$WORK/dl"
"$PY" -m pip download --quiet --no-deps --no-cache-dir --only-binary=:all: \
    --dest "$WORK/dl" "wordfreq==$WORDFREQ_VERSION"
echo "$WORDFREQ_WHEEL_SHA256  $WORK/dl/$WORDFREQ_WHEEL" | sha256sum --check --quiet \
    || die "$WORDFREQ_WHEEL: unexpected sha256"

log "pip install msgpack==$MSGPACK_VERSION (venv)"
"$PY" -m pip install --quiet --no-cache-dir "msgpack==$MSGPACK_VERSION"

if [ "${WORDFREQ_CHECK:-0}" = 1 ]; then
    log "installing the wordfreq wheel too, to cross-check with its API"
    "$PY" -m pip install --quiet --no-cache-dir "$WORK/dl/$WORDFREQ_WHEEL"
fi

"$PY" - "$WORK/dl/$WORDFREQ_WHEEL" "$OUTDIR" "$ZIPF_MIN" "${WORDFREQ_CHECK:-0}" <<'PY'
import gzip, io, os, sys, unicodedata, zipfile
import msgpack

wheel, outdir, zipf_min, check = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4] == "1"

# Letters the game can spell (crates/lexicon/src/alphabet.rs, `fold`).
ALLOWED = set("abcdefghijklmnopqrstuvwxyz"
              "àáâäãåèéêëìíîïòóôöõùúûüýÿçœæñ")
MIN_TILES, MAX_TILES = 3, 8
# wordfreq's cBpack format: bin i holds the words of frequency 10**(-i/100),
# i.e. Zipf 9 - i/100 (rounded to the centibel).
MAX_BIN = round(100 * (9 - zipf_min))

def tiles(word):
    return len(word) + word.count("œ") + word.count("æ")

def fold(word, lang):
    word = word.replace("œ", "oe").replace("æ", "ae")
    if lang == "es":
        # Spanish keeps Ñ as a tile of its own (alphabet.rs, `fold`).
        return "ñ".join(fold(part, "") for part in word.split("ñ"))
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(c))

with zipfile.ZipFile(wheel) as z:
    for lang in ("en", "fr", "es"):
        raw = z.read(f"wordfreq/data/large_{lang}.msgpack.gz")
        data = msgpack.unpackb(gzip.decompress(raw), raw=False)
        header, bins = data[0], data[1:]
        assert header == {"format": "cB", "version": 1}, header
        if check:
            import wordfreq
            assert [w for b in bins for w in b] == list(wordfreq.iter_wordlist(lang)), lang
        kept, seen = [], set()
        stats = dict(total=0, not_letters=0, length=0, rarer=0, duplicate=0)
        for i, words in enumerate(bins):
            for w in words:
                stats["total"] += 1
                if not all(c in ALLOWED for c in w):
                    stats["not_letters"] += 1
                elif not MIN_TILES <= tiles(w) <= MAX_TILES:
                    stats["length"] += 1
                elif i > MAX_BIN:
                    stats["rarer"] += 1
                elif fold(w, lang) in seen:
                    stats["duplicate"] += 1
                else:
                    seen.add(fold(w, lang))
                    kept.append(w)
        tmp = os.path.join(outdir, f"{lang}.txt.tmp")
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(w + "\n" for w in kept))
        os.replace(tmp, os.path.join(outdir, f"{lang}.txt"))
        print(f"[familiar/make.sh] {lang}: {len(kept)} words kept; "
              + ", ".join(f"{k} {v}" for k, v in stats.items()), file=sys.stderr)
PY

( cd "$OUTDIR" && sha256sum en.txt es.txt fr.txt ) >&2
log "done"
