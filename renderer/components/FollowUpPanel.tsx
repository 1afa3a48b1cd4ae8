/**
 * A queued booking the API refused later (issue 19): in a staff session its row shows the
 * customer's phone and e-mail, what happened to the e-mail to them, and "Contacted" /
 * "Dismiss" (the core keeps the choice). "Rebook" stays with the row's other actions.
 */
import { useTranslation } from 'react-i18next';
import type { FollowUp, LocalBooking } from '../../shared/kiosk-api';
import { needsFollowUp } from '../lib/booking-filter';
import type { TranslationKey } from '../lib/message-keys';

const MAIL_KEYS = {
  none: 'followUp.mail.none',
  pending: 'followUp.mail.pending',
  claimed: 'followUp.mail.claimed',
  sent: 'followUp.mail.sent',
  failed: 'followUp.mail.failed',
  uncertain: 'followUp.mail.uncertain',
} as const satisfies Record<FollowUp['mail'], TranslationKey>;

const RESOLVED_KEYS = {
  contacted: 'followUp.states.contacted',
  dismissed: 'followUp.states.dismissed',
} as const satisfies Record<Exclude<FollowUp['state'], 'open'>, TranslationKey>;

interface FollowUpPanelProps {
  booking: LocalBooking & { followUp: FollowUp };
  onResolve: (action: 'contacted' | 'dismissed') => void;
}

export function FollowUpPanel({ booking, onResolve }: FollowUpPanelProps) {
  const { t } = useTranslation();
  const { followUp } = booking;
  const { email, phone } = booking.request.customer;
  return (
    <div
      className="follow-up"
      data-testid="follow-up"
      data-follow-up={followUp.state}
      data-mail={followUp.mail}
    >
      {!booking.erased && (
        <dl className="follow-up-contact">
          <dt>{t('followUp.phone')}</dt>
          <dd>
            {/* dir: left to right in an Arabic list too ("1234 030" otherwise). */}
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr" data-testid="follow-up-phone">
              {phone}
            </a>
          </dd>
          <dt>{t('followUp.email')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="follow-up-email">
              {email}
            </bdi>
          </dd>
        </dl>
      )}
      <span className="muted follow-up-mail" data-testid="follow-up-mail">
        {t(MAIL_KEYS[followUp.mail])}
      </span>
      {/* Rebooked: staff already acted, the row's link names the new booking. */}
      {booking.rebookedAs ? null : followUp.state === 'open' ? (
        <div className="outbox-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onResolve('contacted')}
          >
            {t('followUp.contacted')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onResolve('dismissed')}>
            {t('followUp.dismiss')}
          </button>
        </div>
      ) : (
        <span className="muted">{t(RESOLVED_KEYS[followUp.state])}</span>
      )}
    </div>
  );
}

/** The refused bookings staff still have to act on. */
export function openFollowUps(bookings: readonly LocalBooking[] | null): number {
  return bookings?.filter(needsFollowUp).length ?? 0;
}
