// The load generator, a process of its own (bench/load.ts forks it): one job from the parent, its
// figures sent back.
import { Agent, request } from "node:http";
import autocannon from "autocannon";
import type { LoadJob, LoadResult } from "./load.js";

async function run(job: LoadJob): Promise<LoadResult> {
  if (job.kind === "autocannon") {
    const result = await autocannon({
      url: job.url,
      connections: job.connections,
      duration: job.seconds,
      headers: job.headers,
    });
    return {
      perSecond: result.requests.total / result.duration,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts,
    };
  }
  return sends(job);
}

/**
 * Each customer sends to another, chosen at random, one send at a time for `seconds`, each with a fresh
 * idempotency key over a kept-alive connection of its own: `customers.length` concurrent senders.
 */
async function sends(job: Extract<LoadJob, { kind: "sends" }>): Promise<LoadResult> {
  const target = new URL(job.url);
  const latencies: number[] = [];
  let failed = 0;
  const firstFailures: string[] = [];
  const deadline = performance.now() + job.seconds * 1000;
  const started = performance.now();
  const sender = async (index: number) => {
    const me = job.customers[index];
    if (me === undefined) return;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < deadline) {
      let other = Math.floor(Math.random() * job.customers.length);
      if (other === index) other = (other + 1) % job.customers.length;
      const body = JSON.stringify({
        recipient: job.customers[other]?.username,
        amountSats: String(1 + Math.floor(Math.random() * 1000)),
        idempotencyKey: crypto.randomUUID(),
      });
      const sentAt = performance.now();
      const { status, text } = await post(agent, target, me.cookie, body);
      if (status === 201) latencies.push(performance.now() - sentAt);
      else {
        failed += 1;
        if (firstFailures.length < 3) firstFailures.push(`${status} ${text.slice(0, 200)}`);
      }
    }
    agent.destroy();
  };
  await Promise.all(job.customers.map((_, index) => sender(index)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    perSecond: latencies.length / elapsed,
    total: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    firstFailures,
  };
}

function post(
  agent: Agent,
  url: URL,
  cookie: string,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          cookie: `satsbank_session=${cookie}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

process.once("message", (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
