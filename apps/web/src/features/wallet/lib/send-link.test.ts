import { describe, expect, it } from "vitest";
import { readSendLink, sendLinkMessages, sendLinkPath } from "./send-link";

const read = (query: string) => readSendLink(new URLSearchParams(query));

describe("payment links", () => {
  it("write the username, the amount in satoshis and the note", () => {
    expect(sendLinkPath({ to: "ada" })).toBe("/wallet/send?to=ada");
    expect(sendLinkPath({ to: "ada", amountSats: 50_000n, note: " Dinner & drinks " })).toBe(
      "/wallet/send?to=ada&amount=50000&note=Dinner+%26+drinks",
    );
    expect(sendLinkPath({ to: "ada", amountSats: 0n, note: "  " })).toBe("/wallet/send?to=ada");
  });

  it("read back what they wrote", () => {
    const path = sendLinkPath({ to: "ada", amountSats: 12_345_678n, note: "Café 50% / #3" });
    expect(read(path.slice(path.indexOf("?")))).toEqual({
      values: { recipient: "ada", amountSats: 12_345_678n, note: "Café 50% / #3" },
      problems: [],
    });
  });

  it("are nothing when the screen opens without one", () => {
    expect(read("")).toBeNull();
    expect(read("?other=1")).toBeNull();
  });

  it("take an address as the recipient too", () => {
    const address = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
    expect(read(`?to=${address}`)).toEqual({ values: { recipient: address }, problems: [] });
  });

  it("leave out each part that fails its check, and say so", () => {
    expect(read("?to=ada&amount=0.5&note=hi")).toEqual({
      values: { recipient: "ada", note: "hi" },
      problems: [sendLinkMessages.amount],
    });
    for (const amount of ["", "0", "-5", "1e3", "010", "2100000000000001", "5 ", "5,0"]) {
      expect(read(`?to=ada&amount=${encodeURIComponent(amount)}`)?.problems, amount).toEqual([
        sendLinkMessages.amount,
      ]);
    }
    for (const to of ["", "a", "al ice", "<script>", "alice@example.com", "x".repeat(121)]) {
      expect(read(`?to=${encodeURIComponent(to)}&amount=5`), to).toEqual({
        values: { amountSats: 5n },
        problems: [sendLinkMessages.to],
      });
    }
    for (const note of ["", "   ", "x".repeat(141), "a\u202eb", "line\nbreak"]) {
      expect(read(`?to=ada&note=${encodeURIComponent(note)}`)?.problems, note).toEqual([
        sendLinkMessages.note,
      ]);
    }
  });
});
