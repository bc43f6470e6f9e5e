// `npm run admin -- create <email> [--name "Full Name"] [--password-stdin]`: makes a staff account on a
// stopped server (the embedded database belongs to one process at a time).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { emailSchema, passwordSchema } from "@satsbank/shared";
import { systemClock } from "../adapters/clock.js";
import { AppError } from "../domain/app-error.js";
import { createStaff } from "../modules/auth/index.js";
import { CliError, runWithDatabase } from "./run.js";

const USAGE = 'Usage: npm run admin -- create <email> [--name "Full Name"] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** "jane.doe@bank.example" -> "Jane Doe". */
function nameFromEmail(email: string): string {
  const local = email.split("@", 1)[0] ?? "";
  const words = local.split(/[._+-]+/).filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ") || "Staff";
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, "password-stdin": { type: "boolean", default: false } },
});
const [command, rawEmail] = positionals;
if (command !== "create" || rawEmail === undefined || positionals.length > 2) {
  console.error(USAGE);
  process.exit(2);
}

await runWithDatabase(async (_config, database) => {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) throw new CliError(`Not an email address: ${rawEmail}`);
  const given = values["password-stdin"] ? await readStdin() : undefined;
  if (given !== undefined) {
    const checked = passwordSchema.safeParse(given);
    if (!checked.success) throw new CliError(checked.error.issues[0]?.message ?? "Invalid password");
  }
  const password = given ?? randomBytes(18).toString("base64url");
  try {
    const user = await createStaff({
      ctx: { db: database.db, clock: systemClock },
      email: email.data,
      name: values.name?.trim() || nameFromEmail(email.data),
      password,
    });
    console.info(`Created the staff account ${user.email} (username ${user.username}, role admin).`);
    if (given === undefined) console.info(`Password (shown once, write it down): ${password}`);
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") {
      throw new CliError(`An account with this email already exists: ${email.data}`);
    }
    throw error;
  }
});
