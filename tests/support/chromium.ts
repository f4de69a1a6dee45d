// Debian's chromium (test tools' own browser downloads fail here). Flags: see the toolchain notes —
// without the background-networking ones Chromium keeps dialling out on a closed network.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
