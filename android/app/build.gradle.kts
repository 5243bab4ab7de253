// The Wocable app: a GameActivity around the Rust library `libwocable.so`.
//
// Nothing here runs cargo. `cargo xtask android` builds the library with
// cargo-ndk and lays out, before calling Gradle:
//   app/build/rust/jniLibs/<abi>/libwocable.so   (arm64-v8a, x86_64)
//   app/build/rust/assets/                       (the repo's assets/ and the word lists)
// and this file packages those two folders.

plugins {
    alias(libs.plugins.android.application)
}

kotlin {
    // Kotlin and Java both compile against a JDK 17 toolchain (fetched by the
    // foojay resolver in settings.gradle.kts where the machine has none).
    jvmToolchain(17)
}

android {
    namespace = "org.wocable.app"
    compileSdk = 36

    defaultConfig {
        applicationId = "org.wocable.app"
        // 26 (Android 8.0): AAudio, which the audio output needs, and the
        // `--platform 26` that cargo-ndk builds the library for.
        minSdk = 26
        targetSdk = 36
        // One more for every release to the store.
        versionCode = 1
        versionName = "0.1.0"
        // The manifest's App Link filter: join links of this host open the app.
        manifestPlaceholders["linkHost"] = providers.gradleProperty("wocableLinkHost").get()
        // The Firebase project that tells the app of turns (empty: none, and
        // the game offers no notifications).
        for ((field, property) in listOf(
            "FCM_APP_ID" to "wocableFcmAppId",
            "FCM_API_KEY" to "wocableFcmApiKey",
            "FCM_PROJECT_ID" to "wocableFcmProjectId",
            "FCM_SENDER_ID" to "wocableFcmSenderId",
        )) {
            val value = providers.gradleProperty(property).getOrElse("")
            buildConfigField("String", field, "\"$value\"")
        }
        ndk {
            // The ABIs cargo-ndk builds: phones and tablets, and the emulator.
            abiFilters.addAll(listOf("arm64-v8a", "x86_64"))
        }
    }

    buildTypes {
        getByName("release") {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(
                getDefaultProguardFile("proguard-android-optimize.txt"),
                "proguard-rules.pro",
            )
        }
    }

    buildFeatures {
        buildConfig = true
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    sourceSets {
        getByName("main") {
            // Relative to this module's folder (android/app/).
            jniLibs {
                directories += "build/rust/jniLibs"
            }
            assets {
                directories += "build/rust/assets"
            }
        }
    }

    packaging {
        jniLibs {
            // Stored uncompressed and page-aligned in the APK, loaded from there
            // without being extracted (the default from minSdk 23; stated
            // because the library is large).
            useLegacyPackaging = false
        }
    }
}

// A clear message instead of an APK that crashes at start for want of its library.
val rustJniLibs = layout.projectDirectory.dir("build/rust/jniLibs")
tasks.named("preBuild") {
    val jniDir = rustJniLibs.asFile
    doFirst {
        val found = jniDir.walkTopDown().any { it.name == "libwocable.so" }
        if (!found) {
            throw GradleException(
                "No libwocable.so under ${jniDir.path}: build the Rust library first " +
                    "with `cargo xtask android` from the repository root.",
            )
        }
    }
}

dependencies {
    implementation(libs.appcompat)
    // GameActivity needs androidx.core at run time (a JNI crash at start without it).
    implementation(libs.core)
    implementation(libs.games.activity)
    implementation(libs.firebase.messaging)
}
