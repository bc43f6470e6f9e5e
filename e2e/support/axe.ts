import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

/** WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The impacts that fail a scan. Minor and moderate findings are reported in the attachment only. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(["serious", "critical"]);

/** How many of a rule's elements a failure lists (the attachment has them all). */
const NODES_SHOWN = 5;

/**
 * One violation, readably: the rule, its impact, what it asks for, and the elements that break it with
 * axe's own summary of why (for contrast: the colours and the ratio).
 */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
    const why = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ");
    return `    ${node.target.join(" ")}\n      ${why}`;
  });
  const more = violation.nodes.length - NODES_SHOWN;
  if (more > 0) nodes.push(`    ...and ${more} more`);
  return [
    `${violation.id} (${violation.impact}): ${violation.help}`,
    `  ${violation.helpUrl}`,
    ...nodes,
  ].join("\n");
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each (rule,
 * impact, help, target selectors). Every finding, whatever its impact, is attached to the test's report.
 */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo): Promise<void> {
  // Legacy mode runs axe in the page itself instead of gathering its results in a new blank page: about
  // 2.5 times faster (0.3 s a scan), and the app has no frames, which is all it gives up. Only violations
  // come back with their elements, a smaller answer to carry out of the page.
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  if (results.violations.length > 0) {
    await testInfo.attach("axe-violations.json", {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  const blocking = results.violations.filter(
    (violation) => violation.impact != null && BLOCKING_IMPACTS.has(violation.impact),
  );
  expect(
    blocking.map(describeViolation).join("\n\n"),
    `serious or critical axe violations on ${page.url()}`,
  ).toBe("");
}
