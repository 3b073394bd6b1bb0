import { formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { STEPS, useSale } from './store.ts';
import { StepsHeader } from './StepsHeader.tsx';
import { SearchStep } from '../search/SearchStep.tsx';
import { SeatsStep } from './SeatsStep.tsx';
import { PassengersStep } from './PassengersStep.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { OutcomeStep } from './OutcomeStep.tsx';
import { LeaveSaleDialog } from './LeaveSaleDialog.tsx';
import { useFocusHome } from '../components/Modal.tsx';
import './sale.css';

/** The step's own field again (the focus had gone with a control that is no more). */
const focusStep = () => {
  const { focus, focusOn } = useSale.getState();
  focusOn(focus.target, focus.index);
};

/** The sale flow, the counter's main screen. */
export function SaleScreen() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const step = useSale((s) => s.step);
  useFocusHome(focusStep);
  return (
    <>
      <StepsHeader />
      <main className="sale" data-step={step}>
        {/* where the agent is, for a screen reader (the steps bar shows it to the eye) */}
        <h1 className="sr-only">{t('steps.goto', { n: formatNumber(STEPS.indexOf(step) + 1, locale), name: t(`steps.${step}`) })}</h1>
        {step === 'search' && <SearchStep />}
        {step === 'seats' && <SeatsStep />}
        {step === 'passengers' && <PassengersStep />}
        {step === 'payment' && <PaymentStep />}
        {step === 'outcome' && <OutcomeStep />}
      </main>
      <LeaveSaleDialog />
    </>
  );
}
