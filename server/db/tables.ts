import type { Generated } from 'kysely';
import type { EntityDatabase } from '../generated/db';

// Tables that are not entities: sessions, settings, overlays, logs. Their migrations are
// hand-written in server/db/system-migrations/.

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface AuthRefreshTokenTable {
  pk: Generated<number>;
  token_hash: string;
  family: string;
  user_pk: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The successor token of a rotated one, sealed with a key derived from the rotated token. */
  successor_sealed: string | null;
}

export interface WhiteLabelOverlayTable {
  pk: Generated<number>;
  white_label: number;
  target: string;
  version: number;
  ops: unknown;
  comment: string | null;
  author: number | null;
  created_at: string;
}

export interface LoginLogTable {
  pk: Generated<number>;
  user_pk: number;
  white_label: number | null;
  ip: string | null;
  created_at: string;
}

export interface GlobalMessageReadTable {
  pk: Generated<number>;
  message: number;
  user_pk: number;
  read_at: string;
}

/** A job of the scheduled-job runner (server/jobs/, ADR 0006); instants are ISO text in UTC. */
export interface ScheduledJobTable {
  pk: Generated<number>;
  kind: string;
  /** JSON text. */
  payload: Generated<string>;
  run_at: string;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  dedupe_key: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
}

/** An uploaded file not yet attached to a record (server/operations/file-fields.ts). */
export interface FileUploadTable {
  pk: Generated<number>;
  file_key: string;
  entity: string;
  property: string;
  /** Who uploaded it; null for an anonymous caller. */
  user_pk: number | null;
  name: string;
  size: number;
  content_type: string;
  created_at: string;
}

/**
 * A statistics workbook built in the background and mailed (server/modules/follow-up/
 * statistics-export-job.ts); instants are ISO text in UTC.
 */
export interface FacStatisticsExportTable {
  pk: Generated<number>;
  user_pk: number;
  project: number;
  /** The selection as the request gave it (JSON text), parsed again, with rights, when built. */
  query: Generated<string>;
  white_label: number | null;
  /** The site address the mailed link starts with. */
  origin: string;
  status: Generated<'queued' | 'building' | 'sent' | 'failed'>;
  /** 0–100, written as the build goes. */
  progress: Generated<number>;
  /** The French message shown when it failed. */
  error: string | null;
  file_key: string | null;
  file_name: string | null;
  /** SHA-256 of the secret of the mailed link (the secret itself is only in the mail). */
  token_hash: string | null;
  email: string | null;
  created_at: string;
  finished_at: string | null;
  /** After this instant the file is deleted and the link answers « expiré ». */
  expires_at: string | null;
}

/** One transition run on a record of an entity that has a workflow (server/modules/workflow/). */
export interface WorkflowHistoryTable {
  pk: Generated<number>;
  entity: string;
  record_pk: number;
  transition: string;
  from_state: string;
  to_state: string;
  /** Null when the scheduler ran it. */
  actor: number | null;
  created_at: string;
}

/** One change of an account's identity attributes (server/hooks/user-identity.ts). */
export interface AccountIdentityLogTable {
  pk: Generated<number>;
  user_pk: number;
  /** The property: email, isActive, userType, group. */
  field: string;
  old_value: string | null;
  new_value: string | null;
  /** Who made the change (the account itself when it confirms a new e-mail). */
  actor: number | null;
  created_at: string;
}

export interface SystemDatabase {
  account_identity_log: AccountIdentityLogTable;
  fac_statistics_export: FacStatisticsExportTable;
  workflow_history: WorkflowHistoryTable;
  file_upload: FileUploadTable;
  scheduled_job: ScheduledJobTable;
  global_message_read: GlobalMessageReadTable;
  app_setting: AppSettingTable;
  auth_refresh_token: AuthRefreshTokenTable;
  white_label_overlay: WhiteLabelOverlayTable;
  login_log: LoginLogTable;
}

export type AppDatabase = EntityDatabase & SystemDatabase;
