// The demo money, made through the real use cases on the sandbox chain: every customer's opening amount
// arrives as a deposit (the sandbox faucet pays their deposit address, a block confirms it, the follower
// credits it), then customers pay each other over the past weeks. The demo customer gets no opening
// amount: its 0.00746 BTC comes from other customers' sends, and its own deposit leaves again as its
// withdrawal (the amount plus the withdrawal fee), so its history explains its balance.

/** When the opening deposits arrive: this many days before the seed runs, at this UTC time of day. */
export const demoOpeningTime = { daysAgo: 45, time: "09:00" } as const;

/** Opening deposits (satoshis), by email. */
export const demoOpenings: ReadonlyArray<readonly [email: string, sats: bigint]> = [
  ["alice@example.com", 2_000_000n],
  ["bob@example.com", 5_000_000n],
  ["carol@example.com", 1_500_000n],
  ["david@example.com", 1_200_000n],
  ["elodie@example.com", 800_000n],
  ["farhan@example.com", 3_000_000n],
  ["grace@example.com", 600_000n],
  ["hiroshi@example.com", 2_500_000n],
  ["isabella@example.com", 900_000n],
  ["jonas@example.com", 1_800_000n],
  ["kwame@example.com", 700_000n],
  ["orders@bluebird-bakery.example", 4_000_000n],
  ["sofia@example.com", 1_100_000n],
  ["liam@example.com", 500_000n],
];

/**
 * The demo customer's own coins: a deposit, and later a withdrawal to a wallet outside the bank. The
 * deposit is the withdrawal's amount plus the withdrawal fee (WITHDRAWAL_FEE_SAT, 1000 sat by default), so
 * the two together leave the balance where the sends put it.
 */
export const demoDeposit = { email: "demo@example.com", daysAgo: 38, time: "14:10" } as const;
export const demoWithdrawal = {
  email: "demo@example.com",
  sats: 199_000n,
  note: "To my hardware wallet",
  daysAgo: 19,
  time: "19:45",
} as const;

export type DemoSend = {
  from: string;
  to: string;
  /** Send to the payee's deposit address instead of their username. */
  byAddress?: boolean;
  sats: bigint;
  note: string;
  /** When: this many days before the seed runs, at this UTC time of day. */
  daysAgo: number;
  time: `${number}:${number}`;
};

/** Customer-to-customer sends, oldest first. Demo: +300000 -120000 +250000 -34000 +150000 +250000 -25000 -25000. */
export const demoSends: readonly DemoSend[] = [
  {
    from: "alice@example.com",
    to: "bob@example.com",
    sats: 80_000n,
    note: "Rent share",
    daysAgo: 43,
    time: "18:20",
  },
  {
    from: "bob@example.com",
    to: "demo@example.com",
    sats: 300_000n,
    note: "Logo design, invoice #1042",
    daysAgo: 41,
    time: "10:12",
  },
  {
    from: "demo@example.com",
    to: "alice@example.com",
    sats: 120_000n,
    note: "Dinner split",
    daysAgo: 36,
    time: "21:40",
  },
  {
    from: "david@example.com",
    to: "carol@example.com",
    sats: 45_000n,
    note: "Board game night",
    daysAgo: 33,
    time: "20:05",
  },
  {
    from: "alice@example.com",
    to: "demo@example.com",
    sats: 250_000n,
    note: "Concert tickets",
    daysAgo: 30,
    time: "08:05",
  },
  {
    from: "elodie@example.com",
    to: "farhan@example.com",
    sats: 60_000n,
    note: "Croissants for the office",
    daysAgo: 27,
    time: "07:45",
  },
  {
    from: "demo@example.com",
    to: "grace@example.com",
    byAddress: true,
    sats: 34_000n,
    note: "Coffee beans",
    daysAgo: 24,
    time: "15:30",
  },
  {
    from: "hiroshi@example.com",
    to: "isabella@example.com",
    sats: 110_000n,
    note: "Translation work",
    daysAgo: 20,
    time: "11:00",
  },
  {
    from: "carol@example.com",
    to: "demo@example.com",
    sats: 150_000n,
    note: "Thanks for the camera lens",
    daysAgo: 17,
    time: "13:25",
  },
  {
    from: "jonas@example.com",
    to: "kwame@example.com",
    sats: 75_000n,
    note: "Bike parts",
    daysAgo: 15,
    time: "16:50",
  },
  {
    from: "bob@example.com",
    to: "demo@example.com",
    sats: 250_000n,
    note: "Website maintenance",
    daysAgo: 12,
    time: "09:15",
  },
  {
    from: "sofia@example.com",
    to: "orders@bluebird-bakery.example",
    sats: 12_500n,
    note: "Birthday cake",
    daysAgo: 10,
    time: "12:10",
  },
  {
    from: "bob@example.com",
    to: "alice@example.com",
    sats: 40_000n,
    note: "Half of the taxi",
    daysAgo: 8,
    time: "23:05",
  },
  {
    from: "demo@example.com",
    to: "bob@example.com",
    sats: 25_000n,
    note: "Bike repair",
    daysAgo: 6,
    time: "17:35",
  },
  {
    from: "grace@example.com",
    to: "david@example.com",
    sats: 30_000n,
    note: "Plant sitting",
    daysAgo: 4,
    time: "10:40",
  },
  {
    from: "demo@example.com",
    to: "alice@example.com",
    sats: 25_000n,
    note: "Lunch",
    daysAgo: 2,
    time: "12:55",
  },
  {
    from: "liam@example.com",
    to: "sofia@example.com",
    sats: 20_000n,
    note: "Coffee",
    daysAgo: 1,
    time: "08:30",
  },
];

/** The demo customer's balance once the seed has run: the specification's 0.00746 BTC. */
export const DEMO_BALANCE_SATS = 746_000n;

/**
 * What staff find unfinished on the chain (the staff dashboard's Pending and Failed filters). A deposit to
 * alice that left the network before it confirmed (the sandbox reorganised its block away): failed, never
 * credited. Then, minutes before the seed ends, a deposit to kwame still in the mempool and a withdrawal
 * of bob's broadcast but not mined: pending until the sandbox's next block (SANDBOX_BLOCK_SECONDS).
 */
export const demoFailedDeposit = {
  email: "alice@example.com",
  sats: 250_000n,
  daysAgo: 6,
  time: "09:05",
} as const;
export const demoPendingDeposit = { email: "kwame@example.com", sats: 150_000n, minutesAgo: 20 } as const;
export const demoPendingWithdrawal = {
  email: "bob@example.com",
  sats: 60_000n,
  note: "Supplier invoice #88",
  minutesAgo: 12,
} as const;
