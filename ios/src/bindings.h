// Between the app's Objective-C and the Rust library (libwocable.a).
#ifndef WOCABLE_BINDINGS_H
#define WOCABLE_BINDINGS_H

#include <stddef.h>

// In Rust: builds the Bevy app and runs it. It never returns: winit starts
// UIApplicationMain inside it.
void main_rs(void);

// In main.m, for Rust: copies the universal link the app was last opened with
// into buffer (at most size bytes, not NUL-terminated) and forgets it; returns
// its length, or 0 when there is none (or it is longer than size).
size_t wocable_take_opened_link(char *buffer, size_t size);

// In main.m, for Rust: asks the player's leave to notify them of turns, then
// registers with APNs.
void wocable_ask_to_notify(void);

// In main.m, for Rust: as wocable_take_opened_link, how asking went:
// "token:HEX" (the APNs device token), "refused" or "failed".
size_t wocable_take_push_answer(char *buffer, size_t size);

#endif
