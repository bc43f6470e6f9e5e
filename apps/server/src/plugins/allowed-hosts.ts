import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.js";
import { AppError } from "../domain/app-error.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route answers whatever host the request names: the health check and the metrics, which load
     * balancers, container probes and scrapers reach by an internal address rather than PUBLIC_URL's.
     */
    answersAnyHost?: boolean;
  }
}

export const misdirectedText = "This server does not answer for that host name.";

/** The names a browser on this machine reaches a development server by. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** What this server answers for, worked out once from the configuration. */
export type AllowedHosts = {
  /** Host header values, lower case, as a browser writes them: `bank.example`, `localhost:3000`. */
  hosts: ReadonlySet<string>;
  /** The origins (`URL.origin`: scheme, host, port unless the scheme's default) a page of ours has. */
  origins: ReadonlySet<string>;
};

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** The Host header values that name `url`'s host: with its port, and without it when it is the default. */
function hostSpellings(url: URL): string[] {
  const defaultPort = DEFAULT_PORTS[url.protocol];
  // URL.host leaves the scheme's default port out; a client may still write it.
  if (url.port === "" && defaultPort !== undefined) return [url.host, `${url.hostname}:${defaultPort}`];
  return [url.host];
}

/**
 * PUBLIC_URL's host; outside production also localhost, 127.0.0.1 and [::1] on PORT (plain HTTP, as
 * `npm start` and `npm run dev` serve). Any other name is refused: a page of another site whose name
 * was pointed at this machine (DNS rebinding) names its own host, never these.
 */
export function allowedHosts(config: Pick<Config, "publicUrl" | "port" | "nodeEnv">): AllowedHosts {
  const urls = [new URL(config.publicUrl)];
  if (config.nodeEnv !== "production") {
    for (const name of LOOPBACK_HOST_NAMES) urls.push(new URL(`http://${name}:${config.port}`));
  }
  return {
    hosts: new Set(urls.flatMap(hostSpellings)),
    origins: new Set(urls.map((url) => url.origin)),
  };
}

/** The request names this machine (localhost, 127.0.0.1 or [::1]) in its host, on any port. */
export function namesLoopbackHost(request: FastifyRequest): boolean {
  return LOOPBACK_HOST_NAMES.includes(request.hostname.toLowerCase());
}

/**
 * Answers only the hosts of `allowed` (421 MISDIRECTED_REQUEST for any other), before any route and its
 * hooks run. It judges the host Fastify routes by, `request.host`: the Host header, or with TRUST_PROXY
 * the last X-Forwarded-Host. Routes marked `answersAnyHost` are exempt.
 */
export const hostCheck = fp(
  async (app: FastifyInstance, { allowed }: { allowed: AllowedHosts }) => {
    app.addHook("onRequest", async (request) => {
      if (request.routeOptions.config.answersAnyHost === true) return;
      if (!allowed.hosts.has(request.host.toLowerCase()))
        throw new AppError("MISDIRECTED_REQUEST", misdirectedText);
    });
  },
  { name: "host-check", dependencies: ["error-handler"] },
);
