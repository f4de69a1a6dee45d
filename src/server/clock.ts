/** Every time-dependent rule (token expiry, throttle windows, grace) reads time through this, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
