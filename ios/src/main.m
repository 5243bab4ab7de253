// Wocable on iOS: sets up what must be in place before the game starts, then
// hands over to Rust for good.

#import <AVFoundation/AVFoundation.h>

#import "bindings.h"

int main(int argc, char *argv[]) {
    (void)argc;
    (void)argv;
    @autoreleasepool {
        // A game's sounds: Ambient mixes with whatever the player is listening
        // to and is silenced by the ring/silent switch and the screen lock.
        NSError *error = nil;
        AVAudioSession *session = [AVAudioSession sharedInstance];
        if (![session setCategory:AVAudioSessionCategoryAmbient error:&error]) {
            NSLog(@"Wocable: audio session category not set: %@", error);
        }
    }
    // Never returns: winit runs UIApplicationMain inside main_rs().
    main_rs();
    return 0;
}
