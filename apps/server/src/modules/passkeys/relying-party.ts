/**
 * The relying party of WebAuthn: the bank as the browser and the authenticator know it. Its id (the RP ID)
 * is PUBLIC_URL's host name, and the only origin whose ceremonies count is PUBLIC_URL's: a passkey made for
 * the bank answers nowhere else, and an answer made on another origin is refused.
 */
export type RelyingParty = {
  /** PUBLIC_URL's host name ("bank.example", "localhost"): what a passkey is bound to. */
  id: string;
  /** The bank's name, shown by the browser's dialog. */
  name: string;
  /** PUBLIC_URL's origin ("https://bank.example"): clientDataJSON must name it. */
  origin: string;
};

export function relyingPartyOf({
  publicUrl,
  brandName,
}: {
  publicUrl: string;
  brandName: string;
}): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: brandName, origin: url.origin };
}
