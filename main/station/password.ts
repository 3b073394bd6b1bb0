// The station database's password in the OS keychain, bound to the server it was typed for: it
// is given only to the same host, port, database and user. A settings file edited to point
// elsewhere (or a supervisor changing the server) gets no password, so it cannot be collected by
// a server that asks for it in clear.
import { z } from 'zod';
import type { Keychain } from '../vault/keychain.ts';

/** The keychain account of the station database's password (the Partner API's are slots). */
export const STATION_PASSWORD_ACCOUNT = 'station-database';

export interface PasswordPlace {
  host: string;
  port: number;
  database: string;
  user: string;
}

const Bound = z.strictObject({ v: z.literal(1), host: z.string(), port: z.number(), database: z.string(), user: z.string(), password: z.string() });

const samePlace = (a: PasswordPlace, b: PasswordPlace) => a.host === b.host && a.port === b.port && a.database === b.database && a.user === b.user;

/** The password kept for exactly this place, or null (none, another place's, or one kept before passwords were bound). */
export async function passwordFor(keychain: Keychain, place: PasswordPlace): Promise<string | null> {
  const raw = await keychain.get(STATION_PASSWORD_ACCOUNT);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const bound = Bound.safeParse(parsed);
  return bound.success && samePlace(bound.data, place) ? bound.data.password : null;
}

export async function keepPassword(keychain: Keychain, place: PasswordPlace, password: string): Promise<void> {
  const { host, port, database, user } = place;
  await keychain.set(STATION_PASSWORD_ACCOUNT, JSON.stringify({ v: 1, host, port, database, user, password }));
}

export async function forgetPassword(keychain: Keychain): Promise<void> {
  await keychain.delete(STATION_PASSWORD_ACCOUNT);
}
