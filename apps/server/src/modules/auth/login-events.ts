import type { LoginStatus } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { Client } from "../../domain/device.js";
import { describeDevice } from "../../domain/device.js";
import { describeLocation } from "../../domain/location.js";
import { successfulSignInStatus } from "../../domain/suspicious-login.js";
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
    now,
  }: Pick<AuthContext, "geo"> & {
    userId: string;
    client: Client;
    status: LoginStatus;
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
    createdAt: now,
  });
}

/** A wrong password or code for an existing account. */
export async function recordFailedSignIn(
  { db, geo, clock }: Pick<AuthContext, "db" | "geo" | "clock">,
  { userId, client }: { userId: string; client: Client },
): Promise<void> {
  await record(db, { geo, userId, client, status: "failed", now: clock.now() });
}

/**
 * A completed sign-in, "success" or "suspicious" (see domain/suspicious-login.ts). A suspicious one (a new
 * device or place, or after a run of failures) is told to the customer, always: call it in the sign-in's
 * db transaction.
 */
export async function recordSuccessfulSignIn(
  db: Db,
  { geo, userId, client, now }: Pick<AuthContext, "geo"> & { userId: string; client: Client; now: Date },
): Promise<LoginStatus> {
  const facts = await signInFacts(db, {
    userId,
    ipAddress: client.ip,
    deviceKey: describeDevice(client.userAgent).key,
  });
  const status = successfulSignInStatus(facts);
  await record(db, { geo, userId, client, status, now });
  if (status === "suspicious") {
    const notice = notices.suspiciousSignIn({
      device: describeDevice(client.userAgent).label,
      location: describeLocation(client.ip, geo),
      ip: client.ip,
      newDevice: !facts.deviceSeenBefore,
      newPlace: !facts.ipSeenBefore,
    });
    await notify(db, { userId, at: now, ...notice });
  }
  return status;
}
