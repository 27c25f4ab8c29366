/**
 * The pieces both meeting lists, the checkout, the success screen and the payments section share:
 * the payment status badge (words and colour, never colour alone), a meeting's facts (who, when in
 * Dhaka time, how long, price and payment), and the inline confirmation that stands between a
 * person and an action that moves money or cannot be undone.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EmptyState } from '../../components/async/list-states';
import { PAYMENT_STATUS_NAMES, type PaymentStatus } from '../../../contract/enums';
import type { Meeting } from '../../../contract/meetings';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import {
  canShowJoin,
  hasStarted,
  joinOpensAt,
  joinOpensLater,
  meetingMinutes,
  paymentStatusOf,
  splitMeetings,
} from './meeting-rules';
import { dhakaClock, dhakaDate } from './meeting-time';
import { meetingsMessages } from './meetings-messages';
import Button from '@mui/material/Button';

const STATUS_CLASS: Record<PaymentStatus, string> = {
  PENDING: 'is-pending',
  PAID: 'is-held',
  RELEASED: 'is-approved',
  REFUNDED: 'is-none',
  CANCELED: 'is-rejected',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { lang } = useLang();
  return <span className={`status-badge ${STATUS_CLASS[status]}`}>{PAYMENT_STATUS_NAMES[status][lang]}</span>;
}

export const personName = (p: { firstName: string; lastName: string; email: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || p.email;

/** "25 November 2026, 10:00–11:00" in Dhaka time. */
export function useMeetingWhen(): (meeting: Pick<Meeting, 'startTimestamp' | 'endTimestamp'>) => string {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  return (meeting) =>
    t('when', {
      date: dhakaDate(meeting.startTimestamp, lang),
      start: dhakaClock(meeting.startTimestamp, lang),
      end: dhakaClock(meeting.endTimestamp, lang),
    });
}

/**
 * Who the meeting is with, when, how long, the price and the payment's status; and, at `now`,
 * whether it is under way or when its Join button appears.
 */
export function MeetingFacts({ meeting, viewer, now }: { meeting: Meeting; viewer: 'LAWYER' | 'USER'; now: number }) {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  const when = useMeetingWhen();
  const minutes = meetingMinutes(meeting.startTimestamp, meeting.endTimestamp);
  return (
    <div className="meeting-facts">
      <p>
        {viewer === 'LAWYER'
          ? t('withClient', { name: personName(meeting.client) })
          : t('withLawyer', { name: personName(meeting.lawyer) })}
      </p>
      <p>
        <time dateTime={meeting.startTimestamp}>{when(meeting)}</time> · {t('minutes', { n: minutes })}
      </p>
      <p className="meeting-money">
        <span>
          {t('priceLabel')}: <strong>{meeting.payment ? formatMoney(meeting.payment.amount, lang) : '—'}</strong>
        </span>
        {meeting.payment ? <PaymentStatusBadge status={paymentStatusOf(meeting)} /> : <span>{t('noPayment')}</span>}
      </p>
      {hasStarted(meeting, now) && canShowJoin(meeting, now) && <p className="meeting-live">{t('inProgress')}</p>}
      {joinOpensLater(meeting, now) && (
        <p className="muted">{t('joinOpensAt', { time: dhakaClock(joinOpensAt(meeting), lang) })}</p>
      )}
    </div>
  );
}

interface ConfirmActionProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Money leaves or a thing is cancelled: the confirm button is styled as a warning. */
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * An inline alert dialog in place of the card's buttons: focus goes to the safe choice, Escape
 * backs out, and a refusal from the server is shown here in the reader's language.
 */
export function ConfirmAction({ title, body, confirmLabel, danger = false, onConfirm, onCancel }: ConfirmActionProps) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => keep.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(tx(formErrorText(error, t('actionFailed'))));
      setBusy(false);
    }
  };

  return (
    <div className="meeting-confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <p id={`${id}-title`} className="meeting-confirm-title">
        {title}
      </p>
      <p id={`${id}-body`}>{body}</p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="btn-row">
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
        >
          {busy ? t('working') : confirmLabel}
        </Button>
        <Button variant="outlined" ref={keep} type="button" onClick={onCancel} disabled={busy}>
          {t('keep')}
        </Button>
      </div>
    </div>
  );
}

interface MeetingSectionsProps {
  meetings: readonly Meeting[];
  now: number;
  /** What an empty Upcoming says when there are no meetings at all. */
  noMeetings: string;
  renderCard: (meeting: Meeting) => ReactNode;
}

/** "Upcoming" (soonest first) and "Past" (latest first), each with its empty state. */
export function MeetingSections({ meetings, now, noMeetings, renderCard }: MeetingSectionsProps) {
  const t = useT(meetingsMessages);
  const { upcoming, past } = splitMeetings(meetings, now);
  const sections = [
    {
      id: 'upcoming',
      title: t('upcoming'),
      items: upcoming,
      empty: meetings.length === 0 ? noMeetings : t('noUpcoming'),
    },
    { id: 'past', title: t('past'), items: past, empty: t('noPast') },
  ];
  return sections.map((section) => (
    <section key={section.id} className="meetings-list" aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`}>{section.title}</h2>
      {section.items.length === 0 ? (
        <EmptyState title={section.empty} />
      ) : (
        <ul>
          {section.items.map((meeting) => (
            <li key={meeting.id}>{renderCard(meeting)}</li>
          ))}
        </ul>
      )}
    </section>
  ));
}
