/**
 * Which IP addresses an outgoing webhook may reach (decision 055): public unicast only. Everything a
 * server-side request could use to reach the machine itself or its private network is refused:
 * loopback, private (RFC 1918), link-local (169.254.0.0/16, where cloud metadata services answer),
 * carrier-grade NAT, IPv6 unique-local and link-local, multicast, the unspecified address, and the
 * reserved and documentation ranges. IPv6 forms that carry an IPv4 address (IPv4-mapped
 * ::ffff:a.b.c.d, the deprecated IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are
 * judged by the IPv4 address inside.
 *
 * Pure parsing, no Node built-ins: addresses come from `dns.lookup` or from a URL's host (which the
 * WHATWG URL parser has already put in canonical form, e.g. "0x7f.1" becomes "127.0.0.1"); anything
 * that is not a plain dotted quad or a valid IPv6 text is "not an IP address" here.
 */

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "carrier-grade-nat"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "reserved"
  | "documentation";

/** How a refusal names each class ("…resolves to 10.0.0.5, a private address"). */
export const ADDRESS_CLASS_LABELS: Record<Exclude<AddressClass, "public">, string> = {
  loopback: "a loopback address",
  private: "a private address",
  "link-local": "a link-local address",
  "unique-local": "a unique-local (private) IPv6 address",
  "carrier-grade-nat": "a carrier-grade NAT address",
  multicast: "a multicast address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved address",
  documentation: "a documentation address",
};

/** The four bytes of a dotted-quad IPv4 address ("192.0.2.1"), or null. Leading zeros are refused (ambiguous: octal to some parsers). */
export function parseIPv4(text: string): [number, number, number, number] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes as [number, number, number, number];
}

/**
 * The eight 16-bit groups of an IPv6 address, or null. Accepts "::" compression, a trailing dotted
 * IPv4 ("::ffff:127.0.0.1"), surrounding brackets (a URL's host) and no zone id ("fe80::1%eth0" is
 * refused: a zone only makes sense on a link-local address, which is refused anyway).
 */
export function parseIPv6(input: string): number[] | null {
  let text = input;
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (!text.includes(":") || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index]!;
      if (piece.includes(".")) {
        // An embedded IPv4 address may only be the last piece.
        if (index !== pieces.length - 1) return null;
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
      groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  if (!head) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const tail = groupsOf(halves[1]!);
  if (!tail) return null;
  const missing = 8 - head.length - tail.length;
  // "::" stands for at least one group of zeros.
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

function inV4(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 ranges that are not public unicast, most specific first where they overlap. */
const IPV4_RANGES: readonly [number[], number, Exclude<AddressClass, "public">][] = [
  [[255, 255, 255, 255], 32, "broadcast"],
  [[0, 0, 0, 0], 8, "unspecified"],
  [[10, 0, 0, 0], 8, "private"],
  [[100, 64, 0, 0], 10, "carrier-grade-nat"],
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link-local"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 0, 0, 0], 24, "reserved"],
  [[192, 0, 2, 0], 24, "documentation"],
  [[192, 88, 99, 0], 24, "reserved"],
  [[192, 168, 0, 0], 16, "private"],
  [[198, 18, 0, 0], 15, "reserved"],
  [[198, 51, 100, 0], 24, "documentation"],
  [[203, 0, 113, 0], 24, "documentation"],
  [[224, 0, 0, 0], 4, "multicast"],
  [[240, 0, 0, 0], 4, "reserved"],
];

export function classifyIPv4(bytes: readonly number[]): AddressClass {
  for (const [prefix, bits, kind] of IPV4_RANGES) if (inV4(bytes, prefix, bits)) return kind;
  return "public";
}

/** The groups as bytes, for prefix tests. */
function v6Bytes(groups: readonly number[]): number[] {
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

export function classifyIPv6(groups: readonly number[]): AddressClass {
  const bytes = v6Bytes(groups);
  const embeddedV4 = bytes.slice(12, 16);
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (groups.every((group) => group === 0)) return "unspecified";
  if (zeroUpTo(7) && groups[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): the IPv4 address decides.
  if (zeroUpTo(5) && groups[5] === 0xffff) return classifyIPv4(embeddedV4);
  if (zeroUpTo(6)) return classifyIPv4(embeddedV4);
  // NAT64 (64:ff9b::/96) reaches the IPv4 address inside; its local-use range (64:ff9b:1::/48) is private.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return classifyIPv4(embeddedV4);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return "private";
  // 6to4 (2002::/16) carries the IPv4 address in its second and third groups.
  if (groups[0] === 0x2002) return classifyIPv4(bytes.slice(2, 6));
  if ((groups[0]! & 0xfe00) === 0xfc00) return "unique-local";
  if ((groups[0]! & 0xffc0) === 0xfe80) return "link-local";
  // fec0::/10, the withdrawn site-local range.
  if ((groups[0]! & 0xffc0) === 0xfec0) return "private";
  if ((groups[0]! & 0xff00) === 0xff00) return "multicast";
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return "documentation";
  // 2001::/23: IETF protocol assignments (Teredo 2001::/32 tunnels to addresses we cannot judge, ORCHID, benchmarking).
  if (groups[0] === 0x2001 && groups[1]! < 0x0200) return "reserved";
  // 3fff::/20, the newer documentation range.
  if (groups[0] === 0x3fff && groups[1]! < 0x1000) return "documentation";
  // Global unicast is 2000::/3; anything else (100::/64 discard, unassigned space) is not a place to send to.
  if ((groups[0]! & 0xe000) !== 0x2000) return "reserved";
  return "public";
}

/** The class of an IP address text (IPv4 dotted quad or IPv6), or null when it is not one. */
export function classifyAddress(text: string): AddressClass | null {
  const v4 = parseIPv4(text);
  if (v4) return classifyIPv4(v4);
  const v6 = parseIPv6(text);
  if (v6) return classifyIPv6(v6);
  return null;
}

/** Whether the text is an IP address literal (a URL host such as "127.0.0.1" or "[::1]"). */
export function isIpLiteral(text: string): boolean {
  return parseIPv4(text) !== null || parseIPv6(text) !== null;
}
