// Who may author a row of the station's settings stream at each point of it: the rule every
// counter applies as it folds the stream (after the row's counter signature checked out).
//  - The root of trust is the stream's start: until a supervisor with a proof key appears in it,
//    a row counter-signed by an enrolled counter stands (the first counter to connect seeds the
//    stream; a stream from before proofs goes on this way until its first supervisor proves).
//    The first agent row that makes an active supervisor with a proof key closes that door, for
//    good.
//  - From then on a row stands only when its author was, just before it, an active supervisor
//    with a proof key, and the row's proof verifies with that key. A PIN change is an agent row
//    with the new proof key (proved with the key before it); a role taken away or a supervisor
//    deactivated removes them: their later rows are refused, as are the rows of a supervisor made
//    without a PIN (no proof key) until a supervisor sets their PIN.
//  - A row whose nonce was seen before in the stream is a replay: refused at any point.
import { verifySignature } from './counter-key.ts';
import type { StationSettingRow } from './settings-stream.ts';

type Author = StationSettingRow['author'];

/** What a supervisor's proof signs: the row's signed message, for another purpose than the counter's. */
export const proofMessage = (settingMessage: string) => `shubbak-supervisor-proof-v1\n${settingMessage}`;

export class StreamAuthority {
  /** The active supervisors at this point of the stream, with their proof key (null: none yet). */
  readonly #supervisors = new Map<string, string | null>();
  /** A supervisor with a proof key has appeared: every row from then on needs a proof. */
  #proven = false;
  readonly #nonces = new Set<string>();

  get proven(): boolean {
    return this.#proven;
  }

  /** The author's proof key now (undefined: not an active supervisor now). */
  keyOf(agentId: string): string | null | undefined {
    return this.#supervisors.get(agentId);
  }

  /** Why a row must not stand at this point (its counter signature already checked), or null. */
  refusal(row: StationSettingRow, message: string): string | null {
    if (row.nonce !== null && this.#nonces.has(row.nonce)) return `row ${row.seq} replays an earlier row of the stream`;
    if (!this.#proven) return null;
    return this.#authorRefusal(row.author, row.seq) ?? (row.nonce === null ? `row ${row.seq} has no nonce` : null) ?? this.#proofRefusal(row, message);
  }

  /** Why `author` cannot publish now with a proof key `held` (its public half), or null. */
  refusalToPublish(author: Author, held: string | null): string | null {
    if (!this.#proven) return null;
    const why = this.#authorRefusal(author, null);
    if (why) return why;
    return held === this.#supervisors.get(author!.agentId) ? null : `${author!.agentName} must type their PIN on this counter again`;
  }

  /** The row stands: what it changes of who is supervisor. */
  fold(row: StationSettingRow): void {
    if (row.nonce !== null) this.#nonces.add(row.nonce);
    if (row.kind !== 'agent') return;
    if (row.value.role === 'supervisor' && row.value.active) {
      const key = row.value.proofKey ?? null;
      this.#supervisors.set(row.key, key);
      if (key !== null) this.#proven = true;
    } else {
      this.#supervisors.delete(row.key);
    }
  }

  #authorRefusal(author: Author, seq: number | null): string | null {
    const at = seq === null ? 'now' : `at row ${seq}`;
    if (!author) return `${seq === null ? 'a change' : `row ${seq}`} names no supervisor`;
    const key = this.#supervisors.get(author.agentId);
    if (key === undefined) return `${author.agentName} (${author.agentId}) is not a supervisor of the station ${at}`;
    if (key === null) return `${author.agentName} (${author.agentId}) has no PIN proof key ${at}: a supervisor sets their PIN`;
    return null;
  }

  #proofRefusal(row: StationSettingRow, message: string): string | null {
    const key = this.#supervisors.get(row.author!.agentId)!;
    if (row.proof === null) return `row ${row.seq} carries no PIN proof of ${row.author!.agentName}`;
    return verifySignature(key, proofMessage(message), row.proof) ? null : `the PIN proof of ${row.author!.agentName} on row ${row.seq} does not verify (a forged row)`;
  }
}
