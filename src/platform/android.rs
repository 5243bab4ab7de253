//! Android: GameActivity starts the app through `android_main`, which
//! `#[bevy_main]` writes; files in the app's internal data folder; the
//! clipboard, the share sheet, leaving for the home screen and the
//! registration with Firebase Cloud Messaging through the activity's
//! Kotlin (JNI).

pub use super::phone::{LEXICONS_BUILT_IN, ask_to_notify, built_in_lexicon, notify, notifying, window};
use super::phone_push::Native;
use bevy::prelude::*;
use jni::objects::{JObject, JString, JValue};
use jni::strings::JNIStr;
use jni::{jni_sig, jni_str};
use std::path::PathBuf;
use wocable_net::PhoneService;

/// The app's own folder, which no other app reads and which goes with it.
pub fn data_dir() -> Option<PathBuf> {
    bevy::android::ANDROID_APP.get()?.internal_data_path()
}

#[bevy::prelude::bevy_main]
fn main() {
    crate::run();
}

/// Runs `call` with the activity, on this thread attached to Java's VM;
/// whether it went through (what failed goes to the log).
fn with_activity(call: impl FnOnce(&mut jni::Env, &JObject) -> jni::errors::Result<()>) -> bool {
    let Some(app) = bevy::android::ANDROID_APP.get() else { return false };
    // SAFETY: android-activity holds the process's VM and a global
    // reference to the activity for as long as the app runs.
    let vm = unsafe { jni::JavaVM::from_raw(app.vm_as_ptr().cast()) };
    let activity = app.activity_as_ptr() as jni::sys::jobject;
    let done = vm.attach_current_thread(|env| -> jni::errors::Result<()> {
        // SAFETY: as above; a cast does not delete the reference.
        let activity = unsafe { env.as_cast_raw::<JObject>(&activity)? };
        call(env, &activity)
    });
    if let Err(error) = &done {
        warn!("the activity did not answer: {error}");
    }
    done.is_ok()
}

/// Back on the home screen: the app goes to the background, as Android
/// apps do, keeping its state.
pub fn leave() {
    with_activity(|env, activity| {
        env.call_method(activity, jni_str!("moveTaskToBack"), jni_sig!((jboolean) -> jboolean), &[JValue::Bool(true)])?;
        Ok(())
    });
}

pub fn copy(text: &str) -> bool {
    with_activity(|env, activity| {
        let service = env.new_string("clipboard")?;
        let clipboard = env
            .call_method(
                activity,
                jni_str!("getSystemService"),
                jni_sig!((java.lang.String) -> java.lang.Object),
                &[JValue::Object(&service)],
            )?
            .l()?;
        let (label, text) = (env.new_string("Wocable")?, env.new_string(text)?);
        let clip = env
            .call_static_method(
                jni_str!("android/content/ClipData"),
                jni_str!("newPlainText"),
                jni_sig!((java.lang.CharSequence, java.lang.CharSequence) -> android.content.ClipData),
                &[JValue::Object(&label), JValue::Object(&text)],
            )?
            .l()?;
        env.call_method(
            &clipboard,
            jni_str!("setPrimaryClip"),
            jni_sig!((android.content.ClipData)),
            &[JValue::Object(&clip)],
        )?;
        Ok(())
    })
}

/// The link the activity was started or brought back with (its intent's
/// data: a join link the system handed over, or a notification's), which
/// it keeps until asked.
pub fn opened_link() -> Option<String> {
    take_text(jni_str!("takeOpenedLink"))
}

/// What the activity's `method` (of no arguments) hands over: a string it
/// kept, or none.
fn take_text(method: &'static JNIStr) -> Option<String> {
    let mut text = None;
    with_activity(|env, activity| {
        let taken = env.call_method(activity, method, jni_sig!(() -> java.lang.String), &[])?.l()?;
        let taken = env.cast_local::<JString>(taken)?;
        if !taken.is_null() {
            text = Some(taken.try_to_string(env)?);
        }
        Ok(())
    });
    text
}

/// Whether the build has a Firebase project to tell the player of turns
/// (asked once: a build's project does not change).
pub fn can_notify() -> bool {
    static CAN: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CAN.get_or_init(|| {
        let mut can = false;
        with_activity(|env, activity| {
            can = env.call_method(activity, jni_str!("canNotify"), jni_sig!("()Z"), &[])?.z()?;
            Ok(())
        });
        can
    })
}

/// The activity asks the player's leave (Android 13 and later), then
/// Firebase's token.
pub(super) const PUSH: Native = Native {
    service: PhoneService::Fcm,
    ask: || {
        with_activity(|env, activity| {
            env.call_method(activity, jni_str!("askToNotify"), jni_sig!("()V"), &[])?;
            Ok(())
        });
    },
    take_answer: || take_text(jni_str!("takePushAnswer")),
};

pub fn can_share() -> bool {
    true
}

/// The system's share sheet, with the text and the link as one message.
pub fn share(text: &str, url: &str) {
    with_activity(|env, activity| {
        let action = env.new_string("android.intent.action.SEND")?;
        let intent = env.new_object(
            jni_str!("android/content/Intent"),
            jni_sig!((java.lang.String)),
            &[JValue::Object(&action)],
        )?;
        let plain = env.new_string("text/plain")?;
        env.call_method(
            &intent,
            jni_str!("setType"),
            jni_sig!((java.lang.String) -> android.content.Intent),
            &[JValue::Object(&plain)],
        )?;
        let (key, message) = (env.new_string("android.intent.extra.TEXT")?, env.new_string(format!("{text}\n{url}"))?);
        env.call_method(
            &intent,
            jni_str!("putExtra"),
            jni_sig!((java.lang.String, java.lang.String) -> android.content.Intent),
            &[JValue::Object(&key), JValue::Object(&message)],
        )?;
        let chooser = env
            .call_static_method(
                jni_str!("android/content/Intent"),
                jni_str!("createChooser"),
                jni_sig!((android.content.Intent, java.lang.CharSequence) -> android.content.Intent),
                &[JValue::Object(&intent), JValue::Object(&JObject::null())],
            )?
            .l()?;
        env.call_method(
            activity,
            jni_str!("startActivity"),
            jni_sig!((android.content.Intent)),
            &[JValue::Object(&chooser)],
        )?;
        Ok(())
    });
}
