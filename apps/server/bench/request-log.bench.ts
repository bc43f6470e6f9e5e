// `npm run bench`: what the request log costs a request, apart from the database. Three bare Fastify
// hello-worlds in one run, each answering `{ hello: "world" }` to 50 connections (autocannon, in a process
// of its own) for BENCH_SECONDS (default 15): no logger; the production logger (`loggerOptions`: JSON
// lines at `info`, redaction, the request serializer, into a file) with Fastify's two lines per request;
// and the same logger with the app's one line per request (`requestLogOptions`). The cost per request is
// 1/rate(logged) - 1/rate(silent): CPU time on the server's core, the same on every route of the app.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyServerOptions } from "fastify";
import { loggerOptions, requestLogOptions } from "../src/plugins/logging.js";
import { type LoadResult, runLoad } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

type Variant = { name: string; options: (file: string) => FastifyServerOptions };

const production = { nodeEnv: "production", logLevel: "info" } as const;
const { logController: _oneLine, ...fastifyLines } = requestLogOptions;
const variants: Variant[] = [
  { name: "no logger", options: () => ({ logger: false }) },
  {
    name: "info, two lines (Fastify's)",
    options: (file) => ({ logger: loggerOptions(production, file), ...fastifyLines }),
  },
  {
    name: "info, one line (the app's)",
    options: (file) => ({ logger: loggerOptions(production, file), ...requestLogOptions }),
  },
];

async function measure(variant: Variant, dir: string): Promise<{ result: LoadResult; bytes: number }> {
  const file = path.join(dir, `${variant.name.replace(/\W+/g, "-")}.log`);
  const app = Fastify(variant.options(file));
  app.get("/", async () => ({ hello: "world" }));
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    await runLoad({ kind: "autocannon", url, connections: CONNECTIONS, seconds: 1, headers: {} });
    const before = await size(file);
    const result = await runLoad({
      kind: "autocannon",
      url,
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: {},
    });
    return { result, bytes: (await size(file)) - before };
  } finally {
    await app.close();
  }
}

async function size(file: string): Promise<number> {
  return (await stat(file).catch(() => ({ size: 0 }))).size;
}

const dir = await mkdtemp(path.join(tmpdir(), "satsbank-request-log-"));
try {
  const results: { name: string; result: LoadResult; bytes: number }[] = [];
  for (const variant of variants) results.push({ name: variant.name, ...(await measure(variant, dir)) });
  const silent = results[0]?.result.perSecond ?? 1;
  console.info(`\nThe request log on a hello-world: ${CONNECTIONS} connections, ${SECONDS} s each`);
  for (const { name, result, bytes } of results) {
    const cost = 1e6 / result.perSecond - 1e6 / silent;
    const perRequest = result.total > 0 ? Math.round(bytes / result.total) : 0;
    console.info(
      `  ${name.padEnd(30)} ${Math.round(result.perSecond).toString().padStart(7)} req/s  p99 ` +
        `${result.p99.toFixed(1).padStart(5)} ms  ${`${((100 * result.perSecond) / silent).toFixed(1)}%`.padStart(6)}` +
        `  log ${perRequest.toString().padStart(4)} B/request  cost ${cost.toFixed(1).padStart(6)} µs/request`,
    );
    if (result.failed > 0) process.exitCode = 1;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
