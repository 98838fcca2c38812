import { lazyResolver } from "../../components/lazyResolver";

const load = () => import("./resolvers");

export const signInResolver = lazyResolver(() => load().then((m) => m.signInResolver));
export const signUpResolver = lazyResolver(() => load().then((m) => m.signUpResolver));
export const forgotPasswordResolver = lazyResolver(() => load().then((m) => m.forgotPasswordResolver));
export const resetPasswordResolver = lazyResolver(() => load().then((m) => m.resetPasswordResolver));
