/**
 * The product's mark (public/favicon.svg, which the browser's tab and the offline page show), drawn in
 * the page rather than loaded from that file: an SVG image is a document of its own, which Chromium
 * builds and commits on the page's main thread while the page loads, one for each place it is shown.
 */
export function ProductLogo({ size, label }: { size: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      focusable="false"
      style={{ display: "block", flexShrink: 0 }}
    >
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M18 16h8v24h20v8H18z" fill="#fff" />
    </svg>
  );
}
