import net from "node:net";

// Blocked IPv4 ranges (RFC 6890 special-purpose registry): this network, private, CGNAT,
// loopback, link-local (incl. the 169.254.169.254 cloud metadata address), IETF protocol
// assignments, documentation, 6to4 relay, benchmarking, multicast, reserved and broadcast.
const V4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_BLOCKED_INT = V4_BLOCKED.map(([base, bits]) => [v4ToInt(base) >>> (32 - bits), bits] as const);

function isPublicV4Int(n: number): boolean {
  return !V4_BLOCKED_INT.some(([prefix, bits]) => n >>> (32 - bits) === prefix);
}

/** Eight 16-bit groups of a valid IPv6 address (zone id dropped, dotted IPv4 tail expanded). */
function v6Groups(ip: string): number[] {
  let s = ip.split("%")[0]!;
  const lastColon = s.lastIndexOf(":");
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const n = v4ToInt(tail);
    s = `${s.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  if (rest === undefined) return h;
  const t = parse(rest);
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

const embeddedV4 = (hi: number, lo: number) => hi * 65536 + lo;

function isPublicV6(ip: string): boolean {
  const g = v6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // IPv4-mapped ::ffff:a.b.c.d: the IPv4 rules decide.
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicV4Int(embeddedV4(g[6]!, g[7]!));
  // NAT64 well-known prefix 64:ff9b::/96 (DNS64 networks): the embedded IPv4 decides.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicV4Int(embeddedV4(g[6]!, g[7]!));
  // Only global unicast 2000::/3 is public: this refuses ::, ::1, fc00::/7, fe80::/10, ff00::/8.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  // 2001::/23 (Teredo, ORCHID, benchmarking…), 2001:db8::/32 and 3fff::/20 (documentation).
  if (g[0] === 0x2001 && (g[1]! < 0x200 || g[1] === 0xdb8)) return false;
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false;
  // 6to4 2002::/16 carries an IPv4 address that the relay would reach.
  if (g[0] === 0x2002) return isPublicV4Int(embeddedV4(g[1]!, g[2]!));
  return true;
}

/** True only for globally routable unicast addresses; anything unparsable is not public. */
export function isPublicAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return isPublicV4Int(v4ToInt(ip));
  if (net.isIPv6(ip.split("%")[0]!)) return isPublicV6(ip);
  return false;
}
