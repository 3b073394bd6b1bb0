import type { AppInfo } from '../contract/counter.ts';
import type { Clock } from './clock.ts';
import type { CredentialService } from './credentials/service.ts';
import type { Handlers } from './dispatch.ts';
import type { Agent } from './journal/agents.ts';
import type { PrintRecord } from './journal/prints.ts';
import type { PrintRecorded } from './journal/entries.ts';
import type { Spooler } from './printing/spooler.ts';
import type { ReceiptData } from './selling/receipt.ts';
import type { Session } from './session.ts';

/** What every group of contract handlers may use. */
export interface CounterDeps {
  dataDir: string;
  /** The environment's services as wired now (they change when the credential changes). */
  session(): Session;
  info(): AppInfo;
  agent(): Agent;
  credentials: CredentialService;
  log: (message: string, err?: unknown) => void;
  /** Time as the services see it (e.g. which Cairo day is today). */
  clock: Clock;
}

/** What the printing services get (issue 6): the journal side of printing is done here. */
export interface PrintingDeps extends CounterDeps {
  /** Everything a receipt needs of a sale, from the journal. */
  receipt(saleId: string): ReceiptData;
  /** Journals one print job (tickets, receipt, test page); a repeat for a sale is marked as a copy. */
  recordPrint(p: PrintRecord): PrintRecorded;
  /** Where print jobs go; the operating system's spooler when not given (tests and benches pass a fake). */
  spooler?: Spooler | undefined;
}

export type HandlerGroup<K extends keyof Handlers> = Pick<Handlers, K>;
