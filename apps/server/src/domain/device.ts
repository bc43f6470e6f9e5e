import { randomBytes } from "node:crypto";
import { UAParser } from "ua-parser-js";

/** A device as the login history shows it, and the key that says whether two sign-ins share one. */
export type Device = {
  /** "Chrome 156 on Linux", or "Unknown device". */
  label: string;
  /** Browser and operating system without versions: an update does not make a device new. */
  key: string;
};

export const UNKNOWN_DEVICE = "Unknown device";

/** Reads the browser and operating system from a User-Agent header. */
export function describeDevice(userAgent: string | undefined): Device {
  const ua = userAgent?.trim() ?? "";
  if (ua === "") return { label: UNKNOWN_DEVICE, key: "unknown" };
  const { browser, os } = UAParser(ua);
  if (browser.name === undefined && os.name === undefined) {
    // Not a browser (curl, a script): name the program from its first product token, "curl/8.5.0".
    const product = /^([A-Za-z][\w.-]*)\/(\d+)/.exec(ua);
    if (product === null) return { label: UNKNOWN_DEVICE, key: `ua:${ua.slice(0, 100)}` };
    return { label: `${product[1]} ${product[2]}`, key: `program:${product[1]}` };
  }
  const browserLabel = [browser.name, browser.major].filter(Boolean).join(" ");
  const label =
    browserLabel && os.name ? `${browserLabel} on ${os.name}` : browserLabel || os.name || UNKNOWN_DEVICE;
  return { label, key: `${browser.name ?? "?"} on ${os.name ?? "?"}` };
}

/** Who is asking: for rate limits, sessions and the login history. */
export type Client = {
  /** Normalised (IPv4-mapped IPv6 as IPv4). With TRUST_PROXY, from X-Forwarded-For. */
  ip: string;
  userAgent: string | undefined;
};

/**
 * A browser that signed in before: a random id of its own and the accounts it signed in to. Sign-in
 * counts its wrong passwords apart from everyone else's, so others' failures cannot lock it out.
 */
export type KnownDevice = { id: string; accountIds: readonly string[] };

/** A shared computer may hold a few accounts; the oldest one drops out beyond this. */
const MAX_DEVICE_ACCOUNTS = 5;

/** The device after signing in to `accountId`: a new one when the browser had none. */
export function withAccount(device: KnownDevice | null, accountId: string): KnownDevice {
  const others = (device?.accountIds ?? []).filter((id) => id !== accountId);
  return {
    id: device?.id ?? randomBytes(16).toString("base64url"),
    accountIds: [...others, accountId].slice(-MAX_DEVICE_ACCOUNTS),
  };
}
