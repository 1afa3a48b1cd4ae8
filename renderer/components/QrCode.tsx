import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  text: string;
  label: string;
  size?: number;
}

/** A QR code as a data: URL image (the CSP allows img data:, nothing inline else). */
export function QrCode({ text, label, size = 220 }: QrCodeProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: size })
      .then((data) => {
        if (live) setUrl(data);
      })
      .catch(() => {
        if (live) setUrl(null);
      });
    return () => {
      live = false;
    };
  }, [text, size]);
  return url ? (
    // data-text: what the code encodes, readable without a QR decoder (tests, support staff).
    <img className="qr" src={url} width={size} height={size} alt={label} data-text={text} />
  ) : (
    <div className="qr qr-placeholder" role="img" aria-label={label} />
  );
}
