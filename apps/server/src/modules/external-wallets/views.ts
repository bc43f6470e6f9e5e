import type { ExternalWallet } from "@satsbank/shared";
import type { ExternalWalletRow } from "./queries.js";

/** The connected wallet as its customer sees it (the proof stays on the server). */
export function toExternalWallet(row: ExternalWalletRow): ExternalWallet {
  return { provider: row.provider, address: row.address, connectedAt: row.connectedAt.toISOString() };
}
