import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import { useStaff } from '../app/staff-context';
import { Notice } from '../components/Notice';
import { QrCode } from '../components/QrCode';
import { formatInstant } from '../lib/format';
import type { HubClient, PairingCode, ScreenList } from '../kiosk/hub-client';

interface ScreensScreenProps {
  hub: HubClient;
  /** Refreshes the list this often (last contact moves on). */
  refreshMs?: number;
  /** While a pairing code is shown, this often: the new screen appears soon after it pairs. */
  pairingRefreshMs?: number;
}

/** A code on screen, and the screens listed when it was made (a new one means it was used). */
interface ShownCode {
  code: PairingCode;
  before: readonly string[];
}

/**
 * Staff → Screens: on a hub, the certificate's fingerprint, the paired screens, "Add a screen";
 * on a single kiosk (the hub routes answer 404), what a hub is and how IT makes one.
 */
export function ScreensScreen({
  hub,
  refreshMs = 10_000,
  pairingRefreshMs = 2_000,
}: ScreensScreenProps) {
  const { t } = useTranslation();
  const { now, locale } = useKiosk();
  const zone = useShopZone();
  const { session, onSessionLost } = useStaff();
  const [list, setList] = useState<ScreenList | null>(null);
  const [failed, setFailed] = useState(false);
  const [notHub, setNotHub] = useState(false);
  const [shown, setShown] = useState<ShownCode | null>(null);
  const shownRef = useRef<ShownCode | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const [clock, setClock] = useState(() => now().getTime());
  const code = shown?.code ?? null;

  const showCode = (next: ShownCode | null): void => {
    shownRef.current = next;
    setShown(next);
  };

  // The hub's answer sets the state (at mount, on the timer, after a removal), never the call.
  const refresh = useCallback(
    (): Promise<void> =>
      hub.listScreens(session).then((answer) => {
        if (answer.ok) {
          setList(answer.value);
          setFailed(false);
          // A screen that was not there when the code was made used it: the code is spent.
          const current = shownRef.current;
          const added = current
            ? answer.value.screens.find((screen) => !current.before.includes(screen.id))
            : undefined;
          if (added) {
            shownRef.current = null;
            setShown(null);
            setJoined(added.name);
          }
        } else if (answer.reason === 'session') onSessionLost();
        else if (answer.reason === 'not_hub') setNotHub(true);
        else setFailed(true);
      }),
    [hub, session, onSessionLost],
  );

  // A single kiosk is asked once; a hub again and again, more often while a code waits.
  const every = notHub ? null : code ? pairingRefreshMs : refreshMs;
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (every === null) return;
    const timer = setInterval(() => void refresh(), every);
    return () => clearInterval(timer);
  }, [refresh, every]);

  // The code's countdown (and "last contact") need a ticking clock only while a code is shown.
  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => setClock(now().getTime()), 1000);
    return () => clearInterval(timer);
  }, [code, now]);

  const addScreen = async (): Promise<void> => {
    const answer = await hub.createCode(session);
    if (answer.ok) {
      showCode({ code: answer.value, before: list?.screens.map((screen) => screen.id) ?? [] });
      setJoined(null);
      setClock(now().getTime());
    } else if (answer.reason === 'session') onSessionLost();
    else if (answer.reason === 'not_hub') setNotHub(true);
    else setFailed(true);
  };

  const remove = async (id: string): Promise<void> => {
    const answer = await hub.removeScreen(session, id);
    if (!answer.ok && answer.reason === 'session') onSessionLost();
    await refresh();
  };

  const secondsLeft = code ? Math.max(0, Math.ceil((code.expiresAt - clock) / 1000)) : 0;
  const time = (at: number) => formatInstant(at, locale, zone);

  if (notHub)
    return (
      <section className="screens" data-screen="screens" aria-labelledby="screens-title">
        <h2 id="screens-title">{t('staff.tabs.screens')}</h2>
        <p data-testid="not-hub">{t('hub.notHub')}</p>
      </section>
    );

  return (
    <section className="screens" data-screen="screens" aria-labelledby="screens-title">
      <h2 id="screens-title">{t('staff.tabs.screens')}</h2>
      {failed && <Notice tone="warning">{t('hub.unreachable')}</Notice>}
      {joined !== null && (
        <p role="status" data-testid="screen-joined">
          {t('hub.joined', { name: joined })}
        </p>
      )}
      {list && (
        <p className="screens-fingerprint">
          {t('hub.fingerprint')}: <code data-testid="hub-fingerprint">{list.fingerprint}</code>
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => void addScreen()}>
        {t('hub.add')}
      </button>
      {code && (
        <figure className="qr-figure screens-code">
          <QrCode text={code.url} label={code.url} />
          <figcaption>
            <p>{t('hub.addBody')}</p>
            <p className="screens-url">{code.url}</p>
            <p className="screens-pin" data-testid="pairing-code">
              {code.code}
            </p>
            <p>{secondsLeft > 0 ? t('hub.expires', { seconds: secondsLeft }) : t('hub.expired')}</p>
          </figcaption>
        </figure>
      )}
      {list && list.screens.length === 0 && <p className="hint">{t('hub.none')}</p>}
      {list && list.screens.length > 0 && (
        <table className="screens-table">
          <thead>
            <tr>
              <th scope="col">{t('hub.colName')}</th>
              <th scope="col">{t('hub.colRole')}</th>
              <th scope="col">{t('hub.colAddress')}</th>
              <th scope="col">{t('hub.colLast')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('hub.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.screens.map((screen) => (
              <tr key={screen.id} data-screen-id={screen.id}>
                <td>{screen.name}</td>
                <td>{screen.role === 'counter' ? t('hub.counter') : t('hub.kiosk')}</td>
                <td>{screen.address}</td>
                <td>{time(screen.lastSeenAt)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => void remove(screen.id)}
                  >
                    {t('hub.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
