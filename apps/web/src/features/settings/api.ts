import type { UpdateProfileRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { checkedBy } from "../../lib/contracts";

// The settings page's calls, each answer checked against its contract.

const checkUserProfile = checkedBy((s) => s.UserProfile);

export const fetchUserProfile = (uid: string, signal?: AbortSignal) => request("/api/user/profile/", { query: { uid }, parse: checkUserProfile, signal });

export const updateProfile = (body: UpdateProfileRequest) => request("/api/user/profile/", { method: "PATCH", body, parse: checkUserProfile });

export const changePassword = (body: { currentPassword: string; newPassword: string }) => request("/api/auth/change-password", { method: "POST", body });
