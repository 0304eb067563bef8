// The front door of personal-data/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Generated from their imports; the other
// domains import personal-data/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { parseDataSubject, SUBJECT_MAX_LENGTH, subjectLabel, subjectText } from "./data-subject.server";
export { erasePersonalData, exportPersonalData, findPersonalData } from "./personal-data.server";
export { erasePersonalDataOf, searchPersonalData } from "./personal-data-commands.server";
