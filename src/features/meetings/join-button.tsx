/**
 * Join: opens the video call dialog (src/features/meetings/call, loaded only when someone joins,
 * since WebRTC code is heavy for a list screen on a slow link). A client whose payment is not held
 * asks the server first: its 402 "Payment must be completed before joining the meeting" is shown
 * here, in the reader's language, instead of an empty call window; if they paid in another tab the
 * call opens.
 */
import { lazy, Suspense, useState } from 'react';
import type { Meeting } from '../../../contract/meetings';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useMeetingTokenMutation } from './api/meetings-api';
import { clientMayEnter } from './meeting-rules';
import { meetingsMessages } from './meetings-messages';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import Button from '@mui/material/Button';

const VideoCallDialog = lazy(() =>
  import('./call/video-call-dialog').then((module) => ({ default: module.VideoCallDialog })),
);

export function JoinButton({ meeting, viewer }: { meeting: Meeting; viewer: 'LAWYER' | 'USER' }) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const [open, setOpen] = useState(false);
  const needs = useNeedsNetwork();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [askToken, { isLoading }] = useMeetingTokenMutation();

  const join = async () => {
    setRefusal(null);
    if (viewer === 'USER' && !clientMayEnter(meeting)) {
      try {
        await askToken(meeting.id).unwrap();
      } catch (error) {
        setRefusal(tx(formErrorText(error, t('actionFailed'))));
        return;
      }
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        variant="contained"
        type="button"
        aria-label={t('joinLabel', { title: meeting.title })}
        disabled={isLoading || needs.disabled}
        aria-describedby={needs.describedBy}
        onClick={() => void join()}
      >
        {isLoading ? t('joining') : t('join')}
      </Button>
      <NeedsNetworkNote needs={needs} />
      {refusal && (
        <p className="alert alert-error meeting-refusal" role="alert">
          {refusal}
        </p>
      )}
      {open && (
        <Suspense
          fallback={
            <p role="status" className="muted">
              {t('callLoading')}
            </p>
          }
        >
          <VideoCallDialog meetingId={meeting.id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
