import { queryOptions } from "@tanstack/react-query";
import type { FirstData } from "../../app/firstData";
import { fetchUserProfile } from "./api";

export const profileKey = (uid: string) => ["user-profile", uid] as const;

export const userProfileOptions = (uid: string) => queryOptions({ queryKey: profileKey(uid), queryFn: ({ signal }) => fetchUserProfile(uid, signal) });

/** /setting first shows my profile. */
export const settingFirstData: FirstData = ({ me }) => (me ? [userProfileOptions(me.user.uid)] : []);
