// The printing calls of the contract, answered by the print service (./service.ts).
import type { HandlerGroup } from '../deps.ts';
import type { PrintService } from './service.ts';

type PrintingCalls = 'listPrinters' | 'printSettings' | 'savePrintSettings' | 'printTestPage' | 'printTickets' | 'printReceipt';

export function printingHandlers(service: PrintService): HandlerGroup<PrintingCalls> {
  return {
    listPrinters: () => service.listPrinters(),
    printSettings: () => service.settings(),
    savePrintSettings: (s) => service.saveSettings(s),
    printTestPage: ({ printer }) => service.testPage(printer),
    // The contract lets exactly one of saleId and bookingReference through.
    printTickets: ({ saleId, bookingReference, passengerIndex, language }) =>
      saleId !== undefined
        ? service.saleTickets(saleId, { passengerIndex, language })
        : service.bookingTickets(bookingReference ?? '', { passengerIndex, language }),
    printReceipt: ({ saleId }) => service.saleReceipt(saleId),
  };
}
