// What the privacy policy promises about the quote form, in one place: the policy page shows
// these values and the housekeeping job enforces the retention period. Change them here (and
// the page and the job follow).

export const privacyFacts = {
  /** Quote requests are deleted this many months after they arrive. */
  leadRetentionMonths: 24,
  /**
   * The visitor's IP address is kept this long, only to limit repeated submissions: the
   * rate-limit events it lives in are pruned after a day (pruneEvents in rate-limit.server.ts).
   */
  ipRetentionHours: 24,
  /**
   * Backups are kept this long (the daily backup timer keeps the 14 newest, docs/operations.md; copies kept elsewhere follow this limit); an erased
   * request is deleted again if one of them is restored.
   */
  backupRetentionDays: 30,
  /** Longest time to answer a data subject's request (LGPD art. 19, II). */
  answerWithinDays: 15,
  /** Date of the policy's current text, ISO. */
  updatedAt: "2026-11-28",
} as const;
