/** Signing in or out from a link is a rare visit: its code stays out of the first download. */
export const loadTokenSignIn = () => import('./token-sign-in');
