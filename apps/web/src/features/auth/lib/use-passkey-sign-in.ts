import type { SessionUser } from "@satsbank/shared";
import { useEffect, useRef, useState } from "react";
import {
  cancelPasskeyRequest,
  isPasskeyCancelled,
  passkeyChallenge,
  signWithPasskey,
  supportsPasskeyAutofill,
} from "@/lib/passkey";
import { usePasskeySupport } from "@/lib/use-passkey-support";
import { useSignInWithPasskey } from "../api/sign-in-with-passkey";

export interface PasskeySignInOptions {
  /** The Remember me box, read when the signed challenge goes to the server. */
  remember: () => boolean;
  onSignedIn: (user: SessionUser) => void;
  /** A refusal (the server's, or the browser's dialog cancelled): said as the form's other errors are. */
  onError: (error: unknown) => void;
}

/**
 * Sign-in with a passkey, both ways: the email field's autofill (conditional mediation: a request waits from
 * the moment the page opens until the person picks a passkey there), and `start`, the button's request
 * (the browser's modal dialog), which replaces the waiting one. Leaving the page cancels what is pending.
 * After a failed attempt the autofill waits again.
 */
export function usePasskeySignIn({ remember, onSignedIn, onError }: PasskeySignInOptions) {
  const supported = usePasskeySupport();
  const signIn = useSignInWithPasskey();
  const [round, setRound] = useState(0);
  // Where a sign-in with a passkey stands: the browser's dialog open, or the signature at the server.
  const [phase, setPhase] = useState<"idle" | "device" | "server">("idle");
  const modal = useRef(false);
  // How many times the button was pressed: a waiting request started before the last press is replaced,
  // whenever its answer comes (even after the button's sign-in finished).
  const presses = useRef(0);
  // The autofill's passkey was picked and goes to the server: the button waits (one sign-in at a time).
  const verifying = useRef(false);
  // The latest callbacks, so that a render does not restart the waiting request.
  const latest = useRef({ remember, onSignedIn, onError, verify: signIn.mutateAsync });
  latest.current = { remember, onSignedIn, onError, verify: signIn.mutateAsync };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the signal to wait again
  useEffect(() => {
    let active = true;
    let picked = false;
    const pressesBefore = presses.current;
    const replaced = () => !active || modal.current || presses.current !== pressesBefore;
    void (async () => {
      if (!(await supportsPasskeyAutofill()) || !active) return;
      const { challengeId, options } = await passkeyChallenge("signIn");
      // The button's request may have started meanwhile: it is not replaced.
      if (replaced()) return;
      const response = await signWithPasskey(options, { autofill: true });
      // Picked as (or after) the button was pressed: the button's request is the one that goes on.
      if (replaced()) return;
      picked = true;
      verifying.current = true;
      setPhase("server");
      try {
        const user = await latest.current.verify({
          challengeId,
          response,
          remember: latest.current.remember(),
        });
        if (active) latest.current.onSignedIn(user);
      } finally {
        verifying.current = false;
        if (active) setPhase("idle");
      }
    })().catch((error: unknown) => {
      // Before the person picked a passkey, a failure is not theirs to hear of (replaced by the button's
      // request, the page closing, no challenge to be had): the button still works.
      if (!active || !picked || isPasskeyCancelled(error)) return;
      latest.current.onError(error);
      setRound((n) => n + 1);
    });
    return () => {
      active = false;
      void cancelPasskeyRequest();
    };
  }, [round]);

  async function start() {
    if (modal.current || verifying.current) return;
    modal.current = true;
    presses.current += 1;
    setPhase("device");
    try {
      const { challengeId, options } = await passkeyChallenge("signIn");
      const response = await signWithPasskey(options);
      setPhase("server");
      const user = await signIn.mutateAsync({ challengeId, response, remember: remember() });
      onSignedIn(user);
    } catch (error) {
      onError(error);
      setRound((n) => n + 1);
    } finally {
      modal.current = false;
      setPhase("idle");
    }
  }

  return { supported: supported === true, start, busy: phase !== "idle", phase };
}
