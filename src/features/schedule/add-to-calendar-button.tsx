/**
 * "Add to calendar" for one schedule: fetches its .ics with the signed-in user's token and saves
 * it, which on a phone opens the calendar app's "add event" screen.
 */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useDownloadScheduleIcsMutation } from './api/schedule-api';
import { scheduleMessages } from './schedule-messages';
import Button from '@mui/material/Button';

export function AddToCalendarButton({ scheduleId, title }: { scheduleId: string; title: string }) {
  const t = useT(scheduleMessages);
  const [download, { isLoading }] = useDownloadScheduleIcsMutation();
  const [failed, setFailed] = useState(false);

  const onClick = async () => {
    setFailed(false);
    try {
      await download({ id: scheduleId, title }).unwrap();
    } catch {
      setFailed(true);
    }
  };

  return (
    <span className="cal-ics">
      <Button
        variant="text"
        size="small"
        type="button"
        disabled={isLoading}
        aria-label={t('addToCalendarLabel', { title })}
        onClick={() => void onClick()}
      >
        {isLoading ? t('preparingFile') : t('addToCalendar')}
      </Button>
      {failed && (
        <span role="alert" className="field-error">
          {t('icsFailed')}
        </span>
      )}
    </span>
  );
}
