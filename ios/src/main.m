// Wocable on iOS: sets up what must be in place before the game starts, then
// hands over to Rust for good.

#import <AVFoundation/AVFoundation.h>
#import <UIKit/UIKit.h>
#import <UserNotifications/UserNotifications.h>

#import "bindings.h"

// The universal link (a room's join link) the app was last opened or brought
// back with, or the link of a notification tapped, until the game takes it
// (wocable_take_opened_link, twice a second).
static NSString *openedLink = nil;

// How asking to be told of turns went, until the game takes it
// (wocable_take_push_answer): "token:HEX", "refused" or "failed".
static NSString *pushAnswer = nil;

static void keep(NSString **kept, NSString *text) {
    @synchronized([UIApplication class]) {
        *kept = text;
    }
}

static void keepLink(NSUserActivity *activity) {
    if ([activity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb] && activity.webpageURL != nil) {
        keep(&openedLink, activity.webpageURL.absoluteString);
    }
}

// Copies what is kept into buffer (at most size bytes, not NUL-terminated) and
// forgets it; its length, or 0 when there is none (or it is longer than size).
static size_t take(NSString **kept, char *buffer, size_t size) {
    NSString *text;
    @synchronized([UIApplication class]) {
        text = *kept;
        *kept = nil;
    }
    const char *bytes = text.UTF8String;
    size_t length = bytes == NULL ? 0 : strlen(bytes);
    if (length == 0 || length > size) {
        return 0;
    }
    memcpy(buffer, bytes, length);
    return length;
}

size_t wocable_take_opened_link(char *buffer, size_t size) {
    return take(&openedLink, buffer, size);
}

size_t wocable_take_push_answer(char *buffer, size_t size) {
    return take(&pushAnswer, buffer, size);
}

void wocable_ask_to_notify(void) {
    UNAuthorizationOptions options = UNAuthorizationOptionAlert | UNAuthorizationOptionSound | UNAuthorizationOptionBadge;
    [[UNUserNotificationCenter currentNotificationCenter]
        requestAuthorizationWithOptions:options
                      completionHandler:^(BOOL granted, NSError *error) {
                        if (!granted) {
                            if (error != nil) {
                                NSLog(@"Wocable: notifications not allowed: %@", error);
                            }
                            keep(&pushAnswer, @"refused");
                            return;
                        }
                        // The delegate hears the token (or why there is none).
                        dispatch_async(dispatch_get_main_queue(), ^{
                          [[UIApplication sharedApplication] registerForRemoteNotifications];
                        });
                      }];
}

// winit sets no application delegate (it follows the life cycle through
// notifications) and leaves one to the app. iOS hands a universal link and
// the APNs device token to the delegate, so the app sets this one once it has
// launched: it only keeps them. A link that launched the app comes in the
// launch options as well. It is also the notification center's delegate: a
// notification tapped hands over its link (its `url`: the game's join link).
@interface WocableDelegate : NSObject <UIApplicationDelegate, UNUserNotificationCenterDelegate>
@end

@implementation WocableDelegate

- (BOOL)application:(UIApplication *)application
    continueUserActivity:(NSUserActivity *)userActivity
      restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler {
    (void)application;
    (void)restorationHandler;
    keepLink(userActivity);
    return YES;
}

- (void)application:(UIApplication *)application
    didRegisterForRemoteNotificationsWithDeviceToken:(NSData *)deviceToken {
    (void)application;
    const unsigned char *bytes = deviceToken.bytes;
    NSMutableString *hex = [NSMutableString stringWithString:@"token:"];
    for (NSUInteger i = 0; i < deviceToken.length; i++) {
        [hex appendFormat:@"%02x", bytes[i]];
    }
    keep(&pushAnswer, hex);
}

- (void)application:(UIApplication *)application didFailToRegisterForRemoteNotificationsWithError:(NSError *)error {
    (void)application;
    NSLog(@"Wocable: no APNs registration: %@", error);
    keep(&pushAnswer, @"failed");
}

// A notification tapped: its game opens.
- (void)userNotificationCenter:(UNUserNotificationCenter *)center
    didReceiveNotificationResponse:(UNNotificationResponse *)response
             withCompletionHandler:(void (^)(void))completionHandler {
    (void)center;
    id url = response.notification.request.content.userInfo[@"url"];
    if ([url isKindOfClass:[NSString class]]) {
        keep(&openedLink, url);
    }
    completionHandler();
}

// While the game is on screen its list says it already: no banner.
- (void)userNotificationCenter:(UNUserNotificationCenter *)center
       willPresentNotification:(UNNotification *)notification
         withCompletionHandler:(void (^)(UNNotificationPresentationOptions))completionHandler {
    (void)center;
    (void)notification;
    completionHandler(UNNotificationPresentationOptionNone);
}

@end

int main(int argc, char *argv[]) {
    (void)argc;
    (void)argv;
    // The application and the notification center hold their delegates
    // weakly: this keeps it.
    static WocableDelegate *delegate = nil;
    @autoreleasepool {
        // A game's sounds: Ambient mixes with whatever the player is listening
        // to and is silenced by the ring/silent switch and the screen lock.
        NSError *error = nil;
        AVAudioSession *session = [AVAudioSession sharedInstance];
        if (![session setCategory:AVAudioSessionCategoryAmbient error:&error]) {
            NSLog(@"Wocable: audio session category not set: %@", error);
        }
        delegate = [WocableDelegate new];
        [[NSNotificationCenter defaultCenter]
            addObserverForName:UIApplicationDidFinishLaunchingNotification
                        object:nil
                         queue:nil
                    usingBlock:^(NSNotification *launched) {
                      UIApplication *application = launched.object;
                      if (application.delegate == nil) {
                          application.delegate = delegate;
                      }
                      // Before launching ends, so that the tap that launched
                      // the app reaches it.
                      [UNUserNotificationCenter currentNotificationCenter].delegate = delegate;
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
