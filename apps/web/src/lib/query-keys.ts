import type {
  AdminTransactionStatusFilter,
  AdminTransactionTypeFilter,
  ApprovalsFilter,
  AuditAction,
  CustomerSort,
  HistoryFilter,
  KycSubmissionStatus,
  SortOrder,
  SupportStatusFilter,
} from "@satsbank/shared";

/** The parameters of one history list: the server filters and searches. */
export interface TransactionListParams {
  filter: HistoryFilter;
  /** The search text, trimmed; "" for none. */
  q: string;
}

/** One page of Banking Customers: the search ("" for none), the sorted column and the page. */
export interface AdminCustomerListParams {
  q: string;
  sort: CustomerSort;
  order: SortOrder;
  page: number;
}

/** Transaction History's filters (and its CSV export's): the search ("" for none), type and status. */
export interface AdminTransactionListParams {
  q: string;
  type: AdminTransactionTypeFilter;
  status: AdminTransactionStatusFilter;
}

/** The audit log's search ("" for none) and action filter ("all" for none). */
export interface AuditListParams {
  q: string;
  action: AuditAction | "all";
}

/**
 * Every TanStack Query key, in one place, so one feature can refresh another's data (a send refreshes
 * history) without importing it. Add a noun here before its first query; keys are arrays, broad first.
 */
export const queryKeys = {
  meta: ["meta"] as const,
  /** The signed-in person: `SessionUser`, or `null` when signed out. Written through lib/session-cache. */
  me: ["auth", "me"] as const,
  /**
   * Why the last `me` found nobody signed in, when the server said ("accountInactive"), else null: the
   * guard's redirect to sign-in carries it. Written by the `me` query itself.
   */
  sessionEnded: ["auth", "session-ended"] as const,
  account: {
    all: ["account"] as const,
    loginHistory: ["account", "login-history"] as const,
    /** `RecoveryCodesStatus`: how many recovery codes are left. */
    recoveryCodes: ["account", "recovery-codes"] as const,
    /** `PasskeyList`: Security > Passkeys (the passkeys, the withdrawal setting, the fresh proof). */
    passkeys: ["account", "passkeys"] as const,
  },
  support: {
    /** `HelpFacts`: the withdrawal fee, each level's daily send limit, confirmations (the FAQ's figures). */
    facts: ["support", "facts"] as const,
  },
  kyc: {
    all: ["kyc"] as const,
    /** `KycOverview`: level, the profile's items, the latest submissions, the drafts and where to resume. */
    overview: ["kyc", "overview"] as const,
  },
  externalWallets: {
    all: ["external-wallets"] as const,
    /** `ExternalWallet | null`: the customer's connected wallet. */
    current: ["external-wallets", "current"] as const,
  },
  wallet: {
    all: ["wallet"] as const,
    /** `WalletSummary`: balance, spendable amount, fee, today's send limit and the price inside it. */
    summary: ["wallet", "summary"] as const,
    /** `ReceiveInfo`: the current deposit address, its URI and the username. */
    receive: ["wallet", "receive"] as const,
    /** `SendRecipient`: whom the send form's recipient names and the network fee to them. */
    recipient: (recipient: string) => ["wallet", "recipient", recipient] as const,
    /** `RecentPayees`: the customers the customer sent to last (the send form's one-tap recipients). */
    recentPayees: ["wallet", "recent-payees"] as const,
  },
  notifications: {
    /** Everything under it: a notification arriving invalidates this. */
    all: ["notifications"] as const,
    /** The newest page (`NotificationPage`): the nav's unread count and the arrivals the app toasts. */
    latest: ["notifications", "latest"] as const,
    /** The Notifications screen's infinite list (pages of `NotificationPage`). */
    list: ["notifications", "list"] as const,
    /** `NotificationSettings`. */
    settings: ["notification-settings"] as const,
  },
  /** The staff dashboard: every key under `admin`, so enrolling an authenticator app refreshes them all. */
  admin: {
    all: ["admin"] as const,
    /** `AdminMe`: the header's words and the staff member's two-factor state. */
    me: ["admin", "me"] as const,
    customers: {
      all: ["admin", "customers"] as const,
      list: (params: AdminCustomerListParams) => ["admin", "customers", "list", params] as const,
      /** `CustomerDetails`: User Details. */
      one: (userId: string) => ["admin", "customers", "one", userId] as const,
      /** `Statement`: a customer's statement of a month, in the browser's time zone. */
      statement: (userId: string, month: string, timeZone: string) =>
        ["admin", "customers", "statement", userId, month, timeZone] as const,
    },
    transactions: (params: AdminTransactionListParams) => ["admin", "transactions", params] as const,
    kycReviews: {
      all: ["admin", "kyc-reviews"] as const,
      list: (status: KycSubmissionStatus) => ["admin", "kyc-reviews", status] as const,
    },
    /** Approvals: withdrawals waiting for staff (or held), by filter (pages of `AdminWithdrawalPage`). */
    approvals: {
      all: ["admin", "approvals"] as const,
      list: (status: ApprovalsFilter) => ["admin", "approvals", status] as const,
    },
    support: {
      all: ["admin", "support"] as const,
      list: (status: SupportStatusFilter) => ["admin", "support", status] as const,
    },
    /** `Books`: the invariants, the watchdog's last check (solvency), reorganised deposits, the follower. */
    books: ["admin", "books"] as const,
    /** `VaultOverview`: the cold vault, the hot wallet against its max and target, refills and sweeps. */
    vault: ["admin", "vault"] as const,
    audit: {
      all: ["admin", "audit"] as const,
      list: (params: AuditListParams) => ["admin", "audit", params] as const,
    },
  },
  /** Proof of reserves: the published epochs, an epoch's signed root, the customer's leaf and path. */
  proof: {
    epochs: ["proof", "epochs"] as const,
    epoch: (epoch: number) => ["proof", "epoch", epoch] as const,
    mine: (epoch: number) => ["proof", "mine", epoch] as const,
  },
  transactions: {
    /** Everything under it: a send or a receive invalidates this. */
    all: ["transactions"] as const,
    /** The history's infinite list (pages of `TransactionPage`). */
    list: (params: TransactionListParams) => ["transactions", "list", params] as const,
    /** The latest `limit` transactions (one `TransactionPage`), for the dashboard and wallet screens. */
    recent: (limit: number) => ["transactions", "recent", limit] as const,
    one: (transactionId: string) => ["transactions", "one", transactionId] as const,
    /** `Statement`: the customer's statement of a month, in the browser's time zone (a send refreshes it). */
    statement: (month: string, timeZone: string) => ["transactions", "statement", month, timeZone] as const,
  },
} as const;
