import { type } from "arktype";

/** The token of a signed link, as the routes a browser opens by itself (audio, downloads) take it: `?access=`. */
export const linkAccess = { "access?": "1 <= string <= 400" } as const;

/**
 * POST …/link of a download: where to send the browser, which saves the file as it arrives (nothing held in
 * the page), and until when the address works (ISO 8601 with its offset).
 */
export const downloadLink = type({ url: "string", expiresAt: "string" });
export type DownloadLink = typeof downloadLink.infer;
