// The front door of forms/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import forms/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { formText, formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "./read-form.server";
export { type FieldErrors, validateForm } from "./validate-form.server";
