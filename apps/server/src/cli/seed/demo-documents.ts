import { createHash } from "node:crypto";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";

// The demo customers' identity documents, drawn in code: a passport (JPEG), a selfie (PNG) and a utility
// bill (PDF), 800x600 images of flat shapes and text, a few tens of kilobytes each. Everything in them
// follows from the customer's name and email, so each customer's files differ from everyone else's and
// the seed makes the same files on every run. They differ as a whole, not only in their names: the
// automated review refuses a document that looks like one another customer uploaded (its perceptual
// hash, modules/kyc/image-fingerprint.ts), and one template with other names in small print would. Drawn, never random noise: noise does not compress, and would make every file megabytes.

export type DemoPerson = { name: string; email: string };

export type DemoDocuments = { passport: Buffer; selfie: Buffer; proofOfAddress: Buffer };

const WIDTH = 800;
const HEIGHT = 600;

/** Bytes that follow from the customer alone: their colours and numbers. */
const digest = (person: DemoPerson) => createHash("sha256").update(`demo-kyc:${person.email}`).digest();

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** Upper-case ASCII, as a machine-readable zone writes names ("Élodie" is "ELODIE"). */
const mrzText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[^A-Za-z ]/g, "")
    .toUpperCase()
    .trim()
    .replace(/ +/g, "<");

const longDate = (day: Date) =>
  day.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A simple face: the passport's photo and the selfie are both drawn with it. */
function face(x: number, y: number, scale: number, hash: Buffer): string {
  const skins = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac"];
  const hairs = ["#2c1b10", "#4a2f1b", "#a55728", "#1c1c1c", "#b89778"];
  const skin = skins[(hash[3] ?? 0) % skins.length];
  const hair = hairs[(hash[4] ?? 0) % hairs.length];
  const s = (n: number) => (n * scale).toFixed(1);
  return `<g transform="translate(${x} ${y})">
    <ellipse cx="0" cy="${s(-20)}" rx="${s(92)}" ry="${s(100)}" fill="${hair}"/>
    <rect x="${s(-130)}" y="${s(110)}" width="${s(260)}" height="${s(120)}" rx="${s(60)}" fill="${hair}" opacity="0.6"/>
    <ellipse cx="0" cy="0" rx="${s(75)}" ry="${s(92)}" fill="${skin}"/>
    <circle cx="${s(-27)}" cy="${s(-12)}" r="${s(8)}" fill="#222"/>
    <circle cx="${s(27)}" cy="${s(-12)}" r="${s(8)}" fill="#222"/>
    <path d="M ${s(-28)} ${s(38)} Q 0 ${s(62)} ${s(28)} ${s(38)}" stroke="#7a2e2e" stroke-width="${s(6)}" fill="none" stroke-linecap="round"/>
  </g>`;
}

/**
 * What a photo is taken on: light falling across it from a side and in colours of its own, so that two
 * customers' photos differ as a whole (in what the perceptual hash sees), not only in their small print.
 */
function table(hash: Buffer, at: number, lightness = 30): string {
  const angle = (((hash[at] ?? 0) * 360) / 256).toFixed(0);
  const hue = (((hash[at + 1] ?? 0) * 360) / 256).toFixed(0);
  const dark = lightness - 15 + ((hash[at + 2] ?? 0) % 20);
  return `<defs><linearGradient id="light" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="hsl(${hue}, 30%, ${dark}%)"/>
      <stop offset="1" stop-color="hsl(${hue}, 25%, ${dark + 45}%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>`;
}

/** Where the document lies in the photo: smaller than the frame, shifted and a little turned. */
function placement(hash: Buffer, at: number): string {
  const scale = 0.72 + ((hash[at] ?? 0) % 12) / 100;
  const dx = ((hash[at + 1] ?? 0) / 255) * WIDTH * (1 - scale);
  const dy = ((hash[at + 2] ?? 0) / 255) * HEIGHT * (1 - scale);
  const turn = ((hash[at + 3] ?? 0) % 9) - 4;
  return `translate(${dx.toFixed(1)} ${dy.toFixed(1)}) rotate(${turn} ${WIDTH / 2} ${HEIGHT / 2}) scale(${scale.toFixed(2)})`;
}

async function passport(person: DemoPerson, hash: Buffer): Promise<Buffer> {
  const hue = ((hash[0] ?? 0) * 360) / 256;
  const number = `SB${hash.readUInt32BE(8).toString().padStart(10, "0").slice(-7)}`;
  const [given = "", ...rest] = person.name.split(" ");
  const surname = rest.join(" ") || given;
  const mrz = [`P<SBK${mrzText(surname)}<<${mrzText(given)}`, `${number}<<SBK`].map((row) =>
    escapeXml(row.padEnd(44, "<").slice(0, 44)),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    ${table(hash, 20)}
    <g transform="${placement(hash, 24)}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${hue.toFixed(0)}, 35%, 90%)"/>
    <rect x="0" y="0" width="${WIDTH}" height="90" fill="hsl(${hue.toFixed(0)}, 45%, 30%)"/>
    <text x="40" y="58" font-family="sans-serif" font-size="36" font-weight="bold" fill="#fff">PASSPORT</text>
    <text x="760" y="58" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="end">Demo Republic</text>
    <clipPath id="photo"><rect x="40" y="120" width="220" height="280"/></clipPath>
    <rect x="40" y="120" width="220" height="280" fill="#dfe6ec"/>
    <g clip-path="url(#photo)">${face(150, 250, 0.9, hash)}</g>
    <rect x="40" y="120" width="220" height="280" fill="none" stroke="#556" stroke-width="2"/>
    <g font-family="sans-serif" fill="#223">
      <text x="300" y="140" font-size="16" fill="#556">Surname</text>
      <text x="300" y="172" font-size="30" font-weight="bold">${escapeXml(surname)}</text>
      <text x="300" y="212" font-size="16" fill="#556">Given names</text>
      <text x="300" y="244" font-size="30" font-weight="bold">${escapeXml(given)}</text>
      <text x="300" y="284" font-size="16" fill="#556">Passport No.</text>
      <text x="300" y="312" font-size="26">${number}</text>
      <text x="300" y="352" font-size="16" fill="#556">Holder</text>
      <text x="300" y="382" font-size="22">${escapeXml(person.name)}</text>
    </g>
    <rect x="0" y="470" width="${WIDTH}" height="130" fill="#f7f7f2"/>
    <text x="30" y="520" font-family="monospace" font-size="24" fill="#222">${mrz[0]}</text>
    <text x="30" y="560" font-family="monospace" font-size="24" fill="#222">${mrz[1]}</text>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function selfie(person: DemoPerson, hash: Buffer): Promise<Buffer> {
  // The face where the customer held the camera: left or right, nearer or further.
  const x = 250 + ((hash[6] ?? 0) / 255) * 300;
  const y = 230 + ((hash[7] ?? 0) / 255) * 70;
  const scale = 1.3 + ((hash[18] ?? 0) % 6) / 10;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    ${table(hash, 28, 45)}
    ${face(x, y, scale, hash)}
    <rect x="0" y="530" width="${WIDTH}" height="70" fill="#000" opacity="0.45"/>
    <text x="400" y="576" font-family="sans-serif" font-size="30" fill="#fff" text-anchor="middle">${escapeXml(person.name)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

/**
 * A one-page utility bill naming the customer, dated `printedDate`. The file's own metadata is dated then
 * too and carries no time of making, so the same bill comes out byte for byte on every run.
 */
async function utilityBill(person: DemoPerson, hash: Buffer, printedDate: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle("Electricity bill");
  pdf.setCreationDate(printedDate);
  pdf.setModificationDate(printedDate);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, y: number, size = 12, f = font) =>
    page.drawText(text, { x: 56, y, size, font: f, color: rgb(0.13, 0.13, 0.2) });
  const account = hash.readUInt32BE(12).toString().padStart(10, "0");
  const amount = (20 + (hash.readUInt16BE(16) % 9000) / 100).toFixed(2);
  line("Demo Energy Co.", 770, 22, bold);
  line("Electricity bill", 740, 14);
  line(`Statement date: ${longDate(printedDate)}`, 690);
  line(`Account number: ${account}`, 670);
  line("Account holder", 630, 10);
  line(person.name, 612, 14, bold);
  line(`${1 + ((hash[5] ?? 0) % 120)} Example Street, Demo City`, 594);
  line(`Amount due: $${amount}`, 550, 14, bold);
  line("Thank you for your payment.", 520, 10);
  return Buffer.from(await pdf.save());
}

/** One customer's three documents; the bill dated `printedDate` (the day its text names). */
export async function demoDocuments(person: DemoPerson, printedDate: Date): Promise<DemoDocuments> {
  const hash = digest(person);
  const [passportBytes, selfieBytes, bill] = await Promise.all([
    passport(person, hash),
    selfie(person, hash),
    utilityBill(person, hash, printedDate),
  ]);
  return { passport: passportBytes, selfie: selfieBytes, proofOfAddress: bill };
}
