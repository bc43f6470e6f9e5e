import { describe, expect, it } from "vitest";
import { fileSizeText } from "./file-size";

describe("fileSizeText", () => {
  it("writes bytes under 1 KB, whole KB under 1 MB, and MB with one decimal", () => {
    expect(fileSizeText(0)).toBe("0 B");
    expect(fileSizeText(900)).toBe("900 B");
    expect(fileSizeText(1024)).toBe("1 KB");
    expect(fileSizeText(48_128)).toBe("47 KB");
    expect(fileSizeText(80_000)).toBe("78 KB");
    expect(fileSizeText(1024 * 1024)).toBe("1.0 MB");
    expect(fileSizeText(1_258_291)).toBe("1.2 MB");
    expect(fileSizeText(2_411_724)).toBe("2.3 MB");
  });
});
