// The front door of leads/: what routes, components, route-support and app/config may use
// (.dependency-cruiser.cjs, "routes-use-front-doors"). Written by `npm run doors` from their
// imports; the other domains import leads/'s files directly (docs/decisions/0083-domain-front-doors.md).
export { leadBoard, parseBoardQuery, parseBoardTab } from "./lead-board.server";
export {
  addNoteToLead,
  moveLeadOnBoard,
  removeLead,
  saveLeadFromInbox,
  saveLeadStage,
} from "./lead-commands.server";
export { leadDashboard } from "./lead-dashboard.server";
export { exportLeads, viewLead } from "./lead-recorded-reads.server";
export { contactOnWhatsapp, replyByEmail } from "./lead-reply-commands.server";
export { stageFormFields } from "./lead-stage-form.server";
export { leadTimeline } from "./lead-timeline.server";
export { getLead, leadIdFromParam, listLeadRepeats, listLeadServices, listLeads } from "./leads-admin.server";
export { removeTemplate, saveTemplate } from "./reply-template-commands.server";
export { listReplyTemplates, type ReplyTemplate, replyFacts } from "./reply-templates.server";
export { submitQuote } from "./submit-quote.server";
export { visitorConfirmationText } from "./visitor-confirmation.server";
