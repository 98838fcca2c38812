import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserProfile, type UpdateProfileRequest } from "@learnward/contracts";
import { request } from "../../lib/api";
import { sessionKey } from "../identity/hooks";

const profileKey = (uid: string) => ["user-profile", uid] as const;

export function useUserProfile(uid: string) {
  return useQuery({
    queryKey: profileKey(uid),
    queryFn: () => request("/api/user/profile/", { query: { uid }, parse: UserProfile.parse }),
  });
}

export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => request("/api/user/profile/", { method: "PATCH", body, parse: UserProfile.parse }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKey(uid), profile);
      // The top bar and drawer show the name and photo from the session.
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      request("/api/auth/change-password", { method: "POST", body }),
  });
}
