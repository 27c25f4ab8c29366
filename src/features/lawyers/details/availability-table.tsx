/** A lawyer's weekly hours as a table, Saturday first, every day shown (a missing day is news too). */
import { DAY_OF_WEEK_NAMES, displayName } from '../../../../contract/enums';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { formatClock } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { useAvailabilitySlotsQuery } from '../api/lawyers-api';
import { slotsByDay } from '../profile/slots';
import { detailsMessages } from './details-messages';

export function AvailabilityTable({ email }: { email: string }) {
  const t = useT(detailsMessages);
  const { lang } = useLang();
  const { data: slots, error, isLoading, refetch } = useAvailabilitySlotsQuery(email);

  if (isLoading) return <LoadingState label={t('availabilityLoading')} />;
  if (!slots) return <ErrorState error={error} title={t('availabilityFailed')} onRetry={() => void refetch()} />;
  if (slots.length === 0) return <p className="muted">{t('noAvailability')}</p>;

  return (
    <table className="availability-table">
      <thead>
        <tr>
          <th scope="col">{t('day')}</th>
          <th scope="col">{t('hours')}</th>
        </tr>
      </thead>
      <tbody>
        {slotsByDay(slots).map(({ day, slots: daySlots }) => (
          <tr key={day} className={daySlots.length === 0 ? 'is-closed' : undefined}>
            <th scope="row">{displayName(DAY_OF_WEEK_NAMES, day, lang)}</th>
            <td>
              {daySlots.length === 0
                ? t('notAvailable')
                : daySlots
                    .map((slot) => `${formatClock(slot.startTime, lang)}–${formatClock(slot.endTime, lang)}`)
                    .join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
