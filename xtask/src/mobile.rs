//! The phone apps: `cargo xtask android` and `cargo xtask ios` build them
//! where their SDKs are (saying what is missing where they are not), and
//! [`check`] is what `cargo xtask test` can check of them on a machine
//! with neither SDK.

use crate::web::write_app_assets;
use crate::{cargo, ensure_packages, ensure_target, root, run, run_in, target_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Android ABIs the APK carries, with Rust's target for each.
const ANDROID_ABIS: [(&str, &str); 2] = [("arm64-v8a", "aarch64-linux-android"), ("x86_64", "x86_64-linux-android")];
/// The oldest Android the app runs on: AAudio (cpal's sound) and
/// GameActivity need 26.
const ANDROID_API: &str = "26";
/// An NDK that `sdkmanager` installs: r28 or newer links with the 16 KB
/// pages Google Play asks for.
const NDK_PACKAGE: &str = "ndk;28.2.13676358";
/// The iOS targets: devices, and the simulator on Apple and Intel Macs.
const IOS_TARGETS: [&str; 3] = ["aarch64-apple-ios", "aarch64-apple-ios-sim", "x86_64-apple-ios"];

/// A debug APK in `android/app/build/outputs/apk/debug/`.
pub fn android() -> Result<(), String> {
    let gradle = android_tools()?;
    for (_, triple) in ANDROID_ABIS {
        ensure_target(triple)?;
    }
    // The library is asked for as a `cdylib` here rather than declared
    // one in Cargo.toml, which would link one in every desktop build.
    let mut build = cargo();
    build.args(["ndk", "--platform", ANDROID_API]);
    for (abi, _) in ANDROID_ABIS {
        build.args(["--target", abi]);
    }
    build.args(["rustc", "--lib", "--package", "wocable", "--profile", "play", "--no-default-features"]);
    run(build.args(["--crate-type", "cdylib"]))?;
    let rust = root().join("android/app/build/rust");
    for (abi, triple) in ANDROID_ABIS {
        let library = target_dir().join(triple).join("play/libwocable.so");
        let into = rust.join("jniLibs").join(abi);
        std::fs::create_dir_all(&into).map_err(|e| format!("{}: {e}", into.display()))?;
        std::fs::copy(&library, into.join("libwocable.so")).map_err(|e| format!("{}: {e}", library.display()))?;
    }
    write_app_assets(&rust.join("assets"))?;
    run_in(&root().join("android"), Command::new(gradle).arg("assembleDebug"))?;
    eprintln!("xtask: the APK is android/app/build/outputs/apk/debug/app-debug.apk");
    Ok(())
}

/// Gradle (the project's wrapper or one on the PATH), once every tool
/// the Android build needs is found; else all that is missing, and how
/// to get it.
fn android_tools() -> Result<PathBuf, String> {
    let mut missing = Vec::new();
    let sdk = ["ANDROID_HOME", "ANDROID_SDK_ROOT"].iter().find_map(std::env::var_os).map(PathBuf::from);
    match &sdk {
        None => missing.push(
            "the Android SDK: Android Studio, or the command-line tools from \
             https://developer.android.com/studio#command-line-tools-only; set ANDROID_HOME to its folder"
                .to_string(),
        ),
        Some(sdk) if !sdk.join("platforms").is_dir() => missing.push(format!(
            "an Android platform in {}: sdkmanager \"platforms;android-36\" \"build-tools;36.0.0\"",
            sdk.display()
        )),
        Some(_) => {}
    }
    let ndk_home = ["ANDROID_NDK_HOME", "ANDROID_NDK_ROOT"].iter().any(|name| std::env::var_os(name).is_some());
    let ndk_in_sdk = sdk.as_ref().is_some_and(|sdk| sdk.join("ndk").is_dir());
    if !ndk_home && !ndk_in_sdk {
        missing.push(format!("the Android NDK: sdkmanager \"{NDK_PACKAGE}\" (or set ANDROID_NDK_HOME)"));
    }
    if !answers(cargo().args(["ndk", "--version"])) {
        missing.push("cargo-ndk: cargo install cargo-ndk".to_string());
    }
    if !answers(Command::new("java").arg("-version")) {
        missing.push("a Java 17 (or newer) JDK: apt install openjdk-17-jdk-headless".to_string());
    }
    let wrapper = root().join("android/gradlew");
    let gradle = if wrapper.exists() { wrapper } else { PathBuf::from("gradle") };
    if !gradle_9_or_newer(&gradle) {
        missing.push(
            "Gradle 9 or newer, as the Android Gradle Plugin 9 needs (Debian's is too old): from \
             https://gradle.org/install/, on the PATH, or its wrapper made once in android/ with \
             `gradle wrapper --gradle-version 9.5.0`"
                .to_string(),
        );
    }
    if missing.is_empty() {
        Ok(gradle)
    } else {
        Err(format!("the Android app cannot be built here; missing:\n  - {}", missing.join("\n  - ")))
    }
}

/// Whether the command runs and succeeds (a tool is there).
pub fn answers(command: &mut Command) -> bool {
    command.output().is_ok_and(|output| output.status.success())
}

fn gradle_9_or_newer(gradle: &Path) -> bool {
    let Ok(output) = Command::new(gradle).arg("--version").output() else { return false };
    let text = String::from_utf8_lossy(&output.stdout);
    let version = text.lines().find_map(|line| line.strip_prefix("Gradle "));
    version.and_then(|v| v.split('.').next()?.trim().parse::<u32>().ok()).is_some_and(|major| major >= 9)
}

/// The app for the iOS simulator, with Xcode on macOS; elsewhere, what it
/// takes.
pub fn ios() -> Result<(), String> {
    if !cfg!(target_os = "macos") {
        return Err("the iOS app is built on macOS with Xcode, and nothing here can build it; on a Mac: \
                    install Xcode, then `cargo xtask ios` (it adds the Rust targets it needs)"
            .into());
    }
    if !answers(Command::new("xcodebuild").arg("-version")) {
        return Err("xcodebuild is missing: install Xcode from the App Store, then \
                    `sudo xcode-select -s /Applications/Xcode.app`"
            .into());
    }
    for triple in IOS_TARGETS {
        ensure_target(triple)?;
    }
    // The project's first build phase (`ios/build_rust.sh`) builds the
    // library and writes the assets with the word lists.
    run_in(
        &root().join("ios"),
        Command::new("xcodebuild").args([
            "-project",
            "Wocable.xcodeproj",
            "-scheme",
            "Wocable",
            "-configuration",
            "Debug",
            "-destination",
            "generic/platform=iOS Simulator",
            "build",
        ]),
    )
}

/// Crates whose build scripts compile C or C++ for the target, which
/// needs the NDK's compiler and headers: GameActivity's glue, and the
/// cryptography and hashing of WebRTC and Bevy's assets.
const NEEDS_THE_NDK: [&str; 3] = ["android-activity", "ring", "blake3"];

/// What [`check`] needs: xmllint.
pub const CHECK_PACKAGES: &[&str] = &["libxml2-utils"];

/// What can be checked of the phone apps without their SDKs: their XML
/// files (manifests, resources, property lists, storyboard, scheme) are
/// well-formed, and the app's Rust compiles for Android as far as crates
/// with C code allow without the NDK.
pub fn check() -> Result<(), String> {
    ensure_packages(CHECK_PACKAGES)?;
    let mut files = Vec::new();
    for dir in ["android", "ios"] {
        xml_files(&root().join(dir), &mut files)?;
    }
    if files.len() < 10 {
        return Err(format!("only {} XML files found in android/ and ios/", files.len()));
    }
    run(Command::new("xmllint").arg("--noout").args(&files))?;
    check_app_links()?;
    check_push()?;
    let (_, triple) = ANDROID_ABIS[0];
    ensure_target(triple)?;
    let mut check = cargo();
    check.args(["check", "--lib", "--package", "wocable", "--no-default-features", "--target", triple]);
    eprintln!("xtask: running {check:?} --keep-going");
    let output = check.arg("--keep-going").output().map_err(|e| format!("cannot start cargo: {e}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    let (stopped, errors): (Vec<&str>, Vec<&str>) = log
        .lines()
        .filter(|line| line.starts_with("error"))
        .partition(|line| line.starts_with("error: failed to run custom build command for `"));
    let stopped: Vec<&str> = stopped.iter().filter_map(|line| line.split('`').nth(1)?.split(' ').next()).collect();
    let unexpected = stopped.iter().any(|name| !NEEDS_THE_NDK.contains(name));
    if !errors.is_empty() || unexpected || (stopped.is_empty() && !output.status.success()) {
        return Err(format!("the app's Rust does not check for {triple}:\n{log}"));
    }
    if stopped.is_empty() {
        eprintln!("xtask: the app's Rust checks for {triple}");
    } else {
        eprintln!(
            "xtask: the app's Rust checks for {triple} as far as the NDK's absence allows: {} \
             (C or C++ for the target) and what depends on them were not checked",
            stopped.join(", ")
        );
    }
    Ok(())
}

/// Where a join link's path starts (`wocable_net::JOIN_PATH`).
const JOIN_PATH: &str = "/join/";

/// That a room's join link opens both apps: Android's activity takes
/// verified App Links of the host and path (and, being `singleTask`,
/// gets them in `onNewIntent` when running); iOS's entitlements claim
/// universal links of the same host, which both projects name once.
fn check_app_links() -> Result<(), String> {
    let properties = root().join("android/gradle.properties");
    let text = std::fs::read_to_string(&properties).map_err(|e| format!("{}: {e}", properties.display()))?;
    let host = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("wocableLinkHost="))
        .ok_or_else(|| format!("{} names no wocableLinkHost", properties.display()))?;
    let project = root().join("ios/Wocable.xcodeproj/project.pbxproj");
    let text = std::fs::read_to_string(&project).map_err(|e| format!("{}: {e}", project.display()))?;
    for setting in [format!("WOCABLE_LINK_HOST = {host};"), "CODE_SIGN_ENTITLEMENTS = Wocable.entitlements;".into()] {
        if text.matches(&setting).count() != 2 {
            return Err(format!("{}: the app's Debug and Release builds must both set {setting}", project.display()));
        }
    }
    let named = |name: &str, value: &str| format!("[@*[local-name()='{name}']='{value}']");
    let has = |element: &str, name: &str, value: &str| format!("[{element}{}]", named(name, value));
    let filter = [
        "//activity".to_string(),
        named("name", ".MainActivity"),
        named("launchMode", "singleTask"),
        "/intent-filter".into(),
        named("autoVerify", "true"),
        has("action", "name", "android.intent.action.VIEW"),
        has("category", "name", "android.intent.category.DEFAULT"),
        has("category", "name", "android.intent.category.BROWSABLE"),
        has("data", "scheme", "https"),
        has("data", "host", "${linkHost}"),
        has("data", "pathPrefix", JOIN_PATH),
    ]
    .concat();
    let domains = "/plist/dict/key[.='com.apple.developer.associated-domains']/following-sibling::*[1][self::array]";
    let claims = [
        ("android/app/src/main/AndroidManifest.xml", filter),
        ("ios/Wocable.entitlements", format!("{domains}/string[.='applinks:$(WOCABLE_LINK_HOST)']")),
    ];
    for (file, path) in claims {
        found_in(file, &path, "does not open join links")?;
    }
    eprintln!("xtask: join links of {host}{JOIN_PATH}… open both phone apps");
    Ok(())
}

/// That `file` (XML) holds what the XPath `path` finds, else why not.
fn found_in(file: &str, path: &str, else_says: &str) -> Result<(), String> {
    let output = Command::new("xmllint")
        .args(["--xpath", &format!("boolean({path})")])
        .arg(root().join(file))
        .output()
        .map_err(|e| format!("cannot start xmllint: {e}"))?;
    match String::from_utf8_lossy(&output.stdout).trim() {
        "true" => Ok(()),
        _ => Err(format!("{file} {else_says} ({path} not found)")),
    }
}

/// The channel of turns' notifications: the server names it in each
/// Firebase message, the manifest as the default, `WocableApp` makes it.
const TURNS_CHANNEL: &str = "turns";

/// That both apps can be told of turns: Android asks leave to post
/// notifications, sets Firebase up in its application class (named in
/// the manifest) and shows notices in the channel the server names, with
/// an icon it has; iOS's entitlements let it register with APNs.
fn check_push() -> Result<(), String> {
    let manifest = "android/app/src/main/AndroidManifest.xml";
    let meta = |name: &str, attribute: &str, value: &str| {
        format!(
            "/manifest/application/meta-data[@*[local-name()='name']='{name}'][@*[local-name()='{attribute}']='{value}']"
        )
    };
    let claims = [
        "/manifest/uses-permission[@*[local-name()='name']='android.permission.POST_NOTIFICATIONS']".to_string(),
        "/manifest/application[@*[local-name()='name']='.WocableApp']".into(),
        meta("com.google.firebase.messaging.default_notification_channel_id", "value", TURNS_CHANNEL),
        meta("com.google.firebase.messaging.default_notification_icon", "resource", "@drawable/ic_notification"),
        meta("firebase_messaging_auto_init_enabled", "value", "false"),
    ];
    for path in &claims {
        found_in(manifest, path, "does not set up notifications of turns")?;
    }
    if !root().join("android/app/src/main/res/drawable/ic_notification.xml").is_file() {
        return Err("the manifest names @drawable/ic_notification, which android/ has not".into());
    }
    let app = root().join("android/app/src/main/kotlin/org/wocable/app/WocableApp.kt");
    let kotlin = std::fs::read_to_string(&app).map_err(|e| format!("{}: {e}", app.display()))?;
    let server = root().join("crates/server/src/push/fcm.rs");
    let sender = std::fs::read_to_string(&server).map_err(|e| format!("{}: {e}", server.display()))?;
    if !kotlin.contains(&format!("TURNS_CHANNEL = \"{TURNS_CHANNEL}\""))
        || !sender.contains(&format!("\"channel_id\": \"{TURNS_CHANNEL}\""))
    {
        return Err(format!(
            "WocableApp and the server's Firebase sender must both name the channel '{TURNS_CHANNEL}'"
        ));
    }
    let aps = "/plist/dict/key[.='aps-environment']/following-sibling::*[1][self::string]";
    found_in("ios/Wocable.entitlements", aps, "does not let the app register with APNs")?;
    eprintln!("xtask: both phone apps can be told of turns (Firebase, APNs)");
    Ok(())
}

/// The XML files under `dir`, but for build outputs.
fn xml_files(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    const XML: [&str; 6] = ["xml", "plist", "storyboard", "xcscheme", "xcworkspacedata", "entitlements"];
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            if !matches!(path.file_name().and_then(|n| n.to_str()), Some("build" | ".gradle")) {
                xml_files(&path, found)?;
            }
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| XML.contains(&e)) {
            found.push(path);
        }
    }
    Ok(())
}
