import { useSale } from './store.ts';
import { StepsHeader } from './StepsHeader.tsx';
import { SearchStep } from '../search/SearchStep.tsx';
import { SeatsStep } from './SeatsStep.tsx';
import { PassengersStep } from './PassengersStep.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { OutcomeStep } from './OutcomeStep.tsx';
import { LeaveSaleDialog } from './LeaveSaleDialog.tsx';
import './sale.css';

/** The sale flow, the counter's main screen. */
export function SaleScreen() {
  const step = useSale((s) => s.step);
  return (
    <>
      <StepsHeader />
      <main className="sale" data-step={step}>
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
