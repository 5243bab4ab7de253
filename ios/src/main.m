// Wocable on iOS: sets up what must be in place before the game starts, then
// hands over to Rust for good.

#import <AVFoundation/AVFoundation.h>
#import <UIKit/UIKit.h>

#import "bindings.h"

// The universal link (a room's join link) the app was last opened or brought
// back with, until the game takes it (wocable_take_opened_link, twice a second).
static NSString *openedLink = nil;

static void keepLink(NSUserActivity *activity) {
    if ([activity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb] && activity.webpageURL != nil) {
        @synchronized([UIApplication class]) {
            openedLink = activity.webpageURL.absoluteString;
        }
    }
}

size_t wocable_take_opened_link(char *buffer, size_t size) {
    NSString *link;
    @synchronized([UIApplication class]) {
        link = openedLink;
        openedLink = nil;
    }
    const char *bytes = link.UTF8String;
    size_t length = bytes == NULL ? 0 : strlen(bytes);
    if (length == 0 || length > size) {
        return 0;
    }
    memcpy(buffer, bytes, length);
    return length;
}

// winit sets no application delegate (it follows the life cycle through
// notifications) and leaves one to the app. iOS hands a universal link to the
// delegate, so the app sets this one once it has launched: it only keeps the
// link. A link that launched the app comes in the launch options as well.
@interface WocableLinks : NSObject <UIApplicationDelegate>
@end

@implementation WocableLinks

- (BOOL)application:(UIApplication *)application
    continueUserActivity:(NSUserActivity *)userActivity
      restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler {
    (void)application;
    (void)restorationHandler;
    keepLink(userActivity);
    return YES;
}

@end

int main(int argc, char *argv[]) {
    (void)argc;
    (void)argv;
    // The application holds its delegate weakly: this keeps it.
    static WocableLinks *links = nil;
    @autoreleasepool {
        // A game's sounds: Ambient mixes with whatever the player is listening
        // to and is silenced by the ring/silent switch and the screen lock.
        NSError *error = nil;
        AVAudioSession *session = [AVAudioSession sharedInstance];
        if (![session setCategory:AVAudioSessionCategoryAmbient error:&error]) {
            NSLog(@"Wocable: audio session category not set: %@", error);
        }
        links = [WocableLinks new];
        [[NSNotificationCenter defaultCenter]
            addObserverForName:UIApplicationDidFinishLaunchingNotification
                        object:nil
                         queue:nil
                    usingBlock:^(NSNotification *launched) {
                      UIApplication *application = launched.object;
                      if (application.delegate == nil) {
                          application.delegate = links;
                      }
                      NSDictionary *activity = launched.userInfo[UIApplicationLaunchOptionsUserActivityDictionaryKey];
                      for (id value in activity.allValues) {
                          if ([value isKindOfClass:[NSUserActivity class]]) {
                              keepLink(value);
                          }
                      }
                    }];
    }
    // Never returns: winit runs UIApplicationMain inside main_rs().
    main_rs();
    return 0;
}
