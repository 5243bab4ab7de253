package org.wocable.app

import android.app.Application
import android.app.NotificationChannel
import android.app.NotificationManager
import com.google.firebase.FirebaseApp
import com.google.firebase.FirebaseOptions

/**
 * The app's process: before any activity or service starts, it sets up
 * Firebase, which tells the player of their turns while the game is closed,
 * and the notification channel those notices come in.
 *
 * Firebase is set up from the build's `wocableFcm*` Gradle properties rather
 * than Google's services plugin and its `google-services.json`, so that a
 * build without a Firebase project (as from a fresh clone) still builds and
 * runs, offering no notifications. It must be set up here, not in the
 * activity: Firebase's messaging service starts in this process when a
 * message comes while the game is closed, with no activity.
 */
class WocableApp : Application() {

    override fun onCreate() {
        super.onCreate()
        firebaseReady = startFirebase()
        val channel = NotificationChannel(
            TURNS_CHANNEL,
            getString(R.string.turns_channel),
            NotificationManager.IMPORTANCE_DEFAULT,
        )
        channel.description = getString(R.string.turns_channel_about)
        getSystemService(NotificationManager::class.java).createNotificationChannel(channel)
    }

    private fun startFirebase(): Boolean {
        if (BuildConfig.FCM_APP_ID.isEmpty()) {
            return false
        }
        if (FirebaseApp.getApps(this).isEmpty()) {
            val options = FirebaseOptions.Builder()
                .setApplicationId(BuildConfig.FCM_APP_ID)
                .setApiKey(BuildConfig.FCM_API_KEY)
                .setProjectId(BuildConfig.FCM_PROJECT_ID)
                .setGcmSenderId(BuildConfig.FCM_SENDER_ID)
                .build()
            FirebaseApp.initializeApp(this, options)
        }
        return true
    }

    companion object {
        /** The channel of turns; the server names it in each message, and the manifest as the default. */
        const val TURNS_CHANNEL = "turns"

        /** Whether this build has a Firebase project, so the game may offer notifications. */
        @Volatile
        var firebaseReady = false
            private set
    }
}
