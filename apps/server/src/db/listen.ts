import type pg from "pg";
import type { DatabaseHandle } from "./client.js";

/** A LISTEN this process holds; `close` ends it. */
export type Listening = { close(): Promise<void> };

/**
 * Hears the payloads sent with `pg_notify(channel, payload)`: PostgreSQL delivers them when the sending db
 * transaction commits (never one that rolls back), to every process listening on the database. `onLost`
 * runs when the listening connection died (payloads may have been missed meanwhile); it is made again.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: () => void,
) => Promise<Listening>;

const RECONNECT_MS = 1_000;

/** LISTEN on the database of `handle`: PGlite's own listeners, or a connection of the pool kept for it. */
export function listenerFor(handle: DatabaseHandle): Listen {
  if (handle.kind === "pglite") {
    return async (channel, onPayload) => {
      const { client } = handle;
      const unlisten = await client.listen(channel, onPayload);
      return {
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    };
  }
  return (channel, onPayload, onLost) => listenOnPool(handle.pool, channel, onPayload, onLost);
}

async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (() => void) | undefined,
): Promise<Listening> {
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const connection = await pool.connect();
    connection.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    connection.on("error", () => lose(connection));
    try {
      await connection.query(`listen ${connection.escapeIdentifier(channel)}`);
    } catch (error) {
      connection.release(true);
      throw error;
    }
    if (closed) {
      connection.release(true);
      return;
    }
    client = connection;
  };
  const reconnect = () => {
    retry = undefined;
    if (closed) return;
    connect().catch(() => {
      retry = setTimeout(reconnect, RECONNECT_MS).unref();
    });
  };
  const lose = (connection: pg.PoolClient) => {
    if (client !== connection) return;
    client = null;
    connection.release(true);
    onLost?.();
    if (!closed) retry = setTimeout(reconnect, RECONNECT_MS).unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = null;
      if (connection === null) return;
      try {
        await connection.query("unlisten *");
        connection.release();
      } catch {
        connection.release(true);
      }
    },
  };
}
