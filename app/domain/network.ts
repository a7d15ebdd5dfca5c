/**
 * The network an address belongs to, for fraud review (decisions 038 and 041): an IPv4 address's /24
 * ("203.0.113.0/24") and an IPv6 address's /64 ("2001:db8:1:2::/64"), the block one household,
 * office or mobile connection usually gets. IPv4 written as IPv6 (`::ffff:203.0.113.7`, as Node
 * reports clients on a dual-stack socket) counts as IPv4. Anything that is not an address gives null.
 */
export function ipNetwork(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.trim().toLowerCase();
  const v4 = ipv4Octets(address);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  // IPv4-mapped (::ffff:a.b.c.d, also written in hex groups): the IPv4 address's /24.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

function ipv4Octets(address: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The 8 groups of an IPv6 address (zone id dropped; an embedded IPv4 tail read as two groups), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.replace(/%.*$/, "");
  if (!address.includes(":")) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const groups: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = ipv4Octets(piece);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** RFC 5952 text: lower-case hex without leading zeros, the longest run of two or more zero groups as "::". */
function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length;) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - start > bestLength) [bestStart, bestLength] = [start, end - start];
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}
