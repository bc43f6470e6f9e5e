import type { Clock } from "../../adapters/clock.js";
import type { Mailer } from "../../adapters/mailer/mailer.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { AppConfig } from "../../config/config.js";
import type { Db } from "../../db/client.js";
import type { RelyingParty } from "../passkeys/index.js";
import type { VaultContext } from "../vault/index.js";

/** What the staff dashboard's use cases work with; each takes the part it needs. */
export type AdminContext = {
  db: Db;
  clock: Clock;
  /** Replies to support requests are mailed. */
  mailer: Mailer;
  brandName: string;
  /** Books: the backend's tip, against the follower's height. */
  chain: ChainBackend;
  /** Production: staff must use an authenticator app (the header says so). */
  staffTwoFactorRequired: boolean;
  /** The bank as WebAuthn knows it: staff step-up assertions are checked against it. */
  rp: RelyingParty;
  /** The Vault tab: the cold vault (or none), the hot wallet's max and target, refills. */
  vault: VaultContext;
};

/** The staff dashboard's context, from the configuration and what the app made (app.ts). */
export function adminContextOf(
  config: Pick<
    AppConfig,
    | "brandName"
    | "staffTwoFactorRequired"
    | "confirmations"
    | "coldVault"
    | "hotWalletMaxSats"
    | "hotWalletTargetSats"
  >,
  made: Pick<AdminContext, "db" | "clock" | "mailer" | "chain" | "rp"> & { walletKeys: WalletKeys },
): AdminContext {
  const { db, clock, chain, walletKeys } = made;
  return {
    db,
    clock,
    mailer: made.mailer,
    brandName: config.brandName,
    chain,
    staffTwoFactorRequired: config.staffTwoFactorRequired,
    rp: made.rp,
    vault: {
      db,
      clock,
      chain,
      walletKeys,
      confirmations: config.confirmations,
      coldVault: config.coldVault,
      hotWalletMaxSats: config.hotWalletMaxSats,
      hotWalletTargetSats: config.hotWalletTargetSats,
    },
  };
}
