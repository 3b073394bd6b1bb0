// The contact of a booking as typed (the phone itself is checked by core/phone.ts). Pure.

/** A plain, permissive e-mail check (the API validates for real). */
export function checkEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim()) && input.trim().length <= 254;
}

/** A name as printed on the ticket: trimmed, single spaces, 1 to 100 characters. */
export function cleanName(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}
