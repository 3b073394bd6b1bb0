import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function credentialHandlers(d: CounterDeps): HandlerGroup<'credentialsStatus' | 'saveCredential' | 'removeCredential'> {
  return {
    credentialsStatus: () => d.credentials.status(),
    saveCredential: (a) => d.credentials.save(a),
    removeCredential: ({ slot }) => d.credentials.remove(slot),
  };
}
