import Avatar from "@mui/material/Avatar";
import type { Me } from "@learnward/contracts";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "?";
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return (last ? `${first[0]}${last[0]}` : first.slice(0, 2)).toUpperCase();
}

/** The signed-in user's photo or initials; its own chunk, as signed-out screens never show it. */
export default function UserAvatar({ user }: { user: Me["user"] }) {
  return (
    <Avatar src={user.photoURL ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 15 }}>
      {initials(user.displayName || user.email)}
    </Avatar>
  );
}
