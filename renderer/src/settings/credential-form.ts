// What the credential form can tell before anything is sent. Main decides: it checks the
// credential with the Partner API and validates the base URL; these only shape the warnings.

export type CredentialKind = 'LIVE' | 'SANDBOX' | 'UNKNOWN';

/** Live or sandbox, from the prefixes partner-api.md gives (cid_live_ / sk_live_ …). */
export function credentialKind(clientId: string, clientSecret = ''): CredentialKind {
  const id = clientId.trim();
  const secret = clientSecret.trim();
  if (id.startsWith('cid_live_') || secret.startsWith('sk_live_')) return 'LIVE';
  if (id.startsWith('cid_sandbox_') || secret.startsWith('sk_sandbox_')) return 'SANDBOX';
  return 'UNKNOWN';
}

export interface CredentialDraft {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

/** Every field filled in (main trims and validates the rest). */
export function isComplete(d: CredentialDraft): boolean {
  return d.clientId.trim() !== '' && d.clientSecret.trim() !== '' && d.baseUrl.trim() !== '';
}
