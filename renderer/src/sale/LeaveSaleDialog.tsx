import { useT } from '../i18n/index.ts';
import { Modal } from '../components/Modal.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { useSale } from './store.ts';

/**
 * F12 (next customer) with seats held or cash typed and nothing sent: asked first, so a key
 * pressed by habit does not drop a traveller's seats or the cash on the desk. The focus is on
 * Stay: F12 then Enter by habit keeps the sale, as do Esc and F12 again (shell/shortcuts.ts);
 * leaving takes a choice (Tab to "Leave the sale", then Enter).
 */
export function LeaveSaleDialog() {
  const t = useT();
  const asked = useSale((s) => s.leaveAsked);
  if (!asked) return null;
  const { newCustomer, stayInSale } = useSale.getState();
  return (
    <Modal className="leave-sale-backdrop">
      <section className="leave-sale" role="alertdialog" aria-modal="true" aria-labelledby="leave-sale-title" aria-describedby="leave-sale-text" data-testid="leave-sale">
        <h2 id="leave-sale-title">{t('sale.leave.title')}</h2>
        <p id="leave-sale-text">{t('sale.leave.text')}</p>
        <div className="leave-sale-actions">
          <button type="button" className="primary" onClick={() => newCustomer()} data-testid="leave-sale-confirm">
            {t('sale.leave.confirm')}
          </button>
          <button type="button" onClick={() => stayInSale()} aria-keyshortcuts="Escape" data-autofocus data-testid="leave-sale-stay">
            {t('sale.leave.stay')} <Kbd k="Esc" />
          </button>
        </div>
      </section>
    </Modal>
  );
}
