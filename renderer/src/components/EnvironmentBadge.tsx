import type { CounterEnvironment } from '../../../contract/counter.ts';
import { useT } from '../i18n/index.ts';

/** Always on screen: which money this counter is moving. */
export function EnvironmentBadge({ environment }: { environment: CounterEnvironment }) {
  const t = useT();
  return (
    <span
      className={`env-badge env-${environment.toLowerCase()}`}
      role="status"
      data-testid="environment"
      data-environment={environment}
      title={t(`env.${environment}.hint`)}
    >
      {t(`env.${environment}`)}
    </span>
  );
}
