import type { ColumnType, Generated, Selectable } from "kysely";
import type { IconName } from "~/lib/icon-names";
import type { LeadStatus, LostReason } from "~/lib/lead-status";
import type { PostStatus } from "~/lib/post-status";

// Row types as queries see them. Timestamps are ISO-8601 text with a `Z` on both engines:
// SQLite stores the text the application writes, and PostgreSQL's timestamptz is turned into
// the same text where rows come back (connection.server.ts). Booleans are 0/1 on SQLite, so
// repositories read flags with Boolean().

type Timestamp = string;
type OptionalTimestamp = string | null;
type Flag = ColumnType<boolean | number, boolean, boolean>;

export interface CategoriesTable {
  id: string;
  name: string;
  slug: string;
  created_at: Timestamp;
}

export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category_id: string;
  status: PostStatus;
  featured: Flag;
  read_time: number;
  author_id: string | null;
  published_at: OptionalTimestamp;
  featured_image_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When a scheduled post goes live (migration 0010); null unless status is 'scheduled'. */
  scheduled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** SEO (migration 0013): what search results and shared cards show instead of the defaults. */
  meta_title: ColumnType<string | null, string | null | undefined, string | null>;
  meta_description: ColumnType<string | null, string | null | undefined, string | null>;
  social_image_url: ColumnType<string | null, string | null | undefined, string | null>;
  noindex: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Counts the saves (migration 0014): a save names the version it edited. */
  version: ColumnType<number, number | undefined, number>;
}

/** How a revision came to be. */
export type PostRevisionKind = "save" | "autosave" | "restore";

/** A post's saved fields at one version (migration 0014); the last 50 per post are kept. */
export interface PostRevisionsTable {
  id: string;
  post_id: string;
  version: number;
  kind: PostRevisionKind;
  author_id: string | null;
  /** For a restore: when the restored revision was saved. */
  restored_from: OptionalTimestamp;
  created_at: Timestamp;
  title: string;
  excerpt: string;
  content: string;
  category_id: string;
  status: PostStatus;
  featured: Flag;
  read_time: number;
  featured_image_url: string | null;
  scheduled_at: string | null;
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
  noindex: Flag;
}

/** A permanent redirect (migration 0013): one path of this site to another. */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  created_at: ColumnType<Timestamp, string | undefined, never>;
}

/** A blog post as read back: the shape the admin's list and editor pick from. */
export type Post = Selectable<BlogPostsTable>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'admin' (Administrador) or 'editor' (Editor); see app/server/auth/roles.ts. */
  role: ColumnType<string, string | undefined, string>;
  /** Set while the account is deactivated: it cannot sign in and has no sessions. */
  deactivated_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  last_sign_in_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** An invitation to join the team; only the token's SHA-256 is kept. */
export interface InvitationsTable {
  id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** A 'forgot my password' link; only the token's SHA-256 is kept. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  /** One-time toast (JSON) shown on the next page the session sees. */
  flash: string | null;
  /** The browser's User-Agent at sign-in, cut to 300 characters (migration 0018). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's address at sign-in (migration 0018). */
  ip_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the user last typed a password or a second factor in this session (migration 0021). */
  authenticated_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** A user's TOTP secret; usable for sign-in once confirmed with a code. */
export interface TotpSecretsTable {
  user_id: string;
  /** Encrypted (AES-256-GCM, site secret): `totp1:…` (second-factor-secrets.server.ts). */
  secret: string;
  confirmed_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** The last 30-second step a code was accepted for: a code works once. */
  last_used_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** A single-use recovery code; only a salted, keyed hash is kept (`rc1:…`). */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** A sign-in waiting for its second factor; only the token's SHA-256 is kept. */
export interface PendingSignInsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A WebAuthn credential (passkey); `id` is the credential id in base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  name: string;
  public_key: Uint8Array;
  counter: ColumnType<number | string, number | undefined, number>;
  /** JSON array of the authenticator's transports. */
  transports: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_used_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

/** A challenge handed to the browser for one passkey ceremony (single-use, short-lived). */
export interface WebauthnChallengesTable {
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: Timestamp;
}

export interface RateLimitEventsTable {
  id: string;
  bucket: string;
  created_at: Timestamp;
}

export type MediaSource = "upload" | "ai";

export interface MediaTable {
  id: string;
  /** Content hash: part of every file URL, so the URLs can be cached forever. */
  hash: string;
  width: number;
  height: number;
  source: MediaSource;
  uploaded_by: string | null;
  created_at: Timestamp;
  /** What the library shows and searches: the uploaded file's name (editable). */
  name: ColumnType<string, string | undefined, string>;
  /** The owner's description of the image for people who cannot see it; "" when unwritten. */
  alt: ColumnType<string, string | undefined, string>;
  /** The encodings its variants exist in, space-separated ("avif webp"; older images "webp"). */
  formats: ColumnType<string, string | undefined, string>;
  /** Name and alt, lower-cased and without accents, for the library's search. */
  search_text: ColumnType<string, string | undefined, string>;
}

/** One variant of an image: one per format (content type) and width. */
export interface MediaFilesTable {
  media_id: string;
  width: number;
  height: number;
  content_type: string;
  bytes: Uint8Array;
  byte_length: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface LeadsTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  condominium: string;
  service: string;
  message: string;
  status: LeadStatus;
  note: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Where it came from (migration 0016); null when unknown. */
  source_page: ColumnType<string | null, string | null | undefined, string | null>;
  source_referrer_host: ColumnType<string | null, string | null | undefined, string | null>;
  utm_source: ColumnType<string | null, string | null | undefined, string | null>;
  utm_medium: ColumnType<string | null, string | null | undefined, string | null>;
  utm_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  source_post_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The pipeline (migration 0025): why it was lost, when status is 'perdido'. */
  lost_reason: ColumnType<LostReason | null, LostReason | null | undefined, LostReason | null>;
  /** The proposal's value and the closed value, in integer centavos (R$ 1,00 = 100). */
  proposal_value_cents: ColumnType<number | null, number | null | undefined, number | null>;
  closed_value_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the team first answered (a reply, a WhatsApp contact or a move out of 'novo'). */
  first_response_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the request last changed stage (the board lists the latest moves first). */
  stage_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The number the visitor is shown (migration 0031), from the 'lead_number' counter; null only
   * for a row written outside saveLead (a test's or a script's insert).
   */
  number: ColumnType<number | null, number | null | undefined, number | null>;
  /** The first request, when this one repeats it (same contact and request, within minutes). */
  repeat_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** The form token it was sent with: a re-post of the same form is recognised by it. */
  form_token: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Named counters that only grow (migration 0031): 'lead_number'. */
export interface CountersTable {
  name: string;
  value: number;
}

/** What a request's timeline records besides its arrival. */
export type LeadEventKind = "stage" | "note" | "email_reply" | "whatsapp";

/** One entry of a request's timeline (migration 0025); deleted with the request. */
export interface LeadEventsTable {
  id: string;
  lead_id: string;
  kind: LeadEventKind;
  from_stage: LeadStatus | null;
  to_stage: LeadStatus | null;
  /** A note's text, a reply's text (e-mail: subject, blank line, body). */
  body: string | null;
  /** JSON: a stage change's values and lost reason, a reply's template. */
  details: string | null;
  /** A reply by e-mail: its outbox row, to show whether it went. */
  outbox_id: string | null;
  user_id: string | null;
  /** Who did it, as named then (the account may be removed since). */
  user_name: string | null;
  created_at: Timestamp;
}

export type ReplyChannel = "email" | "whatsapp";

/** The owner's reply texts with {nome}, {servico}, {empresa}, {telefone} (migration 0025). */
export interface ReplyTemplatesTable {
  id: string;
  channel: ReplyChannel;
  name: string;
  subject: string;
  body: string;
  /** The stage it is written for, offered first to a request there (migration 0030); null: any. */
  stage: ColumnType<LeadStatus | null, LeadStatus | null | undefined, LeadStatus | null>;
  position: number;
  updated_at: Timestamp;
}

/** A São Paulo day whose digest of unanswered requests was handled (sent, or nothing to send). */
export interface LeadDigestsTable {
  day: string;
  lead_count: number;
  sent_at: Timestamp;
}

/** A job that runs once across instances (migration 0029): its claim and its last run. */
export interface JobsTable {
  name: string;
  next_run_at: Timestamp;
  /** Until when the instance named in `owner` holds the run it claimed (null: nobody). */
  lease_until: OptionalTimestamp;
  owner: string | null;
  last_run_at: OptionalTimestamp;
  last_success_at: OptionalTimestamp;
  /** The last run's error; null when it succeeded. */
  last_error: string | null;
  last_duration_ms: number | null;
  /** Failed runs in a row (0 after a success). */
  attempts: ColumnType<number, number | undefined, number>;
}

/** A quote request as read back: the one lead shape the inbox and the e-mail pick from. */
export type Lead = Selectable<LeadsTable>;

export interface OutboxTable {
  id: string;
  kind: string;
  lead_id: string | null;
  /** JSON. */
  payload: string;
  attempts: number;
  next_attempt_at: Timestamp;
  locked_until: OptionalTimestamp;
  last_error: string | null;
  sent_at: OptionalTimestamp;
  created_at: Timestamp;
  /**
   * A message carrying a single-use link (migration 0022): when the link dies. The worker never
   * sends it after that, and housekeeping deletes it; null for messages without a link.
   */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** LGPD erasures of quote requests: the id and hashes, never the data (lead-erasures.server.ts). */
export interface LeadErasuresTable {
  lead_id: string;
  /** HMAC-SHA-256 (hex, site secret) of the SHA-256 of the e-mail, trimmed and lower-cased. */
  email_hash: string;
  /** HMAC-SHA-256 (hex, site secret) of the SHA-256 of the phone's digits. */
  phone_hash: string;
  erased_at: Timestamp;
}

/** Other rows an LGPD erasure deleted, by table and id (migration 0022): a restore deletes them again. */
export interface ErasedRowsTable {
  table_name: string;
  row_id: string;
  erased_at: Timestamp;
}

/** What an LGPD request in the admin did (personal-data-requests.server.ts). */
export type PersonalDataAction = "export" | "erasure";

/** An LGPD export or erasure made in the admin (migration 0020): hashes and counts only. */
export interface PersonalDataRequestsTable {
  id: string;
  action: PersonalDataAction;
  /** 'email', 'phone' or 'name': what the person was found by. */
  subject_kind: string;
  /** Keyed hash (as lead_erasures') of the e-mail, the phone's national digits or the name. */
  subject_hash: string;
  /** JSON: records found (export) or deleted (erasure) per kind, e.g. {"leads":2}. */
  counts: string;
  /** Who made it; null once that account is removed. */
  user_id: string | null;
  created_at: Timestamp;
}

/**
 * A service of /servicos (and, when `show_on_home`, a card on the home page). `slug` is the
 * anchor on /servicos that links point at, so it stays when the title changes. The picture is
 * an image of the media library (`picture_media_id`) or an illustration shipped with the site
 * (`picture_path` with its size), or neither.
 */
export interface ServicesTable {
  id: string;
  slug: string;
  icon: IconName;
  title: string;
  /** The home card's text. */
  summary: string;
  /** The text on /servicos. */
  details: string;
  /** JSON array of strings: the bullet list on /servicos. */
  features: string;
  picture_media_id: string | null;
  picture_path: string | null;
  picture_width: number | null;
  picture_height: number | null;
  picture_alt: string;
  /** Order on /servicos and in the footer. */
  position: number;
  show_on_home: Flag;
  /** Order among the home page's cards (its own: the home page leads with other services). */
  home_position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One of the home page's numbers ("200+", "Obras realizadas"). */
export interface StatsTable {
  id: string;
  value: string;
  label: string;
  position: number;
  updated_at: Timestamp;
}

/** One of the home page's reasons to choose the company. */
export interface ReasonsTable {
  id: string;
  icon: IconName;
  title: string;
  description: string;
  position: number;
  updated_at: Timestamp;
}

/** A client's testimonial; only visible ones are public. */
export interface TestimonialsTable {
  id: string;
  author: string;
  /** Role or building, e.g. "Síndica, Condomínio Residencial Jardim Botânico". */
  role: string;
  quote: string;
  position: number;
  visible: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A finished (or running) work of the portfolio: /obras lists the published ones in
 * `position` order (0 first) and each has its page /obras/{slug}. The cover is an image of
 * the media library (`cover_media_id`) or an illustration shipped with the site
 * (`cover_path` with its size), or neither.
 */
export interface WorksTable {
  id: string;
  slug: string;
  title: string;
  /** The title lower-cased and without accents, for the admin's search (`foldForSearch`). */
  search_text: string;
  neighbourhood: ColumnType<string, string | undefined, string>;
  city: ColumnType<string, string | undefined, string>;
  /** Free text: "2024" or "mar. a jun. 2024". */
  period: ColumnType<string, string | undefined, string>;
  /** "Residencial", "Comercial"… */
  building_type: ColumnType<string, string | undefined, string>;
  /** JSON array of strings: the services performed, as a list. */
  services: ColumnType<string, string | undefined, string>;
  /** Plain text, paragraphs separated by blank lines. */
  description: ColumnType<string, string | undefined, string>;
  /** The "Em execução" badge. */
  in_progress: Flag;
  published: Flag;
  position: number;
  cover_media_id: string | null;
  cover_path: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: OptionalTimestamp;
}

/** One photo of a work's gallery: a library image (`media_id`) or a shipped file (`path`). */
export interface WorkPhotosTable {
  id: string;
  work_id: string;
  position: number;
  title: ColumnType<string, string | undefined, string>;
  alt: ColumnType<string, string | undefined, string>;
  media_id: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
}

/** An optional before/after pair of a work; each side is a library image or a shipped file. */
export interface WorkPairsTable {
  id: string;
  work_id: string;
  position: number;
  title: ColumnType<string, string | undefined, string>;
  before_media_id: string | null;
  before_path: string | null;
  before_width: number | null;
  before_height: number | null;
  before_alt: ColumnType<string, string | undefined, string>;
  after_media_id: string | null;
  after_path: string | null;
  after_width: number | null;
  after_height: number | null;
  after_alt: ColumnType<string, string | undefined, string>;
}

/** SQLite only: public-content changes announced by triggers (PostgreSQL uses NOTIFY). */
export interface ContentChangesTable {
  id: ColumnType<number, never, never>;
  /** Space-separated render-cache tags. */
  tags: string;
  created_at: ColumnType<string, never, never>;
}

/**
 * The admin lists' search text of a post (title, excerpt) or a quote request (name, e-mail,
 * phone, message): lower case without accents, written by triggers (migration 0012).
 */
export interface AdminPostSearchTable {
  post_id: string;
  text: string;
}

export interface AdminLeadSearchTable {
  lead_id: string;
  text: string;
}

/** A secret link that shows a post's current draft to anyone who has it (migration 0010). */
export interface PostShareLinksTable {
  id: string;
  post_id: string;
  /** SHA-256 of the token, hex: the token itself is only ever in the link. */
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: OptionalTimestamp;
}

/** One audited action (migration 0019); the application only inserts. */
export interface AuditLogTable {
  id: string;
  at: Timestamp;
  /** Null for a failed sign-in, or an action nobody signed in did. */
  user_id: string | null;
  /** The user's e-mail when it happened (the account may be gone since). */
  user_email: string | null;
  /** Dotted code, e.g. `post.publish`, `lead.view`, `signin.failure`. */
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip_address: string | null;
  /** JSON: what changed (field names, before/after); never secrets nor a lead's full data. */
  details: string | null;
  /** The e-mail or phone the entry names, lowercased, for the LGPD tool. */
  subject: string | null;
}

/** Visit counting's daily salt (migration 0024): deleted once its São Paulo day has ended. */
export interface VisitSaltsTable {
  /** São Paulo date, "2026-11-25". */
  day: string;
  salt: string;
}

/** The dimensions every visit aggregate has ('' for none, never NULL: they are keys). */
interface VisitDimensions {
  /** São Paulo date, "2026-11-25". */
  day: string;
  /** The page's path, without its query ("/blog/um-post"). */
  page: string;
  /** The external site that sent the visitor, or INTERNAL_REFERRER for a click within the site. */
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

/** Page views per day and dimensions (migration 0024). */
export interface VisitCountsTable extends VisitDimensions {
  /** "celular", "tablet" or "computador". */
  device: string;
  views: number;
}

/** The day's distinct visitor hashes with the dimensions each was seen with; gone with the salt. */
export interface VisitVisitorsTable extends VisitDimensions {
  visitor_hash: string;
}

/** A finished day's unique visitors: 'site' (all dimensions ''), 'page' (page set), 'source'. */
export interface VisitUniquesTable extends VisitDimensions {
  grouping: "site" | "page" | "source";
  visitors: number;
}

/** Taps on the contact links per day and dimensions (migration 0024). */
export interface ContactTapsTable extends VisitDimensions {
  /** "whatsapp", "telefone" or "email". */
  kind: string;
  taps: number;
}

/** The day's visitor hashes of the contact taps (migration 0027): one tap per visitor, kind and page. */
export interface ContactTapVisitorsTable {
  day: string;
  visitor_hash: string;
  kind: string;
  page: string;
}

export interface Database {
  categories: CategoriesTable;
  blog_posts: BlogPostsTable;
  users: UsersTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  sessions: SessionsTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  rate_limit_events: RateLimitEventsTable;
  media: MediaTable;
  media_files: MediaFilesTable;
  settings: SettingsTable;
  leads: LeadsTable;
  lead_events: LeadEventsTable;
  reply_templates: ReplyTemplatesTable;
  lead_digests: LeadDigestsTable;
  counters: CountersTable;
  jobs: JobsTable;
  outbox: OutboxTable;
  content_changes: ContentChangesTable;
  lead_erasures: LeadErasuresTable;
  erased_rows: ErasedRowsTable;
  personal_data_requests: PersonalDataRequestsTable;
  services: ServicesTable;
  stats: StatsTable;
  reasons: ReasonsTable;
  testimonials: TestimonialsTable;
  works: WorksTable;
  work_photos: WorkPhotosTable;
  work_pairs: WorkPairsTable;
  admin_post_search: AdminPostSearchTable;
  admin_lead_search: AdminLeadSearchTable;
  post_share_links: PostShareLinksTable;
  redirects: RedirectsTable;
  post_revisions: PostRevisionsTable;
  audit_log: AuditLogTable;
  visit_salts: VisitSaltsTable;
  visit_counts: VisitCountsTable;
  visit_visitors: VisitVisitorsTable;
  visit_uniques: VisitUniquesTable;
  contact_taps: ContactTapsTable;
  contact_tap_visitors: ContactTapVisitorsTable;
}
