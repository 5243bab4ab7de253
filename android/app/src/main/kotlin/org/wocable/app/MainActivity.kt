package org.wocable.app

import android.Manifest
import android.content.Intent
import android.content.pm.PackageManager
import android.os.Build
import android.os.Bundle
import android.view.View
import android.view.WindowManager
import androidx.activity.result.contract.ActivityResultContracts
import androidx.core.view.ViewCompat
import androidx.core.view.WindowCompat
import androidx.core.view.WindowInsetsCompat
import androidx.core.view.WindowInsetsControllerCompat
import com.google.androidgamesdk.GameActivity
import com.google.firebase.messaging.FirebaseMessaging

/**
 * Wocable's only activity: GameActivity runs the Rust library (`libwocable.so`,
 * named by the `android.app.lib_name` meta-data in the manifest) on its own
 * thread and hands it the window, touches, keys and life-cycle events.
 *
 * What is left to do here is the window: the whole screen, system bars hidden
 * (a swipe shows them for a moment, over the game), and the game's surface kept
 * clear of a notch or camera hole: the view that holds it is padded by the
 * cutout's insets, so the game lays itself out in what is left and needs no
 * insets of its own. The padding shows the window's background, the game's.
 *
 * The Back key is not handled here: GameActivity passes it to the game as a
 * key event (the manifest opts out of predictive Back so that it still comes as
 * one), and the game goes back a screen.
 *
 * A room's join link (an App Link: the manifest's intent filter) starts the
 * activity, or brings it back (`singleTask`: `onNewIntent`); so does a tap on
 * a notification of a turn, whose `url` extra is its game's join link. The
 * link is kept here until the game asks for it, through JNI, twice a second.
 *
 * When the player asks to be told of their turns (My games), the game calls
 * `askToNotify`: the player's leave (Android 13 and later), then Firebase's
 * token for this install, which the game takes (`takePushAnswer`) and gives
 * the server.
 */
class MainActivity : GameActivity() {

    /** The link the activity was last started or brought back with, until taken. */
    private var openedLink: String? = null

    /** How asking for notifications went, until taken: `token:…`, `refused` or `failed`. */
    private var pushAnswer: String? = null

    private val askPermission =
        registerForActivityResult(ActivityResultContracts.RequestPermission()) { granted ->
            if (granted) fetchPushToken() else answerPush("refused")
        }

    override fun onCreate(savedInstanceState: Bundle?) {
        // Lay the window out edge to edge before GameActivity makes its surface,
        // so the game's first frame already has the whole screen. (The default
        // from targetSdk 35 on Android 15; needed for older versions.)
        WindowCompat.setDecorFitsSystemWindows(window, false)
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.P) {
            // Lay the window out beside a notch or camera hole on the short edges
            // too (portrait's top, landscape's sides), as Android 15 does anyway;
            // the padding below keeps the game's surface clear of it.
            window.attributes = window.attributes.apply {
                layoutInDisplayCutoutMode =
                    WindowManager.LayoutParams.LAYOUT_IN_DISPLAY_CUTOUT_MODE_SHORT_EDGES
            }
        }
        // Not when the system re-creates the activity (its intent is the old one).
        if (savedInstanceState == null) {
            keepLink(intent)
        }
        super.onCreate(savedInstanceState)
        val content = findViewById<View>(android.R.id.content)
        ViewCompat.setOnApplyWindowInsetsListener(content) { view, insets ->
            val cutout = insets.getInsets(WindowInsetsCompat.Type.displayCutout())
            view.setPadding(cutout.left, cutout.top, cutout.right, cutout.bottom)
            insets
        }
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        setIntent(intent)
        keepLink(intent)
    }

    @Synchronized
    private fun keepLink(intent: Intent?) {
        if (intent?.action == Intent.ACTION_VIEW) {
            intent.dataString?.let { openedLink = it }
        }
        // A notification's data, as Firebase hands it to the launcher intent.
        intent?.getStringExtra("url")?.let { openedLink = it }
    }

    /** Called by the game (JNI, on its own thread): the link kept, once. */
    @Synchronized
    fun takeOpenedLink(): String? {
        val link = openedLink
        openedLink = null
        return link
    }

    /** Called by the game (JNI): whether this build can tell the player of turns (a Firebase project). */
    fun canNotify(): Boolean = WocableApp.firebaseReady

    /** Called by the game (JNI, on its own thread): asks leave where needed, then the token. */
    fun askToNotify() {
        runOnUiThread {
            val asked = Build.VERSION.SDK_INT >= Build.VERSION_CODES.TIRAMISU &&
                checkSelfPermission(Manifest.permission.POST_NOTIFICATIONS) != PackageManager.PERMISSION_GRANTED
            if (asked) {
                askPermission.launch(Manifest.permission.POST_NOTIFICATIONS)
            } else {
                fetchPushToken()
            }
        }
    }

    private fun fetchPushToken() {
        if (!WocableApp.firebaseReady) {
            answerPush("failed")
            return
        }
        FirebaseMessaging.getInstance().token
            .addOnSuccessListener { token -> answerPush("token:$token") }
            .addOnFailureListener { answerPush("failed") }
    }

    @Synchronized
    private fun answerPush(answer: String) {
        pushAnswer = answer
    }

    /** Called by the game (JNI, on its own thread): how asking went, once, or null while it goes on. */
    @Synchronized
    fun takePushAnswer(): String? {
        val answer = pushAnswer
        pushAnswer = null
        return answer
    }

    override fun onWindowFocusChanged(hasFocus: Boolean) {
        super.onWindowFocusChanged(hasFocus)
        // Hide the bars again whenever the game gets the focus back (after a
        // dialog, the notification shade or a trip to another app).
        if (hasFocus) {
            hideSystemBars()
        }
    }

    /** Immersive mode: status and navigation bars hidden, shown for a moment by a swipe from the edge. */
    private fun hideSystemBars() {
        val controller = WindowCompat.getInsetsController(window, window.decorView)
        controller.systemBarsBehavior =
            WindowInsetsControllerCompat.BEHAVIOR_SHOW_TRANSIENT_BARS_BY_SWIPE
        controller.hide(WindowInsetsCompat.Type.systemBars())
    }

    companion object {
        init {
            // Load the Rust library with the class, before GameActivity looks
            // up its entry point in it.
            System.loadLibrary("wocable")
        }
    }
}
