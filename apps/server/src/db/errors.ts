/** What a PostgreSQL error says, found through wrappers (drizzle puts the driver's error in `cause`). */
export type DatabaseErrorFacts = {
  /** The SQLSTATE, e.g. "23505" or "40P01". */
  code: string;
  constraint: string | undefined;
  detail: string | undefined;
};

/** The PostgreSQL error inside `error`, from either driver; undefined when it is not one. */
export function databaseError(error: unknown): DatabaseErrorFacts | undefined {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = Reflect.get(e, "cause")) {
    const code = Reflect.get(e, "code");
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = Reflect.get(e, "constraint");
      const detail = Reflect.get(e, "detail");
      return {
        code,
        constraint: typeof constraint === "string" ? constraint : undefined,
        detail: typeof detail === "string" ? detail : undefined,
      };
    }
  }
  return undefined;
}
