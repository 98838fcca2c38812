import { useEffect, useRef, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { IMAGE_LAZY_MARGIN, IMAGE_SMALL_WIDTHS, IMAGE_WIDTHS, LAZY_LOADER_DELAY_MS } from "@learnward/contracts";

// spec §9: the only widths the image proxy makes, smallest first.
const ALL_WIDTHS: readonly number[] = [...IMAGE_SMALL_WIDTHS, ...IMAGE_WIDTHS];
const SMALLEST_DEVICE_WIDTH = IMAGE_WIDTHS[0];

const isRemote = (src: string) => /^https?:\/\//i.test(src);

/** GET /api/image: the proxy resizes to `w` and answers AVIF, WebP or the original/JPEG by Accept (spec §9). */
export function imageUrl(src: string, width: number, courseId?: number): string {
  const params = new URLSearchParams({ imageUrl: src, w: String(width) });
  if (courseId !== undefined) params.set("course_id", String(courseId));
  return `/api/image?${params.toString()}`;
}

/**
 * The widths worth offering for a `sizes` value. With viewport units (e.g. "(max-width: 600px) 100vw,
 * 50vw") every width from the smallest screen times the smallest share up (the spec's large widths,
 * and small ones when the share is small). With pixel sizes only (e.g. "96px") the widths covering
 * 1× to 2× screens: the small widths for thumbnails.
 */
export function widthsFor(sizes: string): number[] {
  // Each entry is "[media condition] length"; only the length counts.
  const lengths = sizes
    .split(",")
    .map((entry) => /(\d+(?:\.\d+)?)(vw|px)\s*$/.exec(entry.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ value: Number(m[1]), unit: m[2] }));
  const shares = lengths.filter((l) => l.unit === "vw").map((l) => l.value / 100);
  if (shares.length > 0 || lengths.length === 0) {
    const smallestShare = shares.length ? Math.min(...shares) : 1;
    return ALL_WIDTHS.filter((w) => w >= SMALLEST_DEVICE_WIDTH * smallestShare);
  }
  const largest = Math.max(...lengths.map((l) => l.value));
  const atLeast = (px: number) => ALL_WIDTHS.find((w) => w >= px) ?? ALL_WIDTHS[ALL_WIDTHS.length - 1]!;
  const from = atLeast(largest);
  const to = atLeast(largest * 2);
  return ALL_WIDTHS.filter((w) => w >= from && w <= to);
}

/** The src and srcset for an image: remote ones through the proxy at each width, others untouched. */
export function imageSources(src: string, sizes: string, courseId?: number): { src: string; srcSet?: string } {
  if (!isRemote(src)) return { src }; // data: URLs (seed logos) and same-site files
  const widths = widthsFor(sizes);
  return {
    src: imageUrl(src, widths[widths.length - 1]!, courseId),
    srcSet: widths.map((w) => `${imageUrl(src, w, courseId)} ${w}w`).join(", "),
  };
}

/**
 * Starts loading once the element is within 200px of the viewport (spec §9 lazy margin) and has
 * stayed there for the lazy loader's delay (200 ms), so fast scrolling past does not load everything.
 */
function useNearViewport(enabled: boolean) {
  const ref = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          timer ??= setTimeout(() => setNear(true), LAZY_LOADER_DELAY_MS);
        } else if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { rootMargin: IMAGE_LAZY_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [near]);
  return { ref, near };
}

export interface ImgProps {
  src: string | null | undefined;
  /** Empty for a decorative image (a card whose title says what it is). */
  alt: string;
  /** The rendered width, as for <img sizes>: picks the widths of the srcset. */
  sizes: string;
  /** Shown when there is no image or it fails to load, e.g. the icon of the content type. */
  fallback: ReactNode;
  courseId?: number;
  /** Load at once instead of when near the viewport (an image above the fold). */
  eager?: boolean;
  sx?: SxProps<Theme>;
}

/** An image through the image proxy, lazily loaded, with a fallback on error or when there is none. */
export function Img({ src, alt, sizes, fallback, courseId, eager = false, sx }: ImgProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const { ref, near } = useNearViewport(!eager);
  const usable = src && failed !== src ? src : null;
  const sources = usable ? imageSources(usable, sizes, courseId) : null;
  return (
    <Box
      ref={ref}
      // Without a picture the fallback still says what the image was, when it says anything.
      role={!sources && alt ? "img" : undefined}
      aria-label={!sources && alt ? alt : undefined}
      sx={[
        { position: "relative", overflow: "hidden", display: "grid", placeItems: "center", bgcolor: "action.hover", color: "text.secondary" },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {sources && near ? (
        <Box
          component="img"
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? sizes : undefined}
          alt={alt}
          decoding="async"
          onError={() => setFailed(usable)}
          sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
        />
      ) : (
        <Box aria-hidden data-testid={sources ? "img-placeholder" : "img-fallback"} sx={{ display: "grid", placeItems: "center", "& svg": { fontSize: 32 } }}>
          {sources ? null : fallback}
        </Box>
      )}
    </Box>
  );
}
