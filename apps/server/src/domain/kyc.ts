/** The verification items as far as sending needs them. */
export type VerificationState = { identity: string; address: string } | undefined;

/** Sending needs a verified identity and a verified address; receiving never needs anything. */
export function maySend(state: VerificationState): boolean {
  return state?.identity === "verified" && state.address === "verified";
}
