import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionKey } from "../identity/hooks";
import { changePassword, updateProfile } from "./api";
import { profileKey, userProfileOptions } from "./queries";
import { storeAnswer } from "../../lib/storeAnswer";

export function useUserProfile(uid: string) {
  return useQuery(userProfileOptions(uid));
}

export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      await storeAnswer(queryClient, profileKey(uid), profile);
      // The top bar and drawer show the name and photo from the session.
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
