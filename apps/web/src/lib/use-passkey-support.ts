import { useEffect, useState } from "react";
import { supportsPasskeys } from "./passkey";

/**
 * Whether this browser can use passkeys: undefined until known (the check loads the WebAuthn library, so
 * it runs only once `enabled`, when a screen that offers passkeys is open).
 */
export function usePasskeySupport(enabled = true): boolean | undefined {
  const [supported, setSupported] = useState<boolean>();
  useEffect(() => {
    if (!enabled || supported !== undefined) return;
    let current = true;
    supportsPasskeys().then(
      (yes) => current && setSupported(yes),
      () => current && setSupported(false),
    );
    return () => {
      current = false;
    };
  }, [enabled, supported]);
  return supported;
}
