/**
 * One small interface for where sessions live: a SQLite file by default, Redis when the gateway
 * runs on several machines. Records are opaque JSON with an absolute expiry (epoch ms); a record
 * past its expiry is never returned.
 */
export interface SessionRecordStore {
  get(id: string): Promise<Record<string, unknown> | undefined>;
  set(id: string, data: Record<string, unknown>, expiresAt: number): Promise<void>;
  destroy(id: string): Promise<void>;
  close(): Promise<void>;
}

export type Clock = () => number;
