// Renders the installable app's icons (public/icons/*.png, committed) from the favicon's drawing:
// `node apps/web/scripts/icons.mjs` after changing the logo or the theme's primary colour.
// sharp comes with the server's workspace (it resizes content images there).
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
// The theme's primary colour (src/app/theme.ts) and the favicon's "L" (public/favicon.svg).
const PRIMARY = "#1d4ed8";
const GLYPH = '<path d="M18 16h8v24h20v8H18z" fill="#fff"/>';

/** Rounded corners where the icon is shown as it is; a full square where the system cuts its own shape. */
const svg = ({ rounded }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"${rounded ? ' rx="14"' : ""} fill="${PRIMARY}"/>${GLYPH}</svg>`;

// A maskable icon keeps what matters within the central circle of 40% radius (the "safe zone"):
// the glyph's farthest corner is 21 of 64 units from the centre, inside 25.6.
const ICONS = [
  { file: "icon-192.png", size: 192, rounded: true },
  { file: "icon-512.png", size: 512, rounded: true },
  { file: "icon-maskable-512.png", size: 512, rounded: false },
  // iOS rounds the home-screen icon itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, rounded: false },
];

mkdirSync(out, { recursive: true });
for (const { file, size, rounded } of ICONS) {
  await sharp(Buffer.from(svg({ rounded })), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
  console.log(`${file} ${size}×${size}`);
}
