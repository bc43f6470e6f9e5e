import { passkeyMessages } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";

// The refusals of a passkey ceremony, each with its reason (the web app titles its message from it).

export const passkeyExpired = () =>
  new AppError("BAD_REQUEST", passkeyMessages.approvalExpired, undefined, "passkeyExpired");

export const passkeyReused = () =>
  new AppError("CONFLICT", passkeyMessages.approvalReused, undefined, "passkeyReused");

export const passkeyChanged = () =>
  new AppError("BAD_REQUEST", passkeyMessages.approvalChanged, undefined, "passkeyChanged");

export const passkeyNotVerified = () =>
  new AppError("BAD_REQUEST", passkeyMessages.notVerified, undefined, "passkeyNotVerified");

export const passkeyFlaggedError = () =>
  new AppError("FORBIDDEN", passkeyMessages.flagged, undefined, "passkeyFlagged");

/**
 * The credential's signature counter went backwards: the assertion is refused and, once its db
 * transaction has rolled back, the credential is flagged (withCounterFlagging in assertion.ts).
 */
export class CounterWentBackError extends AppError {
  override name = "CounterWentBackError";

  constructor(
    readonly passkeyId: string,
    readonly userId: string,
  ) {
    super("FORBIDDEN", passkeyMessages.flagged, undefined, "passkeyFlagged");
  }
}
