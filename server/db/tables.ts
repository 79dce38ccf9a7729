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

export interface SystemDatabase {
  global_message_read: GlobalMessageReadTable;
  app_setting: AppSettingTable;
  auth_refresh_token: AuthRefreshTokenTable;
  white_label_overlay: WhiteLabelOverlayTable;
  login_log: LoginLogTable;
}

export type AppDatabase = EntityDatabase & SystemDatabase;
