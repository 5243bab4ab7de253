// The entry point of the Rust library (libwocable.a): builds the Bevy app and
// runs it. It never returns: winit starts UIApplicationMain inside it.
#ifndef WOCABLE_BINDINGS_H
#define WOCABLE_BINDINGS_H

void main_rs(void);

#endif
