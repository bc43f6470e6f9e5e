/**
 * Every URL of the app, in one place. It lives in lib/ (not app/) because features navigate too
 * (sign-in success goes to the dashboard) and features may not import the app layer.
 */
export const paths = {
  home: "/",
  splash: "/splash",
  auth: {
    login: "/auth/login",
    signup: "/auth/signup",
    resetPassword: "/auth/reset-password",
    /** The target of the link sign-up mails; public, since it may open on another device. */
    verifyEmail: "/auth/verify-email",
  },
  kyc: {
    intro: "/auth/kyc/intro",
    identity: "/auth/kyc/identity",
    address: "/auth/kyc/address",
    selfie: "/auth/kyc/selfie",
    status: "/auth/kyc/status",
    enhanced: "/auth/kyc/enhanced",
  },
  dashboard: "/dashboard",
  wallet: {
    root: "/wallet",
    receive: "/wallet/receive",
    send: "/wallet/send",
  },
  history: "/history",
  /** The customer's monthly statement, printable (`?month=2026-10`; issue 24). */
  statement: "/history/statement",
  /** The public contact form: for anyone who cannot sign in (issue 21). */
  contact: "/contact",
  notifications: "/notifications",
  admin: "/admin",
  /** A customer's monthly statement for staff, printable (`?month=2026-10`; issue 24). */
  adminCustomerStatement: "/admin/customers/:userId/statement",
  profile: {
    root: "/profile",
    account: "/profile/account",
    kyc: "/profile/kyc",
    security: "/profile/security",
    notifications: "/profile/notifications",
    help: "/profile/help",
    wallet: "/profile/wallet",
    /** The customer's own check of the bank's proof of reserves (issue 23). */
    proof: "/profile/proof-of-reserves",
  },
} as const;

/**
 * The KYC status screen, following one level's submission: the basic level's (identity, address, selfie)
 * by default, the enhanced level's with `?level=enhanced`. Each step of the flow and each profile item is
 * `paths.kyc[step]` / `paths.kyc[itemId]`: the names are the same.
 */
export function kycStatusPath(level: "basic" | "enhanced" = "basic"): string {
  return level === "enhanced" ? `${paths.kyc.status}?level=enhanced` : paths.kyc.status;
}

/** The customer's statement of `month` ("2026-10"). */
export function statementPath(month: string): string {
  return `${paths.statement}?month=${encodeURIComponent(month)}`;
}

/** A customer's statement of `month`, for staff. */
export function adminCustomerStatementPath(userId: string, month: string): string {
  const path = paths.adminCustomerStatement.replace(":userId", encodeURIComponent(userId));
  return `${path}?month=${encodeURIComponent(month)}`;
}

/** True when `pathname` is `base` or lies under it (`/profile` matches `/profile/security`, not `/profiles`). */
export function isPathWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
