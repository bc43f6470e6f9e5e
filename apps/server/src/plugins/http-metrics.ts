import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LabelledCounter, LabelledHistogram, type MetricFamily } from "../domain/prometheus.js";

/** Latency buckets, in seconds: from a cached read (5 ms) to a request that waited on a slow backend. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The label of a request the router matched to no route (any URL: never one series per URL). */
export const UNMATCHED_ROUTE = "unmatched";

/** This process's HTTP figures since it started: requests by route and status class, and their latency. */
export type HttpMetrics = {
  record(request: FastifyRequest, statusCode: number, elapsedMs: number): void;
  families(): MetricFamily[];
};

/**
 * The route label: the routed pattern (`/api/transactions/:transactionId`), never the raw URL, so a
 * series per customer id or per scanner's guess cannot grow without bound. Static files are the SPA's
 * wildcard pattern; anything the router did not match is one label.
 */
export function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function httpMetrics(): HttpMetrics {
  const requests = new LabelledCounter();
  const latency = new LabelledHistogram(LATENCY_BUCKETS);
  return {
    record(request, statusCode, elapsedMs) {
      const route = routeLabel(request);
      requests.inc({ method: request.method, route, status_class: statusClass(statusCode) });
      latency.observe({ method: request.method, route }, elapsedMs / 1000);
    },
    families: () => [
      {
        name: "satsbank_http_requests_total",
        help: "HTTP requests answered by this process, by method, routed pattern and status class.",
        type: "counter",
        samples: requests.samples(),
      },
      {
        name: "satsbank_http_request_duration_seconds",
        help: "Time from receiving a request to sending its answer, by method and routed pattern.",
        type: "histogram",
        samples: latency.samples(),
      },
    ],
  };
}

/** Counts every answered request (registered before the routes, so it sees them all). */
export const httpMetricsHook = fp<{ metrics: HttpMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    app.addHook("onResponse", async (request, reply) => {
      metrics.record(request, reply.statusCode, reply.elapsedTime);
    });
  },
  { name: "http-metrics" },
);
