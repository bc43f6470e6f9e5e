/** Every API URL, written once: the server registers these, the web app fetches them. */
export const apiPaths = {
  meta: "/api/meta",
  auth: {
    signup: "/api/auth/signup",
    login: "/api/auth/login",
    verify: "/api/auth/login/verify",
    logout: "/api/auth/logout",
    me: "/api/auth/me",
    resetRequest: "/api/auth/password-reset",
    resetConfirm: "/api/auth/password-reset/confirm",
    verifyEmail: "/api/auth/verify-email",
    verifyEmailResend: "/api/auth/verify-email/resend",
  },
  account: {
    password: "/api/account/password",
    twoFactorSetup: "/api/account/two-factor/setup",
    twoFactorEnable: "/api/account/two-factor/enable",
    twoFactorDisable: "/api/account/two-factor/disable",
    loginHistory: "/api/account/login-history",
    /** `PATCH`: Account Details' name and phone. */
    profile: "/api/account/profile",
  },
  wallet: {
    summary: "/api/wallet",
    receive: "/api/wallet/receive",
    quote: "/api/wallet/send/quote",
    send: "/api/wallet/send",
  },
  kyc: {
    overview: "/api/kyc",
    /** `POST` (multipart): upload one file. */
    documents: "/api/kyc/documents",
    /** `GET /api/kyc/documents/:documentId`: the file, to its owner and to staff, as an attachment. */
    document: (documentId: string) => `/api/kyc/documents/${encodeURIComponent(documentId)}`,
    submissions: "/api/kyc/submissions",
  },
  support: {
    /** `POST`: a customer's support request. */
    requests: "/api/support/requests",
    /** The figures the FAQ states (fee, daily send limits, confirmations). */
    facts: "/api/support/facts",
  },
  externalWallets: {
    /** `GET`: the connected wallet (or null); `POST`: connect one with a signed challenge. */
    current: "/api/external-wallets",
    /** `POST`: a new message to sign for an address. */
    challenges: "/api/external-wallets/challenges",
    /** `POST`: forget the connected wallet. */
    disconnect: "/api/external-wallets/disconnect",
  },
  transactions: {
    list: "/api/transactions",
    /** `GET /api/transactions/:transactionId` */
    one: (transactionId: string) => `/api/transactions/${encodeURIComponent(transactionId)}`,
  },
  notifications: {
    /** `GET`: a keyset page, newest first, with the unread count. */
    list: "/api/notifications",
    /** `POST /api/notifications/:notificationId/read`: opening one marks it read. */
    read: (notificationId: string) => `/api/notifications/${encodeURIComponent(notificationId)}/read`,
    /** `POST`: Mark all as read. */
    readAll: "/api/notifications/read-all",
    /** `GET`: text/event-stream of the notifications made while it is open. */
    stream: "/api/notifications/stream",
    /** `GET`, `PATCH`: Notification Settings. */
    settings: "/api/notifications/settings",
  },
  admin: {
    ledgerHealth: "/api/admin/ledger/health",
    /** `POST /api/admin/customers/:userId/messages`: a message from staff, as a notification. */
    customerMessages: (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}/messages`,
    /** `POST /api/admin/kyc/submissions/:submissionId/decision` */
    kycDecision: (submissionId: string) =>
      `/api/admin/kyc/submissions/${encodeURIComponent(submissionId)}/decision`,
  },
  dev: {
    mailbox: "/api/dev/mailbox",
    /** Tests only (TEST_CLOCK=manual): the server's time, and moving it forward. */
    clock: "/api/dev/clock",
    sandbox: {
      pay: "/api/dev/sandbox/pay",
      mine: "/api/dev/sandbox/mine",
      reorg: "/api/dev/sandbox/reorg",
    },
  },
} as const;
