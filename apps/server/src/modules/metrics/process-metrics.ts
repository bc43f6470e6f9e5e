import { monitorEventLoopDelay } from "node:perf_hooks";
import { memoryUsage } from "node:process";
import type { MetricFamily } from "../../domain/prometheus.js";

export type ProcessMetrics = {
  families(): MetricFamily[];
  stop(): void;
};

const gauge = (name: string, help: string, value: number): MetricFamily => ({
  name,
  help,
  type: "gauge",
  samples: [{ value }],
});

/**
 * The process basics, under the names Prometheus's client libraries use (process_*, nodejs_*), so
 * existing dashboards read them. The event loop's delay is sampled from now until stop().
 */
export function processMetrics(): ProcessMetrics {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const startedAt = Date.now() / 1000 - process.uptime();
  return {
    families() {
      const cpu = process.cpuUsage();
      const memory = memoryUsage();
      // Nanoseconds; reset after each scrape, so these are the delays since the previous one.
      const p99 = loop.percentile(99) / 1e9;
      const max = loop.max / 1e9;
      loop.reset();
      return [
        {
          name: "process_cpu_seconds_total",
          help: "User and system CPU time spent, in seconds.",
          type: "counter",
          samples: [{ value: (cpu.user + cpu.system) / 1e6 }],
        },
        gauge("process_resident_memory_bytes", "Resident memory size, in bytes.", memory.rss),
        gauge(
          "process_start_time_seconds",
          "Start time of the process since the Unix epoch, in seconds.",
          startedAt,
        ),
        gauge("nodejs_heap_size_used_bytes", "V8 heap in use, in bytes.", memory.heapUsed),
        gauge("nodejs_heap_size_total_bytes", "V8 heap reserved, in bytes.", memory.heapTotal),
        gauge(
          "nodejs_eventloop_delay_p99_seconds",
          "99th percentile of the event loop's delay since the previous scrape, in seconds.",
          Number.isFinite(p99) ? p99 : 0,
        ),
        gauge(
          "nodejs_eventloop_delay_max_seconds",
          "Longest event loop delay since the previous scrape, in seconds.",
          Number.isFinite(max) ? max : 0,
        ),
        {
          name: "nodejs_version_info",
          help: "The Node.js version running the server.",
          type: "gauge",
          samples: [{ labels: { version: process.version }, value: 1 }],
        },
      ];
    },
    stop: () => loop.disable(),
  };
}
