// Wocable's Android shell: one application module, `:app`, wrapping the Rust
// library (libwocable.so) in a GameActivity. The native libraries and the
// assets are put in app/build/rust/ by `cargo xtask android`; Gradle never
// runs cargo itself.

pluginManagement {
    repositories {
        google {
            content {
                includeGroupByRegex("com\\.android.*")
                includeGroupByRegex("com\\.google.*")
                includeGroupByRegex("androidx.*")
            }
        }
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    @Suppress("UnstableApiUsage")
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    @Suppress("UnstableApiUsage")
    repositories {
        google()
        mavenCentral()
    }
}

plugins {
    // Lets Gradle fetch the JDK 17 toolchain that app/build.gradle.kts asks for
    // when the machine has none.
    id("org.gradle.toolchains.foojay-resolver-convention") version "1.0.0"
}

rootProject.name = "wocable"
include(":app")
