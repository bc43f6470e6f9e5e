import { isValidMnemonic, newMnemonic } from "../bitcoin/keys.js";
import type { Config } from "./config.js";
import { readOrCreateDataDirSecret } from "./data-dir-secret.js";

export const WALLET_MNEMONIC_FILE = "wallet-mnemonic";

/**
 * Settles WALLET_MNEMONIC, the seed of every deposit address. Unset (the embedded default; production
 * refuses it): read from `$DATA_DIR/wallet-mnemonic`, or generated there on first start (mode 0600) with
 * a loud warning, because whoever holds that file holds the bank's coins.
 */
export async function withWalletMnemonic<C extends Config>(
  config: C,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<C & { walletMnemonic: string }> {
  if (config.walletMnemonic !== null) return { ...config, walletMnemonic: config.walletMnemonic };
  const walletMnemonic = await readOrCreateDataDirSecret(
    {
      dataDir: config.dataDir,
      fileName: WALLET_MNEMONIC_FILE,
      generate: newMnemonic,
      isUsable: isValidMnemonic,
      unusableMessage: (file) =>
        `${file} holds no valid BIP39 mnemonic: restore it from your backup or set WALLET_MNEMONIC`,
      warning: (file) =>
        [
          "",
          "!!! WALLET_MNEMONIC is not set: generated a new wallet seed and stored it in",
          `!!!   ${file}  (mode 0600)`,
          "!!! Every deposit address derives from it: whoever reads the file can spend the bank's coins, and",
          "!!! losing it loses them. Development only; production refuses to start without WALLET_MNEMONIC.",
          "",
        ].join("\n"),
    },
    warn,
  );
  return { ...config, walletMnemonic };
}
