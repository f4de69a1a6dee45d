/*
 * The one guard for URLs that come from outside and are later opened: recording links are handed to the staff's
 * browsers, and the recording copy will fetch them from the server (an SSRF guard: a link must not make the
 * server reach itself, its network or the cloud's metadata address). Shared: the report schema checks with it.
 *
 * A host name is judged by what it says, not by what it resolves to: a fetch must also check the address the
 * name resolved to with `isPublicAddress` (and connect to that very address), or a name pointing at 10.0.0.1
 * gets through.
 */

type Ipv4 = [number, number, number, number];

/** Ranges no public server lives in (RFC 6890): [first octets, prefix length]. */
const NON_PUBLIC_V4: readonly [Ipv4, number][] = [
  [[0, 0, 0, 0], 8], // "this network", the unspecified 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata at 169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 3], // multicast, reserved, broadcast
];

const v4Number = ([a, b, c, d]: Ipv4) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

function parseIpv4(text: string): Ipv4 | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number) as Ipv4;
}

function isPublicIpv4(ip: Ipv4): boolean {
  const n = v4Number(ip);
  return !NON_PUBLIC_V4.some(([base, bits]) => (n ^ v4Number(base)) >>> (32 - bits) === 0);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or null. */
function parseIpv6(text: string): number[] | null {
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const v4 = dotted ? parseIpv4(dotted[1]!) : null;
  if (dotted && !v4) return null;
  const hex = v4
    ? `${text.slice(0, dotted!.index + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`
    : text;
  const halves = hex.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = left.length + right.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const value = (g: string) => Number.parseInt(g, 16);
  return [...left.map(value), ...Array<number>(8 - known).fill(0), ...right.map(value)];
}

function isPublicIpv6(g: number[]): boolean {
  const embeddedV4 = (hi: number, lo: number): Ipv4 => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, :: and ::1 among them) and 64:ff9b::a.b.c.d (NAT64) reach
  // the IPv4 address inside; 2002:xxxx:xxxx:: (6to4) the one in its second and third groups.
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return isPublicIpv4(embeddedV4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicIpv4(embeddedV4(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicIpv4(embeddedV4(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // unique local (fc00::/7), IPv6's private range
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  return true;
}

/**
 * Whether an IP address (IPv4 dotted, or IPv6 with or without brackets) is one the public internet routes to:
 * not loopback, private, link-local, unspecified, multicast or reserved. Anything that is not an address: false.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const v4 = parseIpv4(bare);
  if (v4) return isPublicIpv4(v4);
  const v6 = bare.includes(":") ? parseIpv6(bare) : null;
  return v6 !== null && isPublicIpv6(v6);
}

/**
 * Why an https URL from outside may not be opened, or null when it may: it carries a user name or password
 * (they would be handed to every browser that plays it), or its host is not public — `localhost` (and
 * `*.localhost`), a name without a dot (resolved against the server's own search domains), or an address
 * literal `isPublicAddress` refuses. URL parsing has already read every spelling of an address (2130706433,
 * 0x7f.1, [::ffff:127.0.0.1]) as its canonical form.
 */
export function publicUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:") return "is not an https URL";
  if (url.username !== "" || url.password !== "") return "carries a user name or password";
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  const literal = /^\[.*\]$/.test(host) || parseIpv4(host) !== null;
  if (
    literal
      ? !isPublicAddress(host)
      : host === "localhost" || host.endsWith(".localhost") || !host.includes(".")
  ) {
    return "points at a loopback, private, link-local or unspecified address";
  }
  return null;
}
