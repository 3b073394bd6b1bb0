// A dead counter's login handed to the PC that restores it (`npm run station -- hand-over`): the
// login bound to the counter's id gets a new password (printed once, for the new PC's Settings →
// Station), the settings it gave itself are reset, and its open sessions are ended, so the old PC,
// if it comes back, can neither sign in nor keep a session that writes. A fresh PC linked with a
// login bound to another counter links to restore that counter (main/station/restore-link.ts); the
// counter's lease is still taken only as claim_counter allows (release-counter, or 15 minutes of
// the old PC's silence).
import type pg from 'pg';
import { endSessions, inTransaction, newLoginPassword, scramVerifier } from './admin.ts';

export interface HandedOver {
  login: string;
  password: string;
  /** The login's sessions ended (null: this owner may not end them; they keep their rights until they disconnect). */
  ended: number | null;
}

export async function handOverCounter(pool: pg.Pool, counterId: string): Promise<HandedOver> {
  const password = newLoginPassword();
  const login = await inTransaction(pool, async (c) => {
    const { rows } = await c.query<{ login: string | null; revoked_at: Date | null; retired_at: Date | null }>(
      'SELECT c.login, c.revoked_at, l.retired_at FROM counters c LEFT JOIN counter_leases l ON l.counter_id = c.id WHERE c.id = $1 FOR UPDATE OF c',
      [counterId],
    );
    const row = rows[0];
    if (!row) throw new Error(`no counter ${counterId} in this database`);
    if (row.revoked_at) throw new Error(`counter ${counterId} was revoked: no PC may write for it again`);
    if (row.retired_at) throw new Error(`counter ${counterId} was retired (Replace): no PC may write for it again`);
    if (!row.login) throw new Error(`counter ${counterId} has no login of its own (the database's owner registered it): the new PC links with the owner's login to restore it`);
    const role = c.escapeIdentifier(row.login);
    await c.query(`ALTER ROLE ${role} PASSWORD ${c.escapeLiteral(scramVerifier(password))}`);
    // what the login set on itself in the wrong hands (ALTER ROLE … SET statement_timeout = 1) would follow it to the new PC
    await c.query(`ALTER ROLE ${role} RESET ALL`);
    const { rows: db } = await c.query<{ name: string }>('SELECT current_database() AS name');
    await c.query(`ALTER ROLE ${role} IN DATABASE ${c.escapeIdentifier(db[0]!.name)} RESET ALL`);
    return row.login;
  });
  return { login, password, ended: await endSessions(pool, login) };
}
