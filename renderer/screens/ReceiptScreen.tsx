import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk, useService } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { SCROLLABLE } from '../components/scrollable';
import { Receipt } from '../components/Receipt';
import { isElectron } from '../kiosk/client';
import type { ReceiptData } from '../lib/receipt';

/** The hash the Electron main process watches to print the page silently. */
export const RECEIPT_HASH = '#/receipt';

interface ReceiptScreenProps {
  /** One slip per booking: one, or each booked service of a visit (issue 19). */
  receipts: { data: ReceiptData; serviceId: string | null }[];
  onDone: () => void;
}

function ServiceReceipt({ data, serviceId }: { data: ReceiptData; serviceId: string | null }) {
  const { locale } = useKiosk();
  const service = useService(serviceId);
  return <Receipt data={data} service={service} locale={locale} />;
}

/**
 * The print page. In Electron the main process sees the receipt route and prints it silently on
 * the configured printer; in a browser the print dialog opens.
 */
export function ReceiptScreen({ receipts, onDone }: ReceiptScreenProps) {
  const { t } = useTranslation();

  useEffect(() => {
    window.location.hash = RECEIPT_HASH;
    const timer = setTimeout(() => {
      if (!isElectron(window)) window.print();
    }, 50);
    return () => {
      clearTimeout(timer);
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    };
  }, []);

  return (
    <main className="screen screen-receipt" data-screen="receipt">
      <div className="screen-body" {...SCROLLABLE}>
        {receipts.map(({ data, serviceId }) => (
          <ServiceReceipt key={data.reference} data={data} serviceId={serviceId} />
        ))}
      </div>
      <ActionBar>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('receipt.back')}
        </button>
      </ActionBar>
    </main>
  );
}
