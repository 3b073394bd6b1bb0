import type { HandlerGroup } from '../deps.ts';
import type { CredentialService } from './service.ts';

export function credentialHandlers(credentials: CredentialService): HandlerGroup<'credentialsStatus' | 'saveCredential' | 'removeCredential'> {
  return {
    credentialsStatus: () => credentials.status(),
    saveCredential: (a) => credentials.save(a),
    removeCredential: ({ slot }) => credentials.remove(slot),
  };
}
