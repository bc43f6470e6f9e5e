import { useCallback, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";

/** Runs a change; when the server asks for a fresh proof first, waits for it and runs the change again. */
export type FreshProofGate = <T>(change: () => Promise<T>) => Promise<T>;

/** The person closed "Confirm it's you": the change was not made. */
export class FreshProofCancelled extends Error {
  override readonly name = "FreshProofCancelled";
  constructor() {
    super("Nothing was changed.");
  }
}

export function isFreshProofCancelled(error: unknown): error is FreshProofCancelled {
  return error instanceof FreshProofCancelled;
}

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The fresh-proof gate of Security > Passkeys. A change to how the person signs in (a passkey added, the
 * last removed, the withdrawal approval turned off) may answer 403 `reauthenticate`: `gate` then shows the
 * "Confirm it's you" step (`asking`) and waits; once the person proved it (`proved`), the same change runs
 * again by itself. `cancel` gives up: the change rejects with FreshProofCancelled, nothing changed.
 */
export function useFreshProof() {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const gate = useCallback<FreshProofGate>(async (change) => {
    try {
      return await change();
    } catch (error) {
      if (!isApiError(error) || error.reason !== "reauthenticate") throw error;
      // One step at a time: a second change asking meanwhile waits for the same proof.
      await new Promise<void>((resolve, reject) => {
        const before = waiting.current;
        waiting.current = {
          resolve: () => {
            before?.resolve();
            resolve();
          },
          reject: (reason) => {
            before?.reject(reason);
            reject(reason);
          },
        };
        setAsking(true);
      });
      return change();
    }
  }, []);

  const settle = useCallback((how: (pending: Waiting) => void) => {
    const pending = waiting.current;
    waiting.current = null;
    setAsking(false);
    if (pending) how(pending);
  }, []);

  return {
    gate,
    /** "Confirm it's you" is showing. */
    asking,
    proved: useCallback(() => settle((pending) => pending.resolve()), [settle]),
    cancel: useCallback(() => settle((pending) => pending.reject(new FreshProofCancelled())), [settle]),
  };
}
