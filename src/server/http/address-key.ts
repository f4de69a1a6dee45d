import { isIPv6 } from "node:net";

/** The 16-bit groups of a written part of an IPv6 address; a dotted IPv4 tail is its last two. */
const groupsOf = (part: string): number[] =>
  part === ""
    ? []
    : part.split(":").flatMap((piece) => {
        if (!piece.includes(".")) return [Number.parseInt(piece, 16)];
        const [a, b, c, d] = piece.split(".").map(Number);
        return [(a! << 8) | b!, (c! << 8) | d!];
      });

/** The eight groups of an address `isIPv6` accepted: `::` stands for as many zero groups as are missing. */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What the per-address limits count a client as. An IPv6 client holds a whole /64 (a home or a cloud server
 * gets one, and picks any of its 2^64 addresses per request), so it counts as its /64; an IPv4-mapped address
 * (`::ffff:a.b.c.d`, how a dual-stack socket sees an IPv4 client) as that IPv4 address. Anything else as written.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
