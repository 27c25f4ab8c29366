/**
 * The schedule tab of a case (/case/{id}?tab=schedule): its hearings, deadlines and meetings,
 * upcoming first then past, in Bangladesh time. Either party adds and edits; the one who added a
 * schedule deletes it (after a confirmation); each has "Add to calendar". A resolved case takes no
 * new schedules (the server says 409; the button is not offered).
 */
import { useEffect, useRef, useState } from 'react';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { localDigits } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { AddToCalendarButton } from './add-to-calendar-button';
import {
  useCaseSchedulesQuery,
  useCreateScheduleMutation,
  useDeleteScheduleMutation,
  useUpdateScheduleMutation,
} from './api/schedule-api';
import { scheduleToEvent } from './calendar-event';
import { formatLongDay } from './calendar-format';
import { ScheduleForm } from './schedule-form';
import { scheduleMessages } from './schedule-messages';
import type { Schedule } from './schedule-types';
import Button from '@mui/material/Button';
import './calendar.css';

export interface CaseScheduleProps {
  caseId: string;
  resolved: boolean;
  myId: string;
  /** The other party's name, for "Added by …". */
  otherName: string;
}

export function CaseSchedule({ caseId, resolved, myId, otherName }: CaseScheduleProps) {
  const t = useT(scheduleMessages);
  const { data, error, isFetching, refetch } = useCaseSchedulesQuery(caseId);
  const [createSchedule] = useCreateScheduleMutation();
  const [adding, setAdding] = useState(false);
  // "Now" as of opening the tab: what counts as upcoming does not shift while it is open.
  const [now] = useState(() => Date.now());
  const sorted = [...(data ?? [])].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const upcoming = sorted.filter((s) => new Date(s.endsAt).getTime() >= now);
  const past = sorted.filter((s) => new Date(s.endsAt).getTime() < now).reverse();

  return (
    <div className="case-schedule">
      <p className="muted">{resolved ? t('resolvedNote') : t('caseIntro')}</p>
      {!resolved && !adding && (
        <Button variant="contained" type="button" onClick={() => setAdding(true)}>
          {t('newSchedule')}
        </Button>
      )}
      {adding && (
        <section className="card" aria-label={t('newSchedule')}>
          <ScheduleForm
            onCancel={() => setAdding(false)}
            onSubmit={async (values) => {
              await createSchedule({ caseId, ...values }).unwrap();
              setAdding(false);
            }}
          />
        </section>
      )}
      {isFetching && !data && (
        <p role="status" className="muted">
          {t('caseLoading')}
        </p>
      )}
      {Boolean(error) && !data && !isFetching && (
        <div className="alert alert-error" role="alert">
          <p>{t('caseFailed')}</p>
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {data && data.length === 0 && <p className="card muted">{t('caseEmpty')}</p>}
      {upcoming.length > 0 && (
        <ScheduleGroup title={t('upcoming')} schedules={upcoming} myId={myId} otherName={otherName} />
      )}
      {past.length > 0 && <ScheduleGroup title={t('past')} schedules={past} myId={myId} otherName={otherName} />}
    </div>
  );
}

function ScheduleGroup({
  title,
  schedules,
  myId,
  otherName,
}: {
  title: string;
  schedules: Schedule[];
  myId: string;
  otherName: string;
}) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul className="schedule-list">
        {schedules.map((schedule) => (
          <ScheduleItem
            key={schedule.id}
            schedule={schedule}
            mine={schedule.createdById === myId}
            otherName={otherName}
          />
        ))}
      </ul>
    </section>
  );
}

function ScheduleItem({ schedule, mine, otherName }: { schedule: Schedule; mine: boolean; otherName: string }) {
  const t = useT(scheduleMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const event = scheduleToEvent(schedule, lang);
  const [updateSchedule] = useUpdateScheduleMutation();
  const [deleteSchedule, { isLoading: deleting }] = useDeleteScheduleMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const day = formatLongDay(schedule.date, lang);

  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);

  if (editing) {
    return (
      <li className="card schedule-item">
        <ScheduleForm
          editing
          initial={{
            title: schedule.title,
            type: schedule.type,
            description: schedule.description,
            date: schedule.date,
            startTime: event.startTime,
            endTime: event.endTime,
          }}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await updateSchedule({ id: schedule.id, body: values }).unwrap();
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="card schedule-item">
      <p className="schedule-when">
        <strong>{day}</strong> · {localDigits(`${event.startTime}–${event.endTime}`, lang)}
      </p>
      <h4 className="schedule-title">{schedule.title}</h4>
      <p className="muted">{event.typeLabel}</p>
      {schedule.description && <p className="note-content">{schedule.description}</p>}
      <p className="muted">{mine ? t('addedByYou') : t('addedByOther', { name: otherName })}</p>
      {!confirming && (
        <div className="asset-actions">
          <AddToCalendarButton scheduleId={schedule.id} title={schedule.title} />
          <Button variant="outlined" type="button" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
          {mine && (
            <Button variant="outlined" type="button" onClick={() => setConfirming(true)}>
              {t('delete')}
            </Button>
          )}
        </div>
      )}
      {confirming && (
        <div
          className="confirm-delete"
          role="alertdialog"
          aria-labelledby={`delete-${schedule.id}`}
          aria-describedby={`delete-${schedule.id}-body`}
        >
          <p id={`delete-${schedule.id}`} className="confirm-delete-title">
            {t('deleteTitle')}
          </p>
          <p id={`delete-${schedule.id}-body`}>{t('deleteBody', { title: schedule.title, date: day })}</p>
          {failure && (
            <p className="alert alert-error" role="alert">
              {failure}
            </p>
          )}
          <div className="form-actions">
            <Button
              variant="contained"
              color="error"
              type="button"
              disabled={deleting}
              onClick={() => {
                setFailure(null);
                deleteSchedule(schedule.id)
                  .unwrap()
                  .catch((err: unknown) => setFailure(tx(formErrorText(err, t('deleteFailed')))));
              }}
            >
              {deleting ? t('deleting') : t('delete')}
            </Button>
            <Button variant="outlined" ref={cancel} type="button" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
