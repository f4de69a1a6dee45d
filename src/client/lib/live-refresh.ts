/** While something is live (a call in progress, a voice platform's deliveries arriving), lists follow it this often. */
export const LIVE_REFRESH_MS = 5_000;
