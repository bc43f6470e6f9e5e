/** What the passkey endpoints say beyond the shared contract's passkeyMessages. */
export const passkeyText = {
  /** A proof with a passkey asked by someone who has none that can be used (none, or only blocked ones). */
  noPasskeyToProve: "You have no passkey to confirm with. Confirm with your password instead.",
  notFound: "Passkey not found",
} as const;
