import { randomUUID } from "node:crypto";
import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { sessionText } from "../../plugins/session.js";
import { signIn } from "../auth-helpers.js";
import { type Attack, attack, type Call, call, expectRefused } from "./attack.js";
import type { AliceOwns, World } from "./world.js";

type ById = {
  name: string;
  /** Bob's request naming `id` (one of alice's, or one nobody has). */
  request: (w: World, id: string) => Call;
  /** Which of alice's things it names. */
  aliceOwns: keyof AliceOwns;
  /** The answer to an id nobody has: another customer's must be answered exactly so. */
  status: number;
};

/** Bob naming alice's things by id: each answered exactly as an id that names nothing. */
const BY_ID: ById[] = [
  {
    name: "her transaction",
    request: (w, id) => ({ url: apiPaths.transactions.one(id), as: w.bob.token }),
    aliceOwns: "transactionId",
    status: 404,
  },
  {
    name: "her transaction's signed receipt",
    request: (w, id) => ({ url: apiPaths.transactions.receipt(id), as: w.bob.token }),
    aliceOwns: "transactionId",
    status: 404,
  },
  {
    name: "her transaction, labelled",
    request: (w, id) => ({
      method: "PUT",
      url: apiPaths.transactions.label(id),
      payload: { label: "Mine now" },
      as: w.bob.token,
    }),
    aliceOwns: "transactionId",
    status: 404,
  },
  {
    name: "her KYC document's file",
    request: (w, id) => ({ url: apiPaths.kyc.document(id), as: w.bob.token }),
    aliceOwns: "documentId",
    status: 404,
  },
  {
    name: "her notification, marked read",
    request: (w, id) => ({ url: apiPaths.notifications.read(id), payload: {}, as: w.bob.token }),
    aliceOwns: "notificationId",
    status: 404,
  },
  {
    name: "her wallet challenge, signed",
    request: (w, id) => ({
      url: apiPaths.externalWallets.current,
      payload: { challengeId: id, signature: "AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxY=" },
      as: w.bob.token,
    }),
    aliceOwns: "challengeId",
    status: 404,
  },
  {
    name: "her KYC document, in his submission",
    request: (w, id) => ({
      url: apiPaths.kyc.submissions,
      payload: { level: "enhanced", sourceOfFunds: "Salary from my employer", documentId: id },
      as: w.bob.token,
    }),
    aliceOwns: "documentId",
    status: 400,
  },
];

const byIdAttacks = BY_ID.map((row) =>
  attack({
    name: row.name,
    attack: async (w) => {
      const none = await call(w, row.request(w, randomUUID()));
      const hers = await call(w, row.request(w, w.owns[row.aliceOwns]));
      expect(none.statusCode, none.body).toBe(row.status);
      expect(hers.statusCode, hers.body).toBe(row.status);
      expect(hers.json()).toEqual(none.json());
    },
  }),
);

const staffOnly = (path: (id: string) => string, payload: object) =>
  attack({
    name: `her support request, through ${path(":requestId")}`,
    attack: async (w) => {
      const res = await call(w, { url: path(w.owns.supportRequestId), payload, as: w.bob.token });
      expectRefused(res, 403, { code: "FORBIDDEN", message: sessionText.forbidden });
    },
  });

export const ownershipAttacks: Attack[] = [
  ...byIdAttacks,
  staffOnly(apiPaths.admin.supportReply, { message: "Closed by bob" }),
  staffOnly(apiPaths.admin.supportClose, {}),
  attack({
    name: "her sign-ins, in his login history",
    before: async (w) => {
      await signIn(w.t, w.alice.account, { remoteAddress: "192.0.2.77" });
    },
    attack: async (w) => {
      const res = await call(w, { url: apiPaths.account.loginHistory, as: w.bob.token });
      expect(res.statusCode).toBe(200);
      const entries: { ipAddress: string }[] = res.json().entries;
      expect(entries.map((entry) => entry.ipAddress)).not.toContain("192.0.2.77");
    },
  }),
];
