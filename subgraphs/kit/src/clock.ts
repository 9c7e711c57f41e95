/**
 * Where rate limits and sign-in throttles read the time. The platform uses the system clock; a test
 * passes its own (`startPlatform({ clock })`) and moves it forward instead of sleeping, so a burst
 * lands in one window however busy the machine is.
 */
export interface Clock {
  /** milliseconds since the epoch, like `Date.now()` */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
