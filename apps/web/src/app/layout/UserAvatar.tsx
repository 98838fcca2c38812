import Avatar from "@mui/material/Avatar";
import type { Me } from "@learnward/contracts";
import { initials } from "./initials";

/** The signed-in user's photo or initials, decoration inside the labelled account button; its own chunk, as signed-out screens never show it. */
export default function UserAvatar({ user }: { user: Me["user"] }) {
  return (
    <Avatar src={user.photoURL ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 15, bgcolor: "grey.700" }}>
      {initials(user.displayName || user.email)}
    </Avatar>
  );
}
