import ipaddr from "ipaddr.js";

/**
 * IP address rules for the login history and the limits, without I/O: which addresses are the local
 * network (never looked up in a location database) and one canonical text per address. Parsing and ranges
 * are ipaddr.js's; only the choice of what counts as local is ours.
 */

export type AddressKind = "local" | "public" | "invalid";

/** Ranges (ipaddr.js's names) that are the local network: private, loopback, link-local, unique-local. */
const LOCAL_RANGES = new Set(["private", "loopback", "linkLocal", "uniqueLocal"]);

/**
 * The address, IPv4-mapped IPv6 turned into IPv4, or null for text that is no address. IPv4 must be four
 * plain decimal parts: ipaddr.js also reads "0x7f.1" and "01.2.3.4", which no client sends.
 */
function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * "local" for private (10/8, 172.16/12, 192.168/16), loopback (127/8, ::1), link-local (169.254/16,
 * fe80::/10) and unique-local IPv6 (fc00::/7) addresses, IPv4-mapped ones included; "public" for every
 * other address; "invalid" for text that is no IP address.
 */
export function classifyAddress(text: string): AddressKind {
  const address = parse(text);
  if (address === null) return "invalid";
  return LOCAL_RANGES.has(address.range()) ? "local" : "public";
}

/** 127.0.0.0/8 and ::1 (IPv4-mapped too): the machine talking to itself. */
export function isLoopbackAddress(text: string): boolean {
  return parse(text)?.range() === "loopback";
}

/** One text per address: IPv4-mapped IPv6 becomes plain IPv4, IPv6 is lower-case without a zone. */
export function normalizeAddress(text: string): string {
  const address = parse(text);
  if (address === null) return text;
  if (address.kind() === "ipv4") return address.toString();
  return (text.split("%", 1)[0] ?? text).toLowerCase();
}
