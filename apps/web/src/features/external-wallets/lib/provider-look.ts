import type { WalletProviderId } from "@satsbank/shared";

/**
 * Each provider's colour: its icon letter on a fill near its brand, chosen for contrast (4.5:1 or more)
 * in both themes: white on a deep shade in light, a dark shade on a light one in dark.
 */
export const providerIconClassName = {
  unisat: "bg-orange-700 text-white dark:bg-orange-300 dark:text-orange-950",
  bluewallet: "bg-blue-700 text-white dark:bg-blue-300 dark:text-blue-950",
  okx: "bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900",
} as const satisfies Record<WalletProviderId, string>;

/** Where, in each wallet, a message is signed: the paste path's instructions. */
export const signingHint = {
  unisat:
    "In UniSat, sign this message with that address (Sign Message, BIP-322), then paste the signature here.",
  bluewallet:
    "In BlueWallet, open the wallet, choose Sign/Verify Message, sign this message with that address, then paste the signature here.",
  okx: "In OKX Wallet, sign this message with that Bitcoin address (Sign Message), then paste the signature here.",
} as const satisfies Record<WalletProviderId, string>;
