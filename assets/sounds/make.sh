#!/usr/bin/env bash
# Makes the game's sounds with sox (Debian: sox libsox-fmt-base). They are
# our own work, CC0 (see assets/CREDITS.md). Run from anywhere:
#   bash assets/sounds/make.sh
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rate=(-r 44100 -c 1)

# note NAME SECONDS NOTE [effects…]: one plucked note.
note() { local out=$1 seconds=$2 pitch=$3; shift 3; sox -n "${rate[@]}" "$work/$out.wav" synth "$seconds" pluck "$pitch" "$@"; }
# tone NAME SECONDS FREQ: one soft sine with a fade.
tone() { sox -n "${rate[@]}" "$work/$1.wav" synth "$2" sine "$3" fade q 0.01 "$2" "$(echo "$2 * 0.6" | bc -l)"; }
ogg() { local out=$1; shift; sox "$@" "$out.ogg" norm -3; }

sox -n "${rate[@]}" "$work/pick.wav" synth 0.05 sine 1400 fade q 0.002 0.05 0.04 gain -6
ogg pick "$work/pick.wav"
note drop 0.12 A3 fade q 0 0.12 0.08
ogg drop "$work/drop.wav"
sox -n "${rate[@]}" "$work/shuffle.wav" synth 0.3 brownnoise tremolo 35 95 fade q 0.01 0.3 0.15 gain -10
ogg shuffle "$work/shuffle.wav"
note play1 0.14 E5; note play2 0.4 G5 fade q 0 0.4 0.3
ogg play "$work/play1.wav" "$work/play2.wav"
sox -n "${rate[@]}" "$work/invalid.wav" synth 0.28 square 110 gain -14 lowpass 900 fade q 0.005 0.28 0.12
ogg invalid "$work/invalid.wav"
note b1 0.12 C5; note b2 0.12 E5; note b3 0.12 G5; note b4 0.7 C6 fade q 0 0.7 0.5
ogg bingo "$work/b1.wav" "$work/b2.wav" "$work/b3.wav" "$work/b4.wav"
tone t1 0.18 880; tone t2 0.35 1175
ogg your_turn "$work/t1.wav" "$work/t2.wav"
note g1 0.25 G4; note g2 0.25 C5; note g3 0.9 E5 fade q 0 0.9 0.7
ogg game_over "$work/g1.wav" "$work/g2.wav" "$work/g3.wav"

# Trace: a word of the crossword found (a plucked fifth up), a bonus word
# (one light chime), a word already found (two soft blips), not a word (a
# low thud falling in pitch), the clock's last ten seconds (a woodblock
# tick) and every word found (a brass-like fanfare).
note f1 0.1 A5; note f2 0.3 E6 fade q 0 0.3 0.22
ogg trace_found "$work/f1.wav" "$work/f2.wav"
sox -n "${rate[@]}" "$work/bonus.wav" synth 0.25 sine B6 fade h 0.003 0.25 0.22 gain -4
ogg trace_bonus "$work/bonus.wav"
sox -n "${rate[@]}" "$work/blip.wav" synth 0.06 sine 660 fade q 0.005 0.06 0.03 pad 0 0.04 gain -8
ogg trace_repeat "$work/blip.wav" "$work/blip.wav"
sox -n "${rate[@]}" "$work/thud.wav" synth 0.2 sine 180:55 fade q 0.002 0.2 0.17 lowpass 300 gain -6
ogg trace_not_word "$work/thud.wav"
sox -n "${rate[@]}" "$work/tick.wav" synth 0.05 sine 1000 synth 0.05 sine mix 2450 fade l 0 0.05 0.049 gain -6
ogg tick "$work/tick.wav"
# brass NAME SECONDS NOTE…: a soft sawtooth chord, low-passed, with a fade.
brass() {
  local out=$1 seconds=$2; shift 2
  local parts=()
  for pitch in "$@"; do
    sox -n "${rate[@]}" "$work/$out-$pitch.wav" synth "$seconds" sawtooth "$pitch" lowpass 1800 \
      fade q 0.01 "$seconds" "$(echo "$seconds * 0.4" | bc -l)" gain -12
    parts+=("$work/$out-$pitch.wav")
  done
  if [ $# -gt 1 ]; then sox -m "${parts[@]}" "$work/$out.wav"; else cp "${parts[0]}" "$work/$out.wav"; fi
}
brass p1 0.1 G4; brass p2 0.1 G4; brass p3 0.12 C5; brass p4 0.7 C5 E5 G5
ogg trace_perfect "$work/p1.wav" "$work/p2.wav" "$work/p3.wav" "$work/p4.wav"

# Music: four soft chords of four seconds, looped by the game.
chord() {
  local out=$1; shift
  local parts=()
  for pitch in "$@"; do
    sox -n "${rate[@]}" "$work/$out-$pitch.wav" synth 4 sine "$pitch" tremolo 0.5 30 fade q 1.2 4 1.4
    parts+=("$work/$out-$pitch.wav")
  done
  sox -m "${parts[@]}" "$work/$out.wav"
}
chord c1 C3 G3 E4 B4
chord c2 A2 E3 C4 G4
chord c3 F2 C3 A3 E4
chord c4 G2 D3 B3 E4
sox "$work/c1.wav" "$work/c2.wav" "$work/c3.wav" "$work/c4.wav" "$work/music.wav" reverb 40 gain -6
ogg music "$work/music.wav"
ls -l ./*.ogg
