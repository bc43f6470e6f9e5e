import { type Locator, type Page, test } from "@playwright/test";

/** A toast, by its title (the same words may be on the screen behind it). */
export function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
}

/** Clicks a download link and saves the file in the test's output folder; answers its path. */
export async function download(page: Page, link: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = test.info().outputPath(`${test.info().repeatEachIndex}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return path;
}
