import { describe, expect, it } from "vitest";
import { describeDevice } from "./device.js";

const chromeLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describe("describeDevice", () => {
  it("names the browser with its major version and the operating system", () => {
    expect(describeDevice(chromeLinux).label).toBe("Chrome 156 on Linux");
    expect(
      describeDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0")
        .label,
    ).toBe("Firefox 125 on Windows");
  });

  it("keeps the same key across browser updates", () => {
    const updated = chromeLinux.replace("Chrome/156", "Chrome/157");
    expect(describeDevice(updated).label).toBe("Chrome 157 on Linux");
    expect(describeDevice(updated).key).toBe(describeDevice(chromeLinux).key);
  });

  it("names a program that is not a browser", () => {
    expect(describeDevice("curl/8.5.0").label).toBe("curl 8");
  });

  it("says Unknown device without a User-Agent", () => {
    expect(describeDevice(undefined).label).toBe("Unknown device");
    expect(describeDevice("   ").label).toBe("Unknown device");
    expect(describeDevice("???").label).toBe("Unknown device");
  });
});
