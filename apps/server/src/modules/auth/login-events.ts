import type { LoginEventKind, LoginStatus, SignInMethod, SuspicionReason } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { type Client, describeDevice, type KnownDevice } from "../../domain/device.js";
import { describeLocation } from "../../domain/location.js";
import { suspicionReasons } from "../../domain/suspicious-login.js";
import { notices, notify } from "../notifications/index.js";
import type { AuthContext } from "./context.js";
import { insertLoginEvent, signInFacts } from "./login-event-queries.js";

async function record(
  db: Db,
  {
    geo,
    userId,
    client,
    status,
    reasons = [],
    kind = "signIn",
    method = null,
    passkeyName = null,
    now,
  }: Pick<AuthContext, "geo"> & {
    userId: string;
    client: Client;
    status: LoginStatus;
    reasons?: SuspicionReason[];
    kind?: LoginEventKind;
    method?: SignInMethod | null;
    passkeyName?: string | null;
    now: Date;
  },
): Promise<void> {
  const device = describeDevice(client.userAgent);
  await insertLoginEvent(db, {
    userId,
    status,
    ipAddress: client.ip,
    userAgent: client.userAgent ?? null,
    device: device.label,
    deviceKey: device.key,
    location: describeLocation(client.ip, geo),
    reasons,
    kind,
    method,
    passkeyName,
    createdAt: now,
  });
}

/** A wrong password or code (`method`: what was tried) for an existing account. */
export async function recordFailedSignIn(
  { db, geo, clock }: Pick<AuthContext, "db" | "geo" | "clock">,
  { userId, client, method }: { userId: string; client: Client; method: SignInMethod },
): Promise<void> {
  await record(db, { geo, userId, client, status: "failed", method, now: clock.now() });
}

/**
 * A change to the account's passkeys (added, renamed, removed) in its login history, beside the sign-ins:
 * where it was made from and the passkey's name at the change. Call it in the change's db transaction.
 */
export async function recordPasskeyChange(
  db: Db,
  {
    geo,
    userId,
    client,
    kind,
    passkeyName,
    now,
  }: Pick<AuthContext, "geo"> & {
    userId: string;
    client: Client;
    kind: Exclude<LoginEventKind, "signIn">;
    passkeyName: string;
    now: Date;
  },
): Promise<void> {
  await record(db, { geo, userId, client, status: "success", kind, passkeyName, now });
}

/**
 * A completed sign-in, "success" or "suspicious" with its reasons (see domain/suspicious-login.ts). A
 * suspicious one (a new device or place, or after a run of failures) is told to the customer, always:
 * call it in the sign-in's db transaction. `device` is the browser's device cookie: one that names the
 * account is no new device.
 */
export async function recordSuccessfulSignIn(
  db: Db,
  {
    geo,
    userId,
    client,
    device,
    method,
    now,
  }: Pick<AuthContext, "geo"> & {
    userId: string;
    client: Client;
    device: KnownDevice | null;
    /** How the sign-in was proved. */
    method: SignInMethod;
    now: Date;
  },
): Promise<LoginStatus> {
  const location = describeLocation(client.ip, geo);
  const facts = await signInFacts(db, {
    userId,
    ipAddress: client.ip,
    location,
    deviceKey: describeDevice(client.userAgent).key,
  });
  const reasons = suspicionReasons({
    ...facts,
    knownDevice: device?.accountIds.includes(userId) === true,
  });
  const status = reasons.length > 0 ? "suspicious" : "success";
  await record(db, { geo, userId, client, status, reasons, method, now });
  if (status === "suspicious") {
    const notice = notices.suspiciousSignIn({
      device: describeDevice(client.userAgent).label,
      location,
      ip: client.ip,
      newDevice: reasons.includes("newDevice"),
      newPlace: reasons.includes("newLocation"),
    });
    await notify(db, { userId, at: now, ...notice });
  }
  return status;
}
