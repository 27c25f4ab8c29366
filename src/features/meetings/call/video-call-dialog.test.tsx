/**
 * The video call dialog on a real store, the app's API layer and the app's realtime client, with a
 * fake network for the two REST calls. What jsdom lacks (camera, microphone, RTCPeerConnection) is
 * supplied only in the one test that enters a call; the socket there really tries to connect (and
 * cannot: there is no server), which is what the "live connection dropped" note is for.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting, MeetingToken } from '../../../../contract/meetings';
import { envelope, fakeServer, renderScreen, signInForTest, testUser } from '../../../app/testing';
import { closeRealtime } from '../../../lib/realtime/realtime';
import { VideoCallDialog } from './video-call-dialog';

const MEETING_ID = '7a1e5f0c-3b7d-4c55-9a0e-2f4b8f1d6c10';
const LAWYER_ID = '5d2c7a44-0f1e-4d3b-8a6c-9e8f7a6b5c4d';
const TOKEN_PATH = `/v1/videocalls/${MEETING_ID}/token`;

function meeting(): Meeting {
  const client = testUser('USER');
  return {
    id: MEETING_ID,
    title: 'Tenancy dispute',
    roomName: 'lc-room-1',
    client: { id: client.id, firstName: client.firstName, lastName: client.lastName, email: client.email },
    lawyer: { id: LAWYER_ID, firstName: 'Shirin', lastName: 'Akter', email: 'lawyer3@legalconnect.test' },
    startTimestamp: new Date(Date.now() - 60_000).toISOString(),
    endTimestamp: new Date(Date.now() + 3_600_000).toISOString(),
    paid: true,
    payment: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', amount: 1500, status: 'PAID' },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}

const webrtcToken: MeetingToken = {
  meetingId: MEETING_ID,
  roomName: 'lc-room-1',
  jwtToken: '',
  provider: 'webrtc',
  iceServers: [{ urls: 'stun:stun.example.org:3478' }],
  jitsiDomain: null,
};

function server(token: () => Response) {
  return fakeServer((call) => {
    if (call.path === TOKEN_PATH) return token();
    if (call.path === `/v1/videocalls/${MEETING_ID}`) return envelope(200, { data: meeting() });
    return envelope(404, { error: { message: 'Not found' } });
  });
}

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Join
      </button>
      <VideoCallDialog
        meetingId={MEETING_ID}
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </>
  );
}

function openDialog(lang: 'en' | 'bn' = 'en') {
  signInForTest('USER');
  const onClose = vi.fn();
  const view = renderScreen('/my-meetings', <Harness onClose={onClose} />, { lang });
  return { ...view, onClose };
}

const callState = () => screen.getByTestId('call-state').textContent;

afterEach(() => {
  closeRealtime();
  vi.unstubAllGlobals();
});

describe('VideoCallDialog before the call', () => {
  it('tells an unpaid client to pay (402), and Close closes', async () => {
    server(() => envelope(402, { error: { message: 'Payment must be completed before joining the meeting' } }));
    const { onClose } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Video call with Shirin Akter' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Payment must be completed before joining the meeting. Pay for it on your meetings page, then join.',
    );
    expect(callState()).toBe('failed');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when a meeting has not started yet, and asks again on "Try again"', async () => {
    const calls = server(() => envelope(400, { error: { message: 'Meeting has not started yet' } }));
    openDialog();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This meeting has not started yet. You can join from 10 minutes before the start.',
    );
    expect(callState()).toBe('failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === TOKEN_PATH)).toHaveLength(2));
  });

  it('says when a meeting has ended (state "ended"), in Bangla too', async () => {
    server(() => envelope(400, { error: { message: 'Meeting has already ended' } }));
    openDialog('bn');
    expect((await screen.findByRole('alert')).textContent).toContain('এই মিটিং ইতিমধ্যে শেষ হয়ে গেছে।');
    expect(callState()).toBe('ended');
    expect(screen.getByRole('status').textContent).toContain('কল শেষ হয়েছে');
  });

  it('opens a Jitsi meeting in a new tab, with its token', async () => {
    server(() =>
      envelope(200, {
        data: { ...webrtcToken, provider: 'jitsi', jwtToken: 'a.b.c', jitsiDomain: 'meet.example.org' },
      }),
    );
    openDialog();
    const link = await screen.findByRole('link', { name: 'Open the meeting' });
    expect(link.getAttribute('href')).toBe('https://meet.example.org/lc-room-1?jwt=a.b.c');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says so when the browser cannot make calls (jsdom has no camera API)', async () => {
    server(() => envelope(200, { data: webrtcToken }));
    openDialog();
    expect((await screen.findByRole('alert')).textContent).toContain('This browser cannot make video calls.');
    expect(callState()).toBe('failed');
  });

  it('asks for a fresh token every time it opens, and Escape closes', async () => {
    const calls = server(() => envelope(400, { error: { message: 'Meeting has already ended' } }));
    const { onClose } = openDialog();
    await screen.findByRole('alert');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await screen.findByRole('alert');
    expect(calls.filter((c) => c.path === TOKEN_PATH)).toHaveLength(2);
  });

  it('puts the keyboard inside: focus moves in on opening and the page behind is out of reach', async () => {
    server(() => envelope(400, { error: { message: 'Meeting has not started yet' } }));
    const opener = document.createElement('button');
    document.body.prepend(opener);
    openDialog();
    const dialog = await screen.findByRole('dialog');
    await vi.waitFor(() => expect(dialog.closest('.MuiDialog-root')?.contains(document.activeElement)).toBe(true));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // MUI's modal hides everything else from assistive technology while it is open.
    expect(opener.getAttribute('aria-hidden')).toBe('true');
    opener.remove();
  });
});

// ── in a call (camera, microphone and RTCPeerConnection supplied: jsdom has none) ────────────

class Track {
  enabled = true;
  readyState = 'live';
  readonly id = Math.random().toString(36).slice(2);
  constructor(readonly kind: 'audio' | 'video') {}
  stop = vi.fn(() => {
    this.readyState = 'ended';
  });
}

function mediaStream(tracks: Track[]) {
  const list = [...tracks];
  return {
    getTracks: () => [...list],
    getAudioTracks: () => list.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => list.filter((t) => t.kind === 'video'),
    addTrack: (t: Track) => list.push(t),
    removeTrack: (t: Track) => list.splice(list.indexOf(t), 1),
  };
}

describe('VideoCallDialog in a call', () => {
  it('shows the call, toggles the microphone and camera, and hangs up', async () => {
    server(() => envelope(200, { data: webrtcToken }));
    const tracks = [new Track('audio'), new Track('video')];
    const getUserMedia = vi.fn(async () => mediaStream(tracks));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
    vi.stubGlobal(
      'RTCPeerConnection',
      vi.fn(() => ({ close: vi.fn() })),
    );
    const { onClose } = openDialog();

    const controls = await screen.findByRole('group', { name: 'Call controls' });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(callState()).toBe('connecting');
    expect(screen.getByText('Waiting for Shirin Akter to join…').isConnected).toBe(true);
    expect(screen.getByTestId('remote-video').tagName).toBe('VIDEO');
    // No server here: the socket keeps trying, and the screen says so.
    await screen.findByText(/The live connection dropped/);

    fireEvent.click(within(controls).getByRole('button', { name: 'Turn microphone off' }));
    expect(tracks[0]!.enabled).toBe(false);
    within(controls).getByRole('button', { name: 'Turn microphone on' });

    fireEvent.click(within(controls).getByRole('button', { name: 'Turn camera off' }));
    expect(tracks[1]!.enabled).toBe(false);
    expect(screen.getByText('You · Camera off').isConnected).toBe(true);

    const audioOnly = within(controls).getByRole('button', { name: 'Audio only' });
    expect(audioOnly.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(audioOnly);
    expect(audioOnly.getAttribute('aria-pressed')).toBe('true');
    expect(tracks[1]!.stop).toHaveBeenCalled();
    expect((within(controls).getByRole('button', { name: 'Turn camera on' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      fireEvent.click(within(controls).getByRole('button', { name: 'Hang up' }));
    });
    expect(onClose).toHaveBeenCalledOnce();
    expect(tracks[0]!.stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
