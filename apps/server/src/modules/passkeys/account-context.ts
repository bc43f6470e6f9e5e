import type { AuthContext } from "../auth/index.js";
import type { PasskeyContext } from "./context.js";

/** What the ceremonies and Security > Passkeys work with: the passkeys' context and the auth module's. */
export type PasskeyAccountContext = PasskeyContext &
  Pick<AuthContext, "limiter" | "geo" | "mailer" | "brandName">;
