// The front door of accounts/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import accounts/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  addOwnPasskey,
  changeOwnPassword,
  confirmIdentity,
  removeOwnPasskey,
  turnOffTwoFactor,
  turnOnTwoFactor,
} from "./account-commands.server";
export { assertSameOrigin, UNAUTHORIZED_MESSAGE } from "./cross-site.server";
export { endDevice, endOtherDevices } from "./device-commands.server";
export { attemptLogin } from "./login.server";
export { finishPasskeySignIn, passkeySignInOptions, readPasskeyStep } from "./passkey-sign-in.server";
export { countPasskeys, listPasskeys, registrationOptions } from "./passkeys.server";
export {
  findPasswordReset,
  forgotFormSchema,
  newPasswordSchema,
  RESET_LIMITED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from "./password-resets.server";
export { clearPendingSignInCookie, readPendingSignIn } from "./pending-sign-in.server";
export {
  hasRecentAuthentication,
  REAUTHENTICATION_REQUIRED_MESSAGE,
  recentAuthenticationUntil,
} from "./recent-authentication.server";
export {
  completePasskeySecondStep,
  completeSecondFactor,
  PENDING_EXPIRED_MESSAGE,
} from "./second-factor.server";
export {
  lacksRequiredSecondFactor,
  opensWithoutSecondFactor,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECOND_FACTOR_SETUP_PATH,
  secondFactorRequired,
} from "./second-factor-policy.server";
export {
  type CurrentSession,
  createSession,
  destroySession,
  getSession,
  listUserSessions,
  setFlash,
  takeFlash,
} from "./sessions.server";
export { signOut } from "./sign-out.server";
export { pendingTotpSetup, startTotpSetup, totpStatus, unusedRecoveryCodes } from "./totp.server";
