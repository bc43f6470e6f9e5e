import { z } from "zod";
import { plainText } from "./text.js";

// Connect Wallet: the wallet provider options, the specification's words and the contracts of
// /api/external-wallets. An external wallet is proven by a signature, never taken on trust.

/** The wallet provider options, by the short lowercase name of each provider. */
export const walletProviderIdSchema = z.enum(["unisat", "bluewallet", "okx"]);
export type WalletProviderId = z.infer<typeof walletProviderIdSchema>;

/** A wallet provider option: the specification's id, name, description and icon letter (colour: the web app's). */
export interface WalletProvider {
  readonly id: WalletProviderId;
  readonly name: string;
  readonly description: string;
  readonly iconLetter: string;
  /** Browser extension, mobile self-custody, or the wallet of an exchange. */
  readonly kind: "extension" | "mobile" | "exchange";
}

/**
 * The three options, in the screen's order. Each signs a message with a Bitcoin address: UniSat in the
 * browser (BIP-322), BlueWallet on the phone (Sign/Verify message), and OKX Wallet, the wallet inside the
 * OKX exchange's app (an account held by an exchange cannot sign for its deposit address: the exchange
 * holds the keys; the exchange's own wallet can).
 */
export const walletProviders: readonly WalletProvider[] = [
  {
    id: "unisat",
    name: "UniSat Wallet",
    description: "Browser extension wallet for Bitcoin",
    iconLetter: "U",
    kind: "extension",
  },
  {
    id: "bluewallet",
    name: "BlueWallet",
    description: "Self-custody Bitcoin wallet for your phone",
    iconLetter: "B",
    kind: "mobile",
  },
  {
    id: "okx",
    name: "OKX Wallet",
    description: "The wallet in the OKX exchange app",
    iconLetter: "O",
    kind: "exchange",
  },
];

export function walletProvider(id: WalletProviderId): WalletProvider {
  const provider = walletProviders.find((option) => option.id === id);
  if (provider === undefined) throw new Error(`Unknown wallet provider: ${id}`);
  return provider;
}

/** The specification's words (sections 2 and 8). */
export const externalWalletMessages = {
  title: "Connect Wallet",
  intro: "Connect your existing crypto wallet to manage and transfer assets.",
  connected: { title: "Wallet connected", text: "Your {wallet name} has been connected successfully." },
  failed: { title: "Connection failed", text: "Failed to connect wallet. Please try again." },
  /** Not in the specification, which has no disconnect: the words follow "Wallet connected". */
  disconnected: { title: "Wallet disconnected", text: "Your {wallet name} is no longer connected." },
} as const;

/** "Your UniSat Wallet has been connected successfully." */
export function walletConnectedText(id: WalletProviderId): string {
  return externalWalletMessages.connected.text.replace("{wallet name}", walletProvider(id).name);
}

export function walletDisconnectedText(id: WalletProviderId): string {
  return externalWalletMessages.disconnected.text.replace("{wallet name}", walletProvider(id).name);
}

/** Why a challenge is refused: on the address field (the toast is always "Connection failed"). */
export const externalWalletErrors = {
  addressRequired: "Enter the Bitcoin address of your wallet",
  invalidAddress: "That is not a valid Bitcoin address: check it and try again",
  otherNetworkAddress: "That address belongs to another Bitcoin network",
  unsupportedAddress: "This kind of address cannot sign a message: use one starting 1, 3, bc1q or bc1p",
  signatureRequired: "Paste the signature your wallet made",
  notSigned: "That signature was not made by this address for this message",
  malformedSignature: "That is not a signature: paste it exactly as your wallet shows it",
  challengeGone: "This message has expired or was already used: ask for a new one",
} as const;

/** `POST /api/external-wallets/challenges`: the wallet and the address whose ownership will be proven. */
export const walletChallengeBodySchema = z.object({
  provider: walletProviderIdSchema,
  address: z
    .string()
    .trim()
    .check(plainText)
    .min(1, { error: externalWalletErrors.addressRequired })
    .max(100, { error: externalWalletErrors.invalidAddress }),
});
export type WalletChallengeBody = z.infer<typeof walletChallengeBodySchema>;

/** The message to sign: made by the server, good once, for this customer and this address, until `expiresAt`. */
export const walletChallengeSchema = z.object({
  challengeId: z.uuid(),
  provider: walletProviderIdSchema,
  address: z.string(),
  message: z.string(),
  expiresAt: z.iso.datetime(),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

/** `POST /api/external-wallets`: the challenge and the signature of its message (base64, as wallets give it). */
export const connectWalletBodySchema = z.object({
  challengeId: z.string().check(plainText).min(1).max(200),
  signature: z
    .string()
    .trim()
    .check(plainText)
    .min(1, { error: externalWalletErrors.signatureRequired })
    .max(1000, { error: externalWalletErrors.malformedSignature }),
});
export type ConnectWalletBody = z.infer<typeof connectWalletBodySchema>;

/** The customer's connected wallet: one at a time. */
export const externalWalletSchema = z.object({
  provider: walletProviderIdSchema,
  address: z.string(),
  connectedAt: z.iso.datetime(),
});
export type ExternalWallet = z.infer<typeof externalWalletSchema>;

/** `GET /api/external-wallets` and the answer of a connection: the wallet, or null when none is connected. */
export const externalWalletResponseSchema = z.object({ wallet: externalWalletSchema.nullable() });
export type ExternalWalletResponse = z.infer<typeof externalWalletResponseSchema>;
