/**
 * The Prometheus text exposition format (version 0.0.4), written by hand: a few counters, gauges and one
 * histogram do not need a library (decision 0015). No I/O: the metrics module collects, this writes.
 */

export type Labels = Readonly<Record<string, string>>;
export type Sample = { labels?: Labels; value: number | bigint };
export type MetricFamily = {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  samples: readonly (Sample & { suffix?: "_bucket" | "_sum" | "_count" })[];
};

export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

const escapeHelp = (text: string) => text.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
const escapeLabel = (text: string) =>
  text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");

function formatValue(value: number | bigint): string {
  if (typeof value === "bigint") return value.toString();
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return "";
  for (const [name] of entries) {
    if (!LABEL_NAME.test(name)) throw new Error(`Invalid metric label name: ${name}`);
  }
  return `{${entries.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(",")}}`;
}

/** The families as one exposition: HELP and TYPE lines, then `name{labels} value` per sample. */
export function formatExposition(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    if (!NAME.test(family.name)) throw new Error(`Invalid metric name: ${family.name}`);
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      lines.push(
        `${family.name}${sample.suffix ?? ""}${formatLabels(sample.labels)} ${formatValue(sample.value)}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A counter per label set (label values joined into one key, in the order given). */
export class LabelledCounter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();

  inc(labels: Labels, by = 1): void {
    const key = JSON.stringify(labels);
    const entry = this.#values.get(key);
    if (entry === undefined) this.#values.set(key, { labels, value: by });
    else entry.value += by;
  }

  samples(): Sample[] {
    return [...this.#values.values()].map(({ labels, value }) => ({ labels, value }));
  }
}

/** Cumulative buckets (upper bounds in the metric's unit), their sum and count, per label set. */
export class LabelledHistogram {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  constructor(readonly bounds: readonly number[]) {}

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels, counts: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    for (const [index, bound] of this.bounds.entries()) {
      if (value <= bound) series.counts[index] = (series.counts[index] ?? 0) + 1;
    }
    series.sum += value;
    series.count += 1;
  }

  samples(): MetricFamily["samples"] {
    return [...this.#series.values()].flatMap(({ labels, counts, sum, count }) => [
      ...this.bounds.map((bound, index) => ({
        suffix: "_bucket" as const,
        labels: { ...labels, le: formatValue(bound) },
        value: counts[index] ?? 0,
      })),
      { suffix: "_bucket" as const, labels: { ...labels, le: "+Inf" }, value: count },
      { suffix: "_sum" as const, labels, value: sum },
      { suffix: "_count" as const, labels, value: count },
    ]);
  }
}
