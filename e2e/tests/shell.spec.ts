import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";

test.describe("splash", () => {
  test("/ replaces itself with /splash, shows the tagline for 2 s, fades, then opens sign-in", async ({
    page,
  }) => {
    // The page's clock stands still from before the first document loads: only runFor moves it, so the
    // splash's timers fire when the test says, however long loading and asserting take.
    await page.clock.install({ time: new Date("2030-01-15T12:00:00Z") });
    await page.clock.pauseAt(new Date("2030-01-15T12:01:00Z"));
    await page.goto("/");
    await expect(page).toHaveURL(/\/splash$/);
    const tagline = page.getByText("The Future of Bitcoin Banking");
    await expect(tagline).toBeVisible();
    const splash = tagline.locator("..");
    await expect(splash).toHaveAttribute("data-state", "visible");

    await page.clock.runFor(1_900);
    await expect(page).toHaveURL(/\/splash$/);
    await expect(splash).toHaveAttribute("data-state", "visible");

    await page.clock.runFor(100);
    await expect(splash).toHaveAttribute("data-state", "fading");
    await expect(page).toHaveURL(/\/splash$/);

    await page.clock.runFor(500);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("the root redirect replaces history, so Back does not return to /", async ({ page }) => {
    await page.goto("/auth/signup");
    await page.goto("/");
    await expect(page).toHaveURL(/\/splash$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });
});

test.describe("404 page", () => {
  test("shows the message, links to the dashboard and logs the bad path", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect.poll(() => errors.some((text) => text.includes("/no/such/page"))).toBe(true);
  });

  test("the reset-password link target is a real screen, not the 404 page", async ({ page }) => {
    await page.goto("/auth/reset-password");
    await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  });
});

test("a deep link survives a reload", async ({ page }) => {
  await signUp(page);
  await page.goto("/profile/security");
  await expect(page.getByRole("heading", { name: "Security Settings" })).toBeVisible();
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole("heading", { name: "Security Settings" })).toBeVisible();
});

test("/profile opens the account page", async ({ page }) => {
  await signUp(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile\/account$/);
});
