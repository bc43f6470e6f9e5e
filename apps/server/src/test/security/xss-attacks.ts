import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { newAccount } from "../auth-helpers.js";
import { noiseImage, uploadRequest } from "../kyc-helpers.js";
import { testCustomer } from "../money-helpers.js";
import { A_SEND, type Attack, attack, call } from "./attack.js";
import type { World } from "./world.js";

/** Markup that runs script wherever it is put into a page as HTML, with SQL for good measure. */
export const XSS = `<script>alert(1)</script><img src=x onerror="alert(document.cookie)">'--`;

type Res = Awaited<ReturnType<typeof call>>;

/** JSON, never sniffed as anything else, holding the text exactly as typed. */
function expectJsonText(res: Res, read: (body: never) => unknown, text = XSS): void {
  expect(res.statusCode, res.body).toBeLessThan(300);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(read(res.json() as never)).toBe(text);
}

const byStaff = async (w: World, url: string, query: Record<string, string>) =>
  call(w, { url, query, as: w.staff.token });

/**
 * Script typed where others read it: stored as text, given back as JSON text (the web app renders text,
 * never HTML) to the customer and to staff. These rows store what they send (the tables they name).
 */
export const xssAttacks: Attack[] = [
  attack({
    name: "a name at sign-up, read back and by staff",
    mayChange: ["users", "sessions", "email_verification_tokens", "mail_outbox"],
    attack: async (w) => {
      const account = { ...newAccount(XSS), name: XSS };
      const res = await call(w, {
        url: apiPaths.auth.signup,
        payload: { ...account, confirmPassword: account.password },
      });
      expectJsonText(res, (body: { user: { name: string } }) => body.user.name);
      const listed = await byStaff(w, apiPaths.admin.customers, { q: account.email });
      expectJsonText(listed, (body: { items: { name: string }[] }) => body.items[0]?.name);
    },
  }),
  attack({
    name: "a name in Account Details",
    mayChange: ["users"],
    before: (w) => testCustomer(w.t, { name: "Profile Editor" }),
    attack: async (w, customer) => {
      const res = await call(w, {
        method: "PATCH",
        url: apiPaths.account.profile,
        payload: { name: XSS, phone: "" },
        as: customer.token,
      });
      expectJsonText(res, (body: { user: { name: string } }) => body.user.name);
      const me = await call(w, { url: apiPaths.auth.me, as: customer.token });
      expectJsonText(me, (body: { user: { name: string } }) => body.user.name);
    },
  }),
  attack({
    name: "a send's note, read by the sender and the recipient",
    mayChange: A_SEND,
    attack: async (w) => {
      const res = await call(w, {
        url: apiPaths.wallet.send,
        payload: {
          recipient: w.alice.user.username,
          amountSats: "1",
          note: XSS,
          idempotencyKey: crypto.randomUUID(),
        },
        as: w.bob.token,
      });
      expectJsonText(res, (body: { transaction: { note: string } }) => body.transaction.note);
      const id = res.json().transaction.id;
      const read = await call(w, { url: apiPaths.transactions.one(id), as: w.bob.token });
      expectJsonText(read, (body: { transaction: { note: string } }) => body.transaction.note);
      const received = await call(w, { url: apiPaths.transactions.list, as: w.alice.token });
      expectJsonText(received, (body: { items: { note: string | null }[] }) => body.items[0]?.note);
    },
  }),
  attack({
    name: "a support request's subject and message, read by staff",
    mayChange: ["support_requests", "mail_outbox", "rate_limit_counters"],
    attack: async (w) => {
      const res = await call(w, {
        url: apiPaths.support.requests,
        payload: { subject: XSS, message: `${XSS}\n${XSS}` },
        as: w.bob.token,
      });
      expectJsonText(res, (body: { request: { subject: string } }) => body.request.subject);
      const inbox = await byStaff(w, apiPaths.admin.support, { status: "open" });
      type Page = { items: { subject: string; message: string }[] };
      expectJsonText(
        inbox,
        (body: Page) => body.items.find((item) => item.subject === XSS)?.message,
        `${XSS}\n${XSS}`,
      );
    },
  }),
  attack({
    name: "an upload's file name, read back and served as an attachment",
    mayChange: ["kyc_documents", "rate_limit_counters"],
    attack: async (w) => {
      // A browser sends a quote in a name as %22, which the multipart helper does not: none here.
      const fileName = "<img src=x onerror=alert(document.cookie)>'--.jpg";
      const res = await uploadRequest(
        w.t,
        w.bob.token,
        { kind: "identity", documentType: "passport" },
        { bytes: await noiseImage(800, 600), fileName, type: "image/jpeg" },
      );
      expect(res.statusCode, res.body).toBe(201);
      expectJsonText(res, (body: { document: { fileName: string } }) => body.document.fileName, fileName);
      const file = await call(w, { url: apiPaths.kyc.document(res.json().document.id), as: w.bob.token });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/jpeg");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["content-disposition"]).toMatch(/^attachment; /);
      // The name is quoted with no quote of its own, and percent-encoded in filename*.
      expect(file.headers["content-disposition"]).toContain(
        `filename*=UTF-8''${encodeURIComponent(fileName)}`,
      );
    },
  }),
];
