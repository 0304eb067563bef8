import type { Migration, MigrationProvider } from "kysely/migration";
import * as blog from "./0001-blog.server.ts";
import * as admin from "./0002-admin.server.ts";
import * as leads from "./0003-leads.server.ts";
import * as contentChanges from "./0004-content-changes.server.ts";
import * as leadErasures from "./0005-lead-erasures.server.ts";
import * as mediaLibrary from "./0006-media-library.server.ts";
import * as companySettings from "./0007-company-settings.server.ts";
import * as servicesAndHome from "./0008-services-and-home.server.ts";
import * as works from "./0009-works.server.ts";
import * as postScheduling from "./0010-post-scheduling.server.ts";
import * as blogSearch from "./0011-blog-search.server.ts";
import * as adminLists from "./0012-admin-lists.server.ts";
import * as postSeoAndRedirects from "./0013-post-seo-and-redirects.server.ts";
import * as postRevisions from "./0014-post-revisions.server.ts";
import * as teamAccounts from "./0015-team-accounts.server.ts";
import * as leadSources from "./0016-lead-sources.server.ts";
import * as secondFactors from "./0017-second-factors.server.ts";
import * as sessionDevices from "./0018-session-devices.server.ts";
import * as auditLog from "./0019-audit-log.server.ts";
import * as personalDataRequests from "./0020-personal-data-requests.server.ts";
import * as sessionAuthenticationTime from "./0021-session-authentication-time.server.ts";
import * as erasureEverywhere from "./0022-erasure-everywhere.server.ts";
import * as sqliteToolsCompatible from "./0023-sqlite-tools-compatible.server.ts";
import * as visitCounts from "./0024-visit-counts.server.ts";
import * as leadPipeline from "./0025-lead-pipeline.server.ts";
import * as visitReportIndexes from "./0026-visit-report-indexes.server.ts";
import * as contactTapVisitors from "./0027-contact-tap-visitors.server.ts";
import * as secretPageLabels from "./0028-secret-page-labels.server.ts";
import * as jobs from "./0029-jobs.server.ts";
import * as replyTemplateStages from "./0030-reply-template-stages.server.ts";
import * as leadNumbersAndRepeats from "./0031-lead-numbers-and-repeats.server.ts";

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
const migrations: Record<string, Migration> = {
  "0001-blog": blog,
  "0002-admin": admin,
  "0003-leads": leads,
  "0004-content-changes": contentChanges,
  "0005-lead-erasures": leadErasures,
  "0006-media-library": mediaLibrary,
  "0007-company-settings": companySettings,
  "0008-services-and-home": servicesAndHome,
  "0009-works": works,
  "0010-post-scheduling": postScheduling,
  "0011-blog-search": blogSearch,
  "0012-admin-lists": adminLists,
  "0013-post-seo-and-redirects": postSeoAndRedirects,
  "0014-post-revisions": postRevisions,
  "0015-team-accounts": teamAccounts,
  "0016-lead-sources": leadSources,
  "0017-second-factors": secondFactors,
  "0018-session-devices": sessionDevices,
  "0019-audit-log": auditLog,
  "0020-personal-data-requests": personalDataRequests,
  "0021-session-authentication-time": sessionAuthenticationTime,
  "0022-erasure-everywhere": erasureEverywhere,
  "0023-sqlite-tools-compatible": sqliteToolsCompatible,
  "0024-visit-counts": visitCounts,
  "0025-lead-pipeline": leadPipeline,
  "0026-visit-report-indexes": visitReportIndexes,
  "0027-contact-tap-visitors": contactTapVisitors,
  "0028-secret-page-labels": secretPageLabels,
  "0029-jobs": jobs,
  "0030-reply-template-stages": replyTemplateStages,
  "0031-lead-numbers-and-repeats": leadNumbersAndRepeats,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
