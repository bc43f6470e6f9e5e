import type { WalletProviderId } from "@satsbank/shared";

/** A wallet the browser carries (an extension): it gives its address and signs a message when asked. */
export interface BrowserWallet {
  /** The wallet's current address (the extension asks the person to allow it). */
  address(): Promise<string>;
  /** A BIP-322 simple signature of `message` with that address, base64. */
  sign(message: string): Promise<string>;
}

/** The part of UniSat's injected API (`window.unisat`) that connecting uses. */
interface UnisatApi {
  requestAccounts(): Promise<string[]>;
  signMessage(message: string, type: "ecdsa" | "bip322-simple"): Promise<string>;
}

function isUnisatApi(value: unknown): value is UnisatApi {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof UnisatApi, unknown>>;
  return typeof candidate.requestAccounts === "function" && typeof candidate.signMessage === "function";
}

/** The provider's extension when it is installed in this browser; undefined otherwise (the paste path). */
export function browserWallet(provider: WalletProviderId): BrowserWallet | undefined {
  if (provider !== "unisat") return undefined;
  const unisat: unknown = (window as { unisat?: unknown }).unisat;
  if (!isUnisatApi(unisat)) return undefined;
  return {
    async address() {
      const [address] = await unisat.requestAccounts();
      if (address === undefined) throw new Error("UniSat gave no address");
      return address;
    },
    sign: (message) => unisat.signMessage(message, "bip322-simple"),
  };
}
