import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import type { RelyingParty } from "./relying-party.js";

/** What the passkey use cases work with; each takes the part it needs. */
export type PasskeyContext = {
  db: Db;
  clock: Clock;
  /** The bank as WebAuthn knows it: RP ID and origin from PUBLIC_URL. */
  rp: RelyingParty;
};
