// The front door of personal-data/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import personal-data/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { parseDataSubject, SUBJECT_MAX_LENGTH } from "./data-subject.server";
export { exportPersonalData } from "./personal-data.server";
export { erasePersonalDataOf, searchPersonalData } from "./personal-data-commands.server";
