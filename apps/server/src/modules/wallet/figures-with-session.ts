import type { Db } from "../../db/client.js";
import { type FoundSessionWith, sessionLoaderWith } from "../auth/index.js";
import { sendLimitWindowStart } from "../kyc/index.js";
import { type SenderFigures, senderFiguresColumns, toSenderFigures } from "./queries.js";

/** GET /api/wallet's session look-up, and the customer's figures it read. */
export type FiguresWithSession = {
  /** The route's `loadSession` (plugins/session.ts): the session, its person and their figures. */
  loadSession: (token: string, now: Date) => Promise<FoundSessionWith<SenderFigures> | undefined>;
  /** The figures read with this request's session (`request.auth`; undefined when another look-up found it). */
  figuresOf(auth: object): SenderFigures | undefined;
};

/**
 * The balance read in one round trip: the session look-up and the customer's figures (findSenderFigures'
 * columns) joined in one statement, prepared once per connection. The figures are kept by the session
 * object the plugin puts on `request.auth`, so they live exactly as long as the request.
 */
export function figuresWithSession(db: Db): FiguresWithSession {
  const load = sessionLoaderWith(db, {
    name: "find_session_sender_figures",
    columns: senderFiguresColumns,
    params: (now) => ({ since: sendLimitWindowStart(now).toISOString() }),
    read: toSenderFigures,
  });
  const figures = new WeakMap<object, SenderFigures>();
  return {
    loadSession: async (token, now) => {
      const found = await load(token, now);
      if (found !== undefined) figures.set(found, found.with);
      return found;
    },
    figuresOf: (auth) => figures.get(auth),
  };
}
