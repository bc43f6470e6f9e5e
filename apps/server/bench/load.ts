// Runs a load job in a process of its own (load-worker.ts) and answers its figures: the server keeps this
// process, the load generator another, as on two machines sharing the two cores. (Not a worker thread:
// autocannon run in one answered no latency figures.)
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export type LoadJob =
  | {
      kind: "autocannon";
      url: string;
      connections: number;
      seconds: number;
      headers: Record<string, string>;
    }
  | { kind: "sends"; url: string; seconds: number; customers: { cookie: string; username: string }[] };

/** Requests (or sends) per second, latency percentiles in milliseconds, and the requests that failed. */
export type LoadResult = {
  perSecond: number;
  total: number;
  p50: number;
  p99: number;
  failed: number;
  firstFailures?: string[];
};

export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL("./load-worker.ts", import.meta.url)), {
      execArgv: ["--import", "tsx"],
    });
    let result: LoadResult | undefined;
    child.once("message", (answer: LoadResult) => {
      result = answer;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`the load generator exited with ${code} and no figures`));
    });
    child.send(job);
  });
}
