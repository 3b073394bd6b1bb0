import { z } from 'zod';
import type { CounterEnvironment } from './counter.ts';

// The station's PostgreSQL as the counter sees it: where it is (the password goes to the OS
// keychain, never to a file) and how shipping this counter's journal to it stands.

export const StationConnectionInput = z.strictObject({
  stationId: z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/, 'lower-case letters, digits, - and _'),
  stationName: z.string().trim().min(1).max(80),
  host: z.string().trim().min(1).max(255),
  port: z.int().min(1).max(65_535),
  database: z.string().trim().min(1).max(63),
  user: z.string().trim().min(1).max(63),
  /** Absent keeps the one in the keychain (or none: trust/peer authentication). */
  password: z.string().min(1).max(500).optional(),
  tls: z.boolean(),
  /**
   * With TLS, check the server's certificate (the default). Off: encrypted without the check, as
   * PostgreSQL's sslmode=require, for a station server with its own self-signed certificate.
   */
  tlsVerify: z.boolean().optional(),
  /**
   * The certificate authority (PEM) the server's certificate is checked against, for a station
   * with its own authority; absent: the system's. A public certificate, kept in the settings file.
   */
  tlsCa: z.string().max(20_000).regex(/-----BEGIN CERTIFICATE-----/, 'a PEM certificate').optional(),
});
export type StationConnectionInput = z.infer<typeof StationConnectionInput>;

export interface StationStatus {
  /** Not set up: the counter keeps its journal alone (the default). */
  configured: boolean;
  /** This counter's id, which the administrator enrols (`npm run station -- enrol --counter`). */
  counterId: string;
  station: { id: string; name: string } | null;
  connection: { host: string; port: number; database: string; user: string; tls: boolean; tlsVerify: boolean; hasPassword: boolean; hasCa?: boolean } | null;
  /** This counter's key fingerprint, to compare with what `npm run station -- enrol` printed (null: not made yet). */
  keyFingerprint?: string | null;
  /** This counter's public key (base64), which the administrator enrols (`enrol --key`). */
  publicKey?: string | null;
  /** The journal environment the station database takes (set when it was connected). */
  environment: CounterEnvironment | null;
  /**
   * Linked with another counter's login (`npm run station -- hand-over`) to restore that counter on
   * this new PC (Settings → Journal → Restore this counter): nothing is shipped until it is restored.
   */
  restoring?: string | null;
  /**
   * `synced` / `shipping`: fine; `offline`: entries kept and shipped when it is back;
   * `stopped`: the database refused this counter's journal (a supervisor must look);
   * `other_environment`: the counter runs in another environment than the station database's.
   */
  shipping: 'off' | 'synced' | 'shipping' | 'offline' | 'stopped' | 'other_environment';
  backlog: number;
  lastShippedAt: string | null;
  lastError: string | null;
  /** Counters of the station whose journal the station database refused: an alarm on every supervisor's screen. */
  stoppedCounters: { counterId: string; reason: string; stoppedAt: string }[];
  /** The station-wide settings (agents, markup rules, station name) received from it; null when not linked. */
  settings: StationSettingsState | null;
  /** The link's file was changed outside the app (another server, another station): not linked until a supervisor connects again. */
  changedOutside?: true;
}

/** One side of a concurrent edit: which counter, who, when, and its place in the station's order. */
export interface StationSettingSide {
  counterId: string;
  agentName: string | null;
  at: string;
  seq: number;
}

/** Two supervisors changed the same thing at once: the database ordered them and the later one stands. */
export interface StationSettingNotice {
  kind: 'agent' | 'markup_rule' | 'station_name';
  key: string;
  /** The agent's or the station's name, or the rule's id. */
  subject: string;
  standing: StationSettingSide;
  replaced: StationSettingSide;
  /** Which side is this counter's. */
  yours: 'standing' | 'replaced';
}

export interface StationSettingsState {
  /** `current`: as the station says; `offline`: the last settings received stay, changes wait. */
  state: 'current' | 'offline' | 'other_environment';
  appliedSeq: number;
  lastReceivedAt: string | null;
  lastError: string | null;
  notices: StationSettingNotice[];
  /** A row of the stream that did not verify (forged or unsigned): refused, nothing after it applied until the administrator sets it aside; an alarm for every supervisor. */
  refused: StationSettingRefusal | null;
}

export interface StationSettingRefusal {
  seq: number;
  counterId: string;
  reason: string;
  /** What the station's administrator runs to set the row aside, so that the rows after it apply (`npm run station -- set-aside-setting …`). */
  command: string;
}
