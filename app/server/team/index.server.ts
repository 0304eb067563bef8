// The front door of team/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import team/'s files directly (docs/decisions/0083-domain-front-doors.md).
export {
  acceptFormSchema,
  acceptInvitation,
  findInvitation,
  INVITATION_HOURS,
  listPendingInvitations,
} from "./invitations.server";
export {
  changeMember,
  inviteMember,
  resendInvite,
  resetMemberSecondFactor,
  revokeInvite,
  setSecondFactorPolicy,
} from "./team-commands.server";
export { listTeamMembers } from "./team-members.server";
