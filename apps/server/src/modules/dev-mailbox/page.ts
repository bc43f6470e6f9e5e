import escapeHtml from "escape-html";
import type { OutboxMessage } from "../../adapters/mailer/outbox.js";

/** Links in an already escaped text become clickable (a reset link, for one). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

// A <style> element is inline style, which the app's CSP allows; there is no script at all.
const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1f2937; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  form { margin: 1rem 0; display: flex; gap: .5rem; }
  input { flex: 1; padding: .4rem .6rem; font: inherit; }
  article { border: 1px solid #d1d5db; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
  .meta { color: #6b7280; font-size: .85rem; }
  pre { white-space: pre-wrap; font: inherit; margin: .5rem 0 0; }
`;

/** The dev mailbox as a page: newest first, optionally for one address. Everything shown is escaped. */
export function mailboxPage({
  brandName,
  to,
  messages,
}: {
  brandName: string;
  to: string | undefined;
  messages: OutboxMessage[];
}): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · <time datetime="${message.createdAt.toISOString()}">${message.createdAt.toISOString()}</time></p>
  <pre>${linkify(escapeHtml(message.text))}</pre>
</article>`,
    )
    .join("\n");
  const heading = to === undefined ? "All messages" : `Messages to ${escapeHtml(to)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · ${escapeHtml(brandName)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p class="meta">Email the server would have sent. No SMTP server is configured (SMTP_URL), so it is kept here. Development only.</p>
<form method="get" action="/dev/mailbox">
  <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? "")}" aria-label="Recipient">
  <button type="submit">Filter</button>
</form>
<h2>${heading} (${messages.length})</h2>
${items || "<p>No messages yet.</p>"}
</body>
</html>
`;
}
