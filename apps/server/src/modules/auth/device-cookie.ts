import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sameDigest } from "./tokens.js";

/**
 * A browser that signed in before: a random id of its own and the accounts it signed in to. Sign-in
 * counts its wrong passwords apart from everyone else's, so others' failures cannot lock it out.
 */
export type KnownDevice = { id: string; accountIds: readonly string[] };

/** A shared computer may hold a few accounts; the oldest one drops out beyond this. */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const VERSION = "v1";

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("hex");

/** "v1.<device id>.<account ids joined by ~>.<HMAC-SHA256 of what precedes, hex>". */
export function sealDevice(key: Buffer, device: KnownDevice): string {
  const payload = [VERSION, device.id, device.accountIds.join("~")].join(".");
  return `${payload}.${mac(key, payload)}`;
}

/** The device a cookie names; null when there is none, or it was altered or signed with another key. */
export function openDevice(key: Buffer, value: string | undefined): KnownDevice | null {
  const parts = value?.split(".");
  if (parts?.length !== 4) return null;
  const [version, id, accounts, digest] = parts as [string, string, string, string];
  if (version !== VERSION || id === "" || !sameDigest(digest, mac(key, `${version}.${id}.${accounts}`))) {
    return null;
  }
  return { id, accountIds: accounts === "" ? [] : accounts.split("~") };
}

/** The device after signing in to `accountId`: a new one when the browser had none. */
export function withAccount(device: KnownDevice | null, accountId: string): KnownDevice {
  const others = (device?.accountIds ?? []).filter((id) => id !== accountId);
  return {
    id: device?.id ?? randomBytes(16).toString("base64url"),
    accountIds: [...others, accountId].slice(-MAX_ACCOUNTS),
  };
}

/** The device cookie: read and verified, and set after a sign-in. */
export type DeviceCookies = {
  read(request: FastifyRequest): KnownDevice | null;
  set(reply: FastifyReply, device: KnownDevice): void;
};

/** HttpOnly, SameSite=Lax, Path=/, a year; in production Secure under the `__Host-` prefix. */
export function deviceCookies({ secure, key }: { secure: boolean; key: Buffer }): DeviceCookies {
  const name = secure ? "__Host-satsbank_device" : "satsbank_device";
  const options = { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: MAX_AGE_SECONDS } as const;
  return {
    read: (request) => openDevice(key, request.cookies[name]),
    set: (reply, device) => {
      reply.setCookie(name, sealDevice(key, device), options);
    },
  };
}
