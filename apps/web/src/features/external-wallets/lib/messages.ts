import {
  externalWalletMessages,
  type WalletProviderId,
  walletConnectedText,
  walletDisconnectedText,
  walletProvider,
} from "@satsbank/shared";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";

/** "Wallet connected" / "Your UniSat Wallet has been connected successfully." */
export function notifyConnected(provider: WalletProviderId) {
  notify.success(externalWalletMessages.connected.title, walletConnectedText(provider));
}

/** "Connection failed" / "Failed to connect wallet. Please try again.": any refusal, by the wallet or the bank. */
export function notifyConnectionFailed() {
  notify.error(externalWalletMessages.failed.title, externalWalletMessages.failed.text);
}

export function notifyDisconnected(provider: WalletProviderId) {
  notify.success(externalWalletMessages.disconnected.title, walletDisconnectedText(provider));
}

export function notifyDisconnectFailed(error: unknown) {
  notify.error("Disconnect failed", errorMessage(error));
}

/** "Send to my UniSat Wallet": the send screen's one-tap recipient for the connected wallet. */
export function sendToMyWalletLabel(provider: WalletProviderId): string {
  return `Send to my ${walletProvider(provider).name}`;
}
