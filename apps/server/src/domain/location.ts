import { classifyAddress } from "./ip-address.js";

export const LOCAL_NETWORK = "Local network";
export const UNKNOWN_LOCATION = "Unknown";

/**
 * Where a sign-in came from, as the login history shows it: "Local network" for private, loopback and
 * link-local addresses (never looked up), else "City, Country" or "Country" from the location database,
 * else "Unknown".
 */
export function describeLocation(
  ip: string,
  lookup: (ip: string) => { city?: string; country?: string } | null,
): string {
  const kind = classifyAddress(ip);
  if (kind === "local") return LOCAL_NETWORK;
  if (kind === "invalid") return UNKNOWN_LOCATION;
  const found = lookup(ip);
  if (found?.country === undefined) return UNKNOWN_LOCATION;
  return found.city === undefined ? found.country : `${found.city}, ${found.country}`;
}
