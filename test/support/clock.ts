import type { Clock } from '@svc/kit';

/**
 * A clock a test moves by hand (`startTestPlatform({ clock })`): rate-limit windows and sign-in
 * locks follow it, not the wall clock, so a burst is in one window however long it takes on a busy
 * machine, and a lock ends when the test says so, without sleeping.
 */
export class TestClock implements Clock {
  private t: number;

  /** starts at the beginning of the current wall-clock minute (windows are aligned to it) */
  constructor(start = Math.floor(Date.now() / 60_000) * 60_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  advance(ms: number): void {
    this.t += ms;
  }

  /** moves to the start of a window in which no earlier hit counts (the previous one is empty too) */
  freshWindow(windowMs = 1000): void {
    this.t = (Math.floor(this.t / windowMs) + 2) * windowMs;
  }
}
