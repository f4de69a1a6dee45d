/** Audio types by file extension, for a platform that sends its recordings as octet streams. */
const AUDIO_BY_EXTENSION: Record<string, string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  webm: "audio/webm",
  flac: "audio/flac",
};

/** Other names platforms give the same types (a file's extension is read back from its stored type). */
const EXTENSION_BY_ALIAS: Record<string, string> = {
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/vnd.wave": "wav",
  "audio/mp3": "mp3",
  "audio/x-m4a": "m4a",
  "audio/x-flac": "flac",
};

/**
 * What the copy is served as: the platform's audio type, else one the link's extension names, else WAV (what
 * Vapi and Retell record). Never anything but audio: the route serves it from our own origin.
 */
export function audioTypeOf(header: string | undefined, url: string): string {
  const declared = header?.split(";")[0]?.trim().toLowerCase();
  if (declared && /^audio\/[a-z0-9.+-]+$/.test(declared)) return declared;
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return (extension && AUDIO_BY_EXTENSION[extension]) || "audio/wav";
}

/** The file extension of a stored copy's type (an archive names its files by it): `bin` for a type not known. */
export function audioExtensionOf(contentType: string): string {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const known = Object.entries(AUDIO_BY_EXTENSION).find(([, audio]) => audio === type)?.[0];
  return known ?? EXTENSION_BY_ALIAS[type] ?? "bin";
}

/** Every extension audioExtensionOf answers but `bin`, for the readmes and the API's description. */
export const AUDIO_EXTENSIONS = [...new Set(Object.values(AUDIO_BY_EXTENSION).map(audioExtensionOf))];
