/**
 * IP address rules for the login history, without I/O: which addresses are the local network (never
 * looked up in a location database) and one canonical text per address.
 */

export type AddressKind = "local" | "public" | "invalid";

type Ipv4 = readonly [number, number, number, number];

export function parseIpv4(text: string): Ipv4 | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : Number.NaN));
  if (bytes.some((byte) => !(byte >= 0 && byte <= 255))) return null;
  return bytes as unknown as Ipv4;
}

/** Eight 16-bit groups, or null. Accepts "::" compression, an embedded IPv4 tail and a zone ("%eth0"). */
export function parseIpv6(text: string): number[] | null {
  let address = text.split("%", 1)[0] ?? "";
  const lastColon = address.lastIndexOf(":");
  if (lastColon < 0) return null;
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (v4 === null) return null;
    const high = ((v4[0] << 8) | v4[1]).toString(16);
    const low = ((v4[2] << 8) | v4[3]).toString(16);
    address = `${address.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) =>
    part === ""
      ? []
      : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const head = groups(halves[0] ?? "");
  const rest = halves.length === 2 ? groups(halves[1] ?? "") : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...rest];
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), or null. */
function mappedIpv4(groups: readonly number[]): Ipv4 | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

const isIpv6Loopback = (groups: readonly number[]) =>
  groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;

function isLocalIpv4([a, b]: Ipv4): boolean {
  return (
    a === 10 || // private
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 168) || // private
    a === 127 || // loopback
    (a === 169 && b === 254) // link-local
  );
}

/**
 * "local" for private (10/8, 172.16/12, 192.168/16), loopback (127/8, ::1), link-local (169.254/16,
 * fe80::/10) and unique-local IPv6 (fc00::/7) addresses, IPv4-mapped ones included; "public" for every
 * other address; "invalid" for text that is no IP address.
 */
export function classifyAddress(text: string): AddressKind {
  const v4 = parseIpv4(text);
  if (v4 !== null) return isLocalIpv4(v4) ? "local" : "public";
  const v6 = parseIpv6(text);
  if (v6 === null) return "invalid";
  const mapped = mappedIpv4(v6);
  if (mapped !== null) return isLocalIpv4(mapped) ? "local" : "public";
  const first = v6[0] ?? 0;
  const loopback = isIpv6Loopback(v6);
  const linkLocal = (first & 0xffc0) === 0xfe80;
  const uniqueLocal = (first & 0xfe00) === 0xfc00;
  return loopback || linkLocal || uniqueLocal ? "local" : "public";
}

/** 127.0.0.0/8 and ::1 (IPv4-mapped too): the machine talking to itself. */
export function isLoopbackAddress(text: string): boolean {
  const v4 = parseIpv4(text);
  if (v4 !== null) return v4[0] === 127;
  const v6 = parseIpv6(text);
  if (v6 === null) return false;
  const mapped = mappedIpv4(v6);
  return mapped === null ? isIpv6Loopback(v6) : mapped[0] === 127;
}

/** One text per address: IPv4-mapped IPv6 becomes plain IPv4, IPv6 is lower-case without a zone. */
export function normalizeAddress(text: string): string {
  if (parseIpv4(text) !== null) return text;
  const v6 = parseIpv6(text);
  if (v6 === null) return text;
  const mapped = mappedIpv4(v6);
  if (mapped !== null) return mapped.join(".");
  return (text.split("%", 1)[0] ?? text).toLowerCase();
}
