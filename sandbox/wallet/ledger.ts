import type Database from 'better-sqlite3';
import type { Environment, Transaction, Wallet } from '../../contract/partner/index.ts';
import type { SimClock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { EventOwner, Outbox } from '../events/outbox.ts';
import type { PageRequest } from '../http/pagination.ts';
import { cursorBound, toPage, type Page } from '../http/pagination.ts';
import { transactionId } from '../ids.ts';
import type { Db } from '../store/db.ts';

export type TransactionType = Transaction['type'];

export interface WalletRow {
  account_id: string;
  environment: Environment;
  currency: string;
  balance_minor: number;
  credit_limit_minor: number;
  low_balance_threshold_minor: number;
  updated_at: number | null;
}

interface TransactionRow {
  seq: number;
  id: string;
  type: TransactionType;
  amount_minor: number;
  balance_after_minor: number;
  currency: string;
  booking_ref: string | null;
  reason: string | null;
  created_at: number;
}

export interface Posting {
  type: TransactionType;
  /** Signed: negative debits, positive credits. */
  amountMinor: number;
  bookingRef?: string | null;
  reason?: string | null;
}

/** One wallet per account and environment, and its statement. Every balance change is a line. */
export class Ledger {
  readonly #clock: SimClock;
  readonly #outbox: Outbox;
  readonly #wallet: Database.Statement<[string, string], WalletRow>;
  readonly #setBalance: Database.Statement<[number, number, string, string]>;
  readonly #insertLine: Database.Statement<
    [string, string, string, TransactionType, number, number, string, string | null, string | null, number]
  >;
  readonly #lines: Database.Statement<[string, string, number, number], TransactionRow>;
  readonly #post: (owner: EventOwner, posting: Posting) => TransactionRow;

  constructor(db: Db, clock: SimClock, outbox: Outbox) {
    this.#clock = clock;
    this.#outbox = outbox;
    this.#wallet = db.prepare('SELECT * FROM wallets WHERE account_id = ? AND environment = ?');
    this.#setBalance = db.prepare(
      'UPDATE wallets SET balance_minor = ?, updated_at = ? WHERE account_id = ? AND environment = ?',
    );
    this.#insertLine = db.prepare(
      `INSERT INTO transactions (id, account_id, environment, type, amount_minor, balance_after_minor, currency, booking_ref, reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#lines = db.prepare(
      `SELECT seq, id, type, amount_minor, balance_after_minor, currency, booking_ref, reason, created_at
       FROM transactions WHERE account_id = ? AND environment = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    );
    this.#post = db.transaction((owner: EventOwner, posting: Posting): TransactionRow => {
      const wallet = this.walletOf(owner);
      if (!wallet) throw new Error(`no wallet for ${owner.accountId}/${owner.environment}`);
      const now = this.#clock.now();
      const balance = wallet.balance_minor + posting.amountMinor;
      this.#setBalance.run(balance, now, owner.accountId, owner.environment);
      const row: TransactionRow = {
        seq: 0,
        id: transactionId(),
        type: posting.type,
        amount_minor: posting.amountMinor,
        balance_after_minor: balance,
        currency: wallet.currency,
        booking_ref: posting.bookingRef ?? null,
        reason: posting.reason ?? null,
        created_at: now,
      };
      const info = this.#insertLine.run(
        row.id,
        owner.accountId,
        owner.environment,
        row.type,
        row.amount_minor,
        row.balance_after_minor,
        row.currency,
        row.booking_ref,
        row.reason,
        row.created_at,
      );
      row.seq = Number(info.lastInsertRowid);
      return row;
    });
  }

  walletOf(owner: EventOwner): WalletRow | undefined {
    return this.#wallet.get(owner.accountId, owner.environment);
  }

  /** Whether a debit of `amountMinor` keeps the balance within the credit limit. */
  canAfford(wallet: WalletRow, amountMinor: number): boolean {
    return wallet.balance_minor - amountMinor >= -wallet.credit_limit_minor;
  }

  /** Adds a statement line and moves the balance (joins the caller's transaction if any). */
  post(owner: EventOwner, posting: Posting): Transaction {
    return presentTransaction(this.#post(owner, posting));
  }

  /**
   * Fires `wallet.low_balance` when an operation took the balance from above the threshold to
   * at or below it. Called once per operation, so a debit credited straight back fires nothing.
   */
  notifyIfLow(owner: EventOwner, balanceBefore: number): void {
    const wallet = this.walletOf(owner);
    if (!wallet) return;
    const threshold = wallet.low_balance_threshold_minor;
    if (balanceBefore > threshold && wallet.balance_minor <= threshold) {
      this.#outbox.emit(owner, 'wallet.low_balance', {
        environment: owner.environment,
        balance: { amount_minor: wallet.balance_minor, currency: wallet.currency },
        low_balance_threshold: { amount_minor: threshold, currency: wallet.currency },
      });
    }
  }

  transactions(owner: EventOwner, page: PageRequest): Page<Transaction> {
    const rows = this.#lines.all(owner.accountId, owner.environment, cursorBound(page), page.limit + 1);
    return toPage(rows, page, presentTransaction);
  }
}

export function presentWallet(wallet: WalletRow): Wallet {
  const money = (amount_minor: number) => ({ amount_minor, currency: wallet.currency });
  return {
    balance: money(wallet.balance_minor),
    credit_limit: money(wallet.credit_limit_minor),
    low_balance_threshold: money(wallet.low_balance_threshold_minor),
    updated_at: wallet.updated_at === null ? null : iso(wallet.updated_at),
  };
}

function presentTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amount_minor: row.amount_minor,
    balance_after_minor: row.balance_after_minor,
    currency: row.currency,
    booking_ref: row.booking_ref,
    reason: row.reason,
    created_at: iso(row.created_at),
  };
}
