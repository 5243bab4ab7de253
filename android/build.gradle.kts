// Top-level build file: the plugin versions live in gradle/libs.versions.toml;
// each module applies what it needs.
plugins {
    alias(libs.plugins.android.application) apply false
}
