import { describe, expect, it } from "vitest";
import { formatExposition, LabelledCounter, LabelledHistogram, type MetricFamily } from "./prometheus.js";

// What Prometheus (text format 0.0.4) reads at each scrape of GET /metrics: the rules checked here are the
// format's (prometheus.io/docs/instrumenting/exposition_formats): a HELP and a TYPE line per family before
// its samples, `name{label="value",...} value` per sample, label values escaping \ " and line feeds, HELP
// escaping \ and line feeds only, every line ending with a line feed; histograms as cumulative _bucket
// series with an le label ending at le="+Inf" (equal to _count), then _sum and _count.

describe("formatExposition", () => {
  it("writes each family's HELP and TYPE lines, then its samples, every line ending with a line feed", () => {
    const families: MetricFamily[] = [
      {
        name: "satsbank_ledger_postings_total",
        help: "Postings made.",
        type: "counter",
        samples: [{ value: 12n }],
      },
      {
        name: "satsbank_ledger_balance_sats",
        help: "Balances by account kind.",
        type: "gauge",
        samples: [
          { labels: { account_kind: "customer" }, value: 79_000n },
          { labels: { account_kind: "opening_equity" }, value: -100_000n },
        ],
      },
    ];
    expect(formatExposition(families)).toBe(
      [
        "# HELP satsbank_ledger_postings_total Postings made.",
        "# TYPE satsbank_ledger_postings_total counter",
        "satsbank_ledger_postings_total 12",
        "# HELP satsbank_ledger_balance_sats Balances by account kind.",
        "# TYPE satsbank_ledger_balance_sats gauge",
        'satsbank_ledger_balance_sats{account_kind="customer"} 79000',
        'satsbank_ledger_balance_sats{account_kind="opening_equity"} -100000',
        "",
      ].join("\n"),
    );
  });

  it("escapes a label value's backslashes, double quotes and line feeds, and HELP's backslashes and line feeds", () => {
    const text = formatExposition([
      {
        name: "x_total",
        help: 'Says "hi"\nwith C:\\path',
        type: "counter",
        samples: [{ labels: { route: 'a\\b"c"\nd', method: "GET" }, value: 1 }],
      },
    ]);
    expect(text.split("\n")).toEqual([
      '# HELP x_total Says "hi"\\nwith C:\\\\path',
      "# TYPE x_total counter",
      'x_total{route="a\\\\b\\"c\\"\\nd",method="GET"} 1',
      "",
    ]);
  });

  it("writes integers whole, floats as numbers, and NaN and the infinities as Prometheus spells them", () => {
    const text = formatExposition([
      {
        name: "v",
        help: "Values.",
        type: "gauge",
        samples: [
          { labels: { n: "big" }, value: 9_007_199_254_740_993n }, // 2^53 + 1: past a double
          { labels: { n: "float" }, value: 0.25 },
          { labels: { n: "nan" }, value: Number.NaN },
          { labels: { n: "inf" }, value: Number.POSITIVE_INFINITY },
          { labels: { n: "-inf" }, value: Number.NEGATIVE_INFINITY },
        ],
      },
    ]);
    expect(text.split("\n").slice(2, -1)).toEqual([
      'v{n="big"} 9007199254740993',
      'v{n="float"} 0.25',
      'v{n="nan"} NaN',
      'v{n="inf"} +Inf',
      'v{n="-inf"} -Inf',
    ]);
  });

  it("refuses a metric or label name Prometheus would not parse", () => {
    const family = (name: string, label = "ok"): MetricFamily => ({
      name,
      help: "h",
      type: "gauge",
      samples: [{ labels: { [label]: "v" }, value: 1 }],
    });
    expect(() => formatExposition([family("satsbank:ratio_total")])).not.toThrow();
    expect(() => formatExposition([family("1st_metric")])).toThrow("Invalid metric name: 1st_metric");
    expect(() => formatExposition([family("http-requests")])).toThrow("Invalid metric name");
    expect(() => formatExposition([family("ok", "status-class")])).toThrow(
      "Invalid metric label name: status-class",
    );
    // A colon is allowed in metric names only.
    expect(() => formatExposition([family("ok", "a:b")])).toThrow("Invalid metric label name");
    expect(() => formatExposition([family("ok", "0")])).toThrow("Invalid metric label name");
  });
});

describe("LabelledCounter", () => {
  it("counts per label set, in the order label sets first appeared", () => {
    const counter = new LabelledCounter();
    counter.inc({ method: "GET", status_class: "2xx" });
    counter.inc({ method: "POST", status_class: "4xx" }, 3);
    counter.inc({ method: "GET", status_class: "2xx" });
    expect(counter.samples()).toEqual([
      { labels: { method: "GET", status_class: "2xx" }, value: 2 },
      { labels: { method: "POST", status_class: "4xx" }, value: 3 },
    ]);
  });
});

describe("LabelledHistogram", () => {
  it("counts cumulative buckets (a value on a bound is in it), +Inf equal to the count, and the sum", () => {
    const histogram = new LabelledHistogram([0.25, 0.5, 1]);
    for (const seconds of [0.25, 0.5, 0.125, 2]) histogram.observe({ route: "/api/wallet" }, seconds);
    histogram.observe({ route: "/healthz" }, 0.75);
    const text = formatExposition([
      { name: "http_seconds", help: "Latency.", type: "histogram", samples: histogram.samples() },
    ]);
    expect(text).toBe(
      [
        "# HELP http_seconds Latency.",
        "# TYPE http_seconds histogram",
        'http_seconds_bucket{route="/api/wallet",le="0.25"} 2',
        'http_seconds_bucket{route="/api/wallet",le="0.5"} 3',
        'http_seconds_bucket{route="/api/wallet",le="1"} 3',
        'http_seconds_bucket{route="/api/wallet",le="+Inf"} 4',
        'http_seconds_sum{route="/api/wallet"} 2.875',
        'http_seconds_count{route="/api/wallet"} 4',
        'http_seconds_bucket{route="/healthz",le="0.25"} 0',
        'http_seconds_bucket{route="/healthz",le="0.5"} 0',
        'http_seconds_bucket{route="/healthz",le="1"} 1',
        'http_seconds_bucket{route="/healthz",le="+Inf"} 1',
        'http_seconds_sum{route="/healthz"} 0.75',
        'http_seconds_count{route="/healthz"} 1',
        "",
      ].join("\n"),
    );
  });

  it("has no series before its first observation", () => {
    expect(new LabelledHistogram([1]).samples()).toEqual([]);
  });
});
