import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";

/**
 * `value` as a QR code image (an SVG data URL, which the CSP's img-src admits). The encoder (the
 * `qrcode` package) loads here, the first time one is drawn: only the two-factor set-up draws one.
 */
export function QrCode({ value, label, failedText, size = 200 }: { value: string; label: string; failedText: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string | null }>({ value: "", src: null });
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then(({ default: qrcode }) => qrcode.toString(value, { type: "svg", margin: 2, errorCorrectionLevel: "M" }))
      .then(
        (svg) => live && setDrawn({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setDrawn({ value, src: null }),
      );
    return () => {
      live = false;
    };
  }, [value]);

  if (drawn.value !== value) return <Skeleton variant="rectangular" width={size} height={size} aria-hidden />;
  if (!drawn.src) return <Typography color="text.secondary">{failedText}</Typography>;
  // White around the code whatever the theme: scanners need the contrast.
  return <Box component="img" src={drawn.src} alt={label} width={size} height={size} sx={{ display: "block", bgcolor: "#fff", borderRadius: 1 }} />;
}
