import { PASSKEY_NAME_MAX_LENGTH } from "@satsbank/shared";
import { describeDevice } from "../../domain/device.js";

/**
 * The passkey providers people use most, by the AAGUID their passkeys report (from the community list at
 * github.com/passkeydeveloper/passkey-authenticator-aaguids): a passkey is shown by its provider's name.
 * Others (and those that report no AAGUID: all zeros) are shown by the browser that registered them.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  "fbfc3007-154e-4ecc-8c0b-6e020557d7bd": "iCloud Keychain",
  "dd4ec289-e01d-41c9-bb89-70fa845d4bf2": "iCloud Keychain",
  "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4": "Google Password Manager",
  "adce0002-35bc-c60a-648b-0b25f1f05503": "Chrome on Mac",
  "08987058-cadc-4b81-b6e1-30de50dcbe96": "Windows Hello",
  "9ddd1817-af5a-4672-a2b9-3e3dd95000a9": "Windows Hello",
  "6028b017-b1d4-4c02-b4b3-afcdafc96bb2": "Windows Hello",
  "bada5566-a7aa-401f-bd96-45619a55120d": "1Password",
  "d548826e-79b4-db40-a3d8-11116f7e8349": "Bitwarden",
  "531126d6-e717-415c-9320-3d9aa6981239": "Dashlane",
  "fdb141b2-5d84-443e-8a35-4698c205a502": "KeePassXC",
  "53414d53-554e-4700-0000-000000000000": "Samsung Pass",
};

/**
 * What made a passkey, as Security > Passkeys shows it: the provider of a known AAGUID ("iCloud
 * Keychain"), else the browser and system of the request that registered it, as the login history names
 * them but without the browser's version, which an update changes while the passkey stays ("Chrome on
 * Linux").
 */
export function passkeyDevice(aaguid: string, userAgent: string | undefined): string {
  const browser = describeDevice(userAgent).label.replace(/ \d+(?= on |$)/, "");
  return (PROVIDERS[aaguid.toLowerCase()] ?? browser).slice(0, PASSKEY_NAME_MAX_LENGTH);
}
