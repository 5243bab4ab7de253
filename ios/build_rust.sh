#!/usr/bin/env bash
# Builds the Rust side of Wocable for iOS: the `wocable` library crate as a
# static library, libwocable.a, for the platform and architectures that Xcode
# is building, and puts it where the Xcode target links it from; then the
# app's assets with the word lists in ios/build/assets, which the Resources
# phase copies into the app.
#
# Run by the "Build Rust library" phase of Wocable.xcodeproj, which comes before
# the app's own sources are compiled; `cargo xtask ios` runs xcodebuild, which
# runs this. It uses the variables Xcode sets:
#   PLATFORM_NAME    iphoneos (a device) or iphonesimulator
#   ARCHS            arm64 (a device, or a simulator on Apple silicon), x86_64
#                    (a simulator on an Intel Mac); several for a universal build
#   CONFIGURATION    Debug or Release
#   BUILT_PRODUCTS_DIR  the per-configuration, per-platform products folder:
#                    libwocable.a goes there, where the target's Frameworks phase
#                    links it from (so Xcode relinks the app when it changes)
# and, if set:
#   CARGO_TARGET_DIR      cargo's output folder (default: <repo>/target)
#   WOCABLE_RUST_PROFILE  the cargo profile (default: play for both
#                         configurations; `dev` is unoptimised and far too slow
#                         for Bevy, `release` is the slow-to-build final one)

set -euo pipefail

fail() {
    # Xcode shows lines that start with "error:" as build errors.
    echo "error: build_rust.sh: $*" >&2
    exit 1
}

for var in PLATFORM_NAME ARCHS CONFIGURATION BUILT_PRODUCTS_DIR; do
    [[ -n "${!var:-}" ]] || fail "\$$var is not set: this script is run by Xcode (or xcodebuild; see ios/README.md)"
done

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Xcode runs build phases with a bare PATH and with its own toolchain's bin
# folder first, whose linker cannot link the build scripts and procedural macros
# that cargo builds for the Mac itself (rust-lang/rust#80817): put the system's
# tools first, and add where rustup and Homebrew install theirs.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin:$PATH"
if [[ -n "${DEVELOPER_SDK_DIR:-}" ]]; then
    # The host's libraries, for those same host builds.
    export LIBRARY_PATH="${DEVELOPER_SDK_DIR}/MacOSX.sdk/usr/lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
fi

command -v cargo >/dev/null 2>&1 ||
    fail "cargo not found: install Rust with rustup (https://rustup.rs), then run this build again"

case "$PLATFORM_NAME" in
    iphoneos) simulator=0 ;;
    iphonesimulator) simulator=1 ;;
    *) fail "unsupported platform '$PLATFORM_NAME' (iphoneos and iphonesimulator are)" ;;
esac

targets=()
for arch in $ARCHS; do
    case "$arch:$simulator" in
        arm64:0) targets+=(aarch64-apple-ios) ;;
        arm64:1) targets+=(aarch64-apple-ios-sim) ;;
        x86_64:1) targets+=(x86_64-apple-ios) ;;
        x86_64:0) fail "x86_64 is only an architecture of the simulator, not of devices" ;;
        *) fail "unsupported architecture '$arch' for $PLATFORM_NAME" ;;
    esac
done

# The toolchain is the one rust-toolchain.toml pins: ask rustup in the repository.
if command -v rustup >/dev/null 2>&1; then
    installed="$(cd "$REPO_ROOT" && rustup target list --installed)"
    missing=()
    for target in "${targets[@]}"; do
        grep -qx "$target" <<<"$installed" || missing+=("$target")
    done
    if ((${#missing[@]})); then
        fail "Rust target(s) not installed: ${missing[*]}; run: (cd \"$REPO_ROOT\" && rustup target add ${missing[*]})"
    fi
fi

profile="${WOCABLE_RUST_PROFILE:-play}"
case "$profile" in
    dev) profile_dir=debug ;;
    *) profile_dir="$profile" ;;
esac
target_dir="${CARGO_TARGET_DIR:-$REPO_ROOT/target}"
out_dir="$BUILT_PRODUCTS_DIR"
mkdir -p "$out_dir"

echo "build_rust.sh: $CONFIGURATION for $PLATFORM_NAME ($ARCHS): profile $profile, target(s) ${targets[*]}"

libs=()
for target in "${targets[@]}"; do
    # The Intel simulator's C code (ring, and any other cc-built crate) must be
    # compiled for the simulator, not for the Mac.
    if [[ "$target" == x86_64-apple-ios ]]; then
        export CFLAGS_x86_64_apple_ios="-target x86_64-apple-ios${IPHONEOS_DEPLOYMENT_TARGET:-}-simulator"
    fi
    # `wocable` is not declared a staticlib in Cargo.toml (that would slow every
    # desktop build): ask for one here. --no-default-features leaves out the
    # `dev` feature (the scripted tour for the tests), as every release build does.
    # IPHONEOS_DEPLOYMENT_TARGET, set by Xcode, reaches rustc and cc through the
    # environment, so the library is built for the app's deployment target.
    (cd "$REPO_ROOT" && cargo rustc \
        --lib --package wocable \
        --profile "$profile" \
        --target "$target" \
        --no-default-features \
        --crate-type staticlib \
        -- --print native-static-libs)
    lib="$target_dir/$target/$profile_dir/libwocable.a"
    [[ -f "$lib" ]] || fail "cargo finished but $lib is not there"
    libs+=("$lib")
done

# One library for all the architectures of this build (a universal simulator
# build has two), replaced only when it changed so that Xcode relinks only then.
tmp="$out_dir/libwocable.a.tmp"
if ((${#libs[@]} == 1)); then
    cp "${libs[0]}" "$tmp"
else
    lipo -create -output "$tmp" "${libs[@]}"
fi
if cmp -s "$tmp" "$out_dir/libwocable.a"; then
    rm -f "$tmp"
else
    mv -f "$tmp" "$out_dir/libwocable.a"
fi
echo "build_rust.sh: $out_dir/libwocable.a"

# The app's assets with the word lists, which the app reads from its bundle
# when a game first needs one: the Resources phase copies this folder in.
(cd "$REPO_ROOT" && cargo run --quiet --package xtask -- assets "$REPO_ROOT/ios/build/assets")
