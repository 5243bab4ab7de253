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

#endif
