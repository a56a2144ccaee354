// Time as a dependency, so that expiry (30 days), lockouts and rate-limit windows can be tested.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move: `clock.advance(31 * DAY)`. */
export function createManualClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The UTC calendar day of a date, YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC calendar days up to today, oldest first. */
export function dayRange(days: number, now: Date): string[] {
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => isoDay(new Date(today - (days - 1 - i) * DAY)));
}
