/** "Hannah Reyes" → "HR"; one word gives its first two letters. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "?";
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return (last ? `${first[0]}${last[0]}` : first.slice(0, 2)).toUpperCase();
}
