import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { KnownDevice } from "../domain/device.js";
import { sameDigest } from "../domain/digest.js";

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
