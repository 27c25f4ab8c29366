/**
 * /meetings (LAWYER): schedule a paid video meeting with a client, and my meetings — upcoming
 * first (earliest first), then past (latest first). Each shows the client, the Dhaka time, the
 * price and the payment's status; Edit and Cancel only while the payment is PENDING and the
 * meeting has not started; Join from 10 minutes before the start to the end.
 *
 * The lawyer's hourly charge lives in their profile (lawyers feature); src/app passes it in, so
 * this feature does not reach into another one.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Meeting } from '../../../contract/meetings';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  newIdempotencyKey,
  useCreateMeetingMutation,
  useDeleteMeetingMutation,
  useMyMeetingsQuery,
  useUpdateMeetingMutation,
} from './api/meetings-api';
import { JoinButton } from './join-button';
import { MeetingForm } from './meeting-form';
import { ConfirmAction, MeetingFacts, MeetingSections } from './meeting-parts';
import { canChangeMeeting, canShowJoin } from './meeting-rules';
import { createMeetingBody, updateMeetingBody, type MeetingFormValues } from './meeting-values';
import { meetingsMessages } from './meetings-messages';
import { useNow } from './use-now';
import Button from '@mui/material/Button';
import './meetings.css';
import { ApprovedLawyerOnly } from '../lawyers/profile/awaiting-approval';

/** The lawyer's hourly charge as the profile query has it. */
export type HourlyChargeState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown; retry: () => void }
  | { status: 'ready'; value: number | null };

export function LawyerMeetingsPage({ charge }: { charge: HourlyChargeState }) {
  const t = useT(meetingsMessages);
  useDocumentTitle(t('lawyerTitle'));
  const now = useNow();
  const { data, error, isLoading, isFetching, refetch } = useMyMeetingsQuery();
  const [createMeeting] = useCreateMeetingMutation();
  const [notice, setNotice] = useState<string | null>(null);

  const schedule = async (values: MeetingFormValues) => {
    setNotice(null);
    await createMeeting({ body: createMeetingBody(values), idempotencyKey: newIdempotencyKey() }).unwrap();
    setNotice(t('scheduled'));
  };

  return (
    <div className="container page meetings-page">
      <header>
        <h1>{t('lawyerTitle')}</h1>
        <p className="muted">{t('lawyerIntro')}</p>
      </header>

      <section className="card" aria-label={t('newMeeting')}>
        <ApprovedLawyerOnly>
          {charge.status === 'loading' && <LoadingState label={t('chargeLoading')} />}
          {charge.status === 'failed' && (
            <ErrorState error={charge.error} title={t('chargeFailed')} onRetry={charge.retry} />
          )}
          {charge.status === 'ready' && charge.value === null && (
            <div className="alert alert-info">
              <p>{t('noCharge')}</p>
              <Link to="/profile">{t('setCharge')}</Link>
            </div>
          )}
          {charge.status === 'ready' && charge.value !== null && (
            <MeetingForm hourlyCharge={charge.value} onSubmit={schedule} />
          )}
        </ApprovedLawyerOnly>
      </section>

      <div role="status" className={notice ? 'alert alert-success' : undefined}>
        {notice}
      </div>

      {isLoading && <LoadingState label={t('loading')} />}
      {error && !isFetching && <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />}
      {data && (
        <MeetingSections
          meetings={data}
          now={now}
          noMeetings={t('emptyLawyer')}
          renderCard={(meeting) => (
            <LawyerMeetingCard
              meeting={meeting}
              now={now}
              hourlyCharge={charge.status === 'ready' ? charge.value : null}
              onNotice={setNotice}
            />
          )}
        />
      )}
    </div>
  );
}

type Mode = 'view' | 'edit' | 'confirm-cancel';

function LawyerMeetingCard({
  meeting,
  now,
  hourlyCharge,
  onNotice,
}: {
  meeting: Meeting;
  now: number;
  hourlyCharge: number | null;
  onNotice: (text: string) => void;
}) {
  const t = useT(meetingsMessages);
  const [mode, setMode] = useState<Mode>('view');
  const [updateMeeting] = useUpdateMeetingMutation();
  const [deleteMeeting] = useDeleteMeetingMutation();
  const changeable = canChangeMeeting(meeting, now);
  const joinable = canShowJoin(meeting, now);

  const save = async (values: MeetingFormValues) => {
    await updateMeeting({ body: updateMeetingBody(meeting.id, values), idempotencyKey: newIdempotencyKey() }).unwrap();
    setMode('view');
    onNotice(t('updated'));
  };

  const cancelMeeting = async () => {
    await deleteMeeting(meeting.id).unwrap();
    setMode('view');
    onNotice(t('meetingCanceled'));
  };

  return (
    <article className="card meeting-card" aria-labelledby={`meeting-${meeting.id}`}>
      <h3 id={`meeting-${meeting.id}`}>{meeting.title}</h3>
      <MeetingFacts meeting={meeting} viewer="LAWYER" now={now} />

      {mode === 'edit' && changeable && hourlyCharge !== null && (
        <MeetingForm editing={meeting} hourlyCharge={hourlyCharge} onSubmit={save} onCancel={() => setMode('view')} />
      )}
      {mode === 'confirm-cancel' && changeable && (
        <ConfirmAction
          title={t('confirmCancelMeetingTitle')}
          body={t('confirmCancelMeetingBody')}
          confirmLabel={t('confirmCancelMeeting')}
          danger
          onConfirm={cancelMeeting}
          onCancel={() => setMode('view')}
        />
      )}
      {(mode === 'view' || !changeable) && (joinable || changeable) && (
        <div className="btn-row">
          {joinable && <JoinButton meeting={meeting} viewer="LAWYER" />}
          {changeable && hourlyCharge !== null && (
            <Button
              variant="outlined"
              type="button"
              aria-label={t('editLabel', { title: meeting.title })}
              onClick={() => setMode('edit')}
            >
              {t('edit')}
            </Button>
          )}
          {changeable && (
            <Button
              variant="outlined"
              type="button"
              aria-label={t('cancelMeetingLabel', { title: meeting.title })}
              onClick={() => setMode('confirm-cancel')}
            >
              {t('cancelMeeting')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
