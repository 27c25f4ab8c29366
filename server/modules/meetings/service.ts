/**
 * Video meetings (docs/api.md §4 Video meetings): an APPROVED lawyer with an hourly charge schedules a
 * paid 1:1 call with a client found by email; the meeting and its PENDING payment
 * (hourlyCharge × minutes ÷ 60, to the paisa) are written in one transaction with the client's
 * notification and the 15-minute reminder. The lawyer moves (re-priced) or cancels it while it is
 * unpaid and not started. Reads are the two parties' only (404 for anyone else). Joining hands out
 * the room and ICE servers from 10 minutes before the start to the end; the client only once paid.
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  MeetingMessages,
  MEETING_JOIN_EARLY_MINUTES,
  MEETING_REMINDER_MINUTES,
  type CreateMeetingBody,
  type Meeting,
  type MeetingToken,
  type UpdateMeetingBody,
} from '../../../contract/meetings';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { lawyerTimeTaken } from '../../db/errors';
import type { LocalizedText } from '../../mail/templates';
import { meetingPricePaisa, paisaToDecimal } from '../../payments/money';
import type { Actor } from '../auth/policy';
import type { CasesRepository } from '../cases/repository';
import type { LawyersRepository } from '../lawyers/repository';
import { assertApproved } from '../lawyers/policy';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import type { PaymentsRepository } from '../payments/repository';
import { dhakaWallClock, whenText } from '../schedules/dhaka-time';
import { assertMayJoin, assertMeetingEditable, iceServers, type MeetingFacts } from './policy';
import type { MeetingReminderJob, MeetingReminders } from './reminders';
import type { MeetingsRepository, MeetingView } from './repository';

export interface MeetingsServiceDeps {
  db: Database;
  meetings: MeetingsRepository;
  payments: PaymentsRepository;
  lawyers: LawyersRepository;
  /** Finds the client by email (the cases module already owns that lookup). */
  cases: CasesRepository;
  notifications: NotificationsService;
  reminders: MeetingReminders;
  clock: Clock;
  video: { jitsi: Config['jitsi']; turn: Config['turn'] };
}

const CLIENT_LINK = '/my-meetings';
const LAWYER_LINK = '/meetings';
const DEFAULT_JITSI_DOMAIN = 'meet.jit.si';

export class MeetingsService {
  constructor(private readonly deps: MeetingsServiceDeps) {}

  async create(actor: Actor, body: CreateMeetingBody): Promise<Meeting> {
    const { db, lawyers, cases } = this.deps;
    const { id, notification } = await refuseTakenTime(() =>
      db.transaction(async (tx) => {
        const profile = await lawyers.lockProfile(actor.userId, tx);
        assertApproved(profile);
        if (profile?.hourlyCharge == null) throw badRequest(MeetingMessages.noHourlyCharge);
        const client = await cases.userByEmail(body.email, tx);
        if (!client || client.role !== 'USER') {
          throw new AppError(404, MeetingMessages.clientNotFound, {
            fields: [{ field: 'email', message: MeetingMessages.clientNotFound }],
          });
        }
        const { startsAt, endsAt, amount } = this.priced(body, profile.hourlyCharge);
        const opened = await this.open(tx, {
          lawyerId: actor.userId,
          clientId: client.id,
          title: body.title,
          startsAt,
          endsAt,
          amount,
          content: NotificationTexts.meetingScheduled(nameOf(actor), body.title, when(startsAt, endsAt), amount),
        });
        return { id: opened.meetingId, notification: opened.notification };
      }),
    );
    this.deps.notifications.deliver(notification);
    return this.get(actor, id);
  }

  /**
   * Opens a priced meeting in the caller's transaction: the meeting, its PENDING payment of
   * `amount`, its reminder and the client's notification (`content`; deliver() it after commit).
   * A lawyer's time already held by another meeting or a pending booking request makes the insert
   * fail with the `lawyer_time_guard` trigger's 23P01 (see refuseTakenTime).
   */
  async open(
    tx: Executor,
    input: {
      lawyerId: string;
      clientId: string;
      title: string;
      startsAt: Date;
      endsAt: Date;
      amount: string;
      content: LocalizedText;
    },
  ): Promise<{ meetingId: string; notification: CreatedNotification }> {
    const { meetings, payments, notifications, reminders, clock } = this.deps;
    const now = clock.now();
    const meeting = await meetings.create(
      {
        lawyerId: input.lawyerId,
        clientId: input.clientId,
        title: input.title,
        roomName: newRoomName(),
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        now,
      },
      tx,
    );
    await payments.open(
      {
        payerId: input.clientId,
        payeeId: input.lawyerId,
        meetingId: meeting.id,
        amount: input.amount,
        actorId: input.lawyerId,
        now,
      },
      tx,
    );
    await reminders.plan(tx, meeting);
    const notification = await notifications.notify(tx, {
      userId: input.clientId,
      type: 'MEETING_UPDATE',
      content: input.content,
      link: CLIENT_LINK,
    });
    return { meetingId: meeting.id, notification };
  }

  async update(actor: Actor, body: UpdateMeetingBody): Promise<Meeting> {
    const { db, meetings, payments, lawyers, notifications, reminders, clock } = this.deps;
    const notification = await refuseTakenTime(() =>
      db.transaction(async (tx) => {
        const row = await meetings.lockForParty(body.meetingId, actor.userId, tx);
        if (!row) throw notFound(MeetingMessages.meetingNotFound);
        const view = await this.lockedView(row.id, tx);
        assertMeetingEditable(actor.userId, facts(view), clock.now());
        const profile = await lawyers.lockProfile(actor.userId, tx);
        assertApproved(profile);
        if (profile?.hourlyCharge == null) throw badRequest(MeetingMessages.noHourlyCharge);
        const { startsAt, endsAt, amount } = this.priced(body, profile.hourlyCharge);
        const title = body.title ?? row.title;
        const now = clock.now();
        await meetings.update(row.id, { title, startsAt, endsAt, now }, tx);
        if (view.payment) await payments.reprice(view.payment.id, amount, now, tx);
        await reminders.plan(tx, { id: row.id, startsAt });
        return notifications.notify(tx, {
          userId: row.clientId,
          type: 'MEETING_UPDATE',
          content: NotificationTexts.meetingChanged(nameOf(actor), title, when(startsAt, endsAt), amount),
          link: CLIENT_LINK,
        });
      }),
    );
    notifications.deliver(notification);
    return this.get(actor, body.meetingId);
  }

  /** Cancels an unpaid meeting that has not started: its payment is CANCELED and the meeting removed. */
  async delete(actor: Actor, id: string): Promise<true> {
    const { db, meetings, payments, notifications, reminders, clock } = this.deps;
    const notification = await db.transaction(async (tx) => {
      const row = await meetings.lockForParty(id, actor.userId, tx);
      if (!row) throw notFound(MeetingMessages.meetingNotFound);
      const view = await this.lockedView(row.id, tx);
      const now = clock.now();
      assertMeetingEditable(actor.userId, facts(view), now);
      if (view.payment?.status === 'PENDING') await payments.cancelPending(view.payment.id, actor.userId, now, tx);
      await reminders.cancel(tx, row.id);
      await meetings.delete(row.id, tx);
      return notifications.notify(tx, {
        userId: row.clientId,
        type: 'MEETING_UPDATE',
        content: NotificationTexts.meetingCancelled(nameOf(actor), row.title, when(row.startsAt, row.endsAt)),
        link: CLIENT_LINK,
      });
    });
    notifications.deliver(notification);
    return true;
  }

  async get(actor: Actor, id: string, tx?: Executor): Promise<Meeting> {
    const view = await this.deps.meetings.viewForParty(id, actor.userId, tx);
    if (!view) throw notFound(MeetingMessages.meetingNotFound);
    return toMeeting(view);
  }

  async list(actor: Actor): Promise<Meeting[]> {
    return (await this.deps.meetings.listForParty(actor.userId)).map(toMeeting);
  }

  /** GET /videocalls/{id}/token: the room, for a party inside the joining window (the client paid). */
  async token(actor: Actor, id: string): Promise<MeetingToken> {
    const view = await this.deps.meetings.viewForParty(id, actor.userId);
    if (!view) throw notFound(MeetingMessages.meetingNotFound);
    const now = this.deps.clock.now();
    assertMayJoin(actor.userId, facts(view), now);
    const { jitsi, turn } = this.deps.video;
    const base = { meetingId: view.meeting.id, roomName: view.meeting.roomName, iceServers: iceServers(turn) };
    if (!jitsi) return { ...base, provider: 'webrtc', jwtToken: '', jitsiDomain: null };
    const domain = jitsi.domain ?? DEFAULT_JITSI_DOMAIN;
    return {
      ...base,
      provider: 'jitsi',
      jitsiDomain: domain,
      jwtToken: jitsiJwt(jitsi, domain, view, actor, now),
    };
  }

  /** Who may listen on /topic/call-{id}: the meeting's two parties. */
  async isParty(actor: { userId: string }, meetingId: string): Promise<boolean> {
    return (await this.deps.meetings.viewForParty(meetingId, actor.userId)) !== null;
  }

  /** Who may speak on /app/call/{id}/signal: a party inside the joining window (the client paid). */
  async canJoinCall(actor: { userId: string }, meetingId: string): Promise<boolean> {
    const view = await this.deps.meetings.viewForParty(meetingId, actor.userId);
    if (!view) return false;
    try {
      assertMayJoin(actor.userId, facts(view), this.deps.clock.now());
      return true;
    } catch {
      return false;
    }
  }

  /** The reminder job: both parties, unless the meeting moved, went, or has started. */
  async remind(job: MeetingReminderJob): Promise<void> {
    const { meetings, notifications, clock } = this.deps;
    const view = await meetings.view(job.meetingId);
    if (!view) return;
    const { meeting } = view;
    if (meeting.startsAt.getTime() !== Date.parse(job.startsAt)) return;
    if (clock.now() >= meeting.startsAt) return;
    const text = NotificationTexts.meetingReminder(
      meeting.title,
      MEETING_REMINDER_MINUTES,
      when(meeting.startsAt, meeting.endsAt),
    );
    const created: CreatedNotification[] = [];
    await this.deps.db.transaction(async (tx) => {
      for (const [userId, link] of [
        [meeting.clientId, CLIENT_LINK],
        [meeting.lawyerId, LAWYER_LINK],
      ] as const) {
        created.push(await notifications.notify(tx, { userId, type: 'MEETING_UPDATE', content: text, link }));
      }
    });
    notifications.deliver(created);
  }

  /** A locked meeting with its payment locked too, so the client cannot pay while it changes. */
  private async lockedView(id: string, tx: Executor): Promise<MeetingView> {
    const view = await this.deps.meetings.view(id, tx);
    if (!view) throw notFound(MeetingMessages.meetingNotFound);
    if (!view.payment) return view;
    const status = await this.deps.payments.lockStatus(view.payment.id, tx);
    return status ? { ...view, payment: { ...view.payment, status } } : view;
  }

  /** Times checked against now, and the price in taka (decimal string) for the lawyer's charge. */
  private priced(body: { startDateTime: string; endDateTime: string }, hourlyCharge: number) {
    const startsAt = new Date(body.startDateTime);
    const endsAt = new Date(body.endDateTime);
    if (startsAt.getTime() <= this.deps.clock.now().getTime()) {
      throw badRequest(MeetingMessages.startInPast, {
        fields: [{ field: 'startDateTime', message: MeetingMessages.startInPast }],
      });
    }
    // Prices are per whole minute: seconds are ignored (a 59.5-minute call is 60 minutes).
    const minutes = Math.max(1, Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000));
    return { startsAt, endsAt, amount: paisaToDecimal(meetingPricePaisa(hourlyCharge, minutes)) };
  }
}

function facts(view: MeetingView): MeetingFacts {
  return {
    lawyerId: view.meeting.lawyerId,
    clientId: view.meeting.clientId,
    startsAt: view.meeting.startsAt,
    endsAt: view.meeting.endsAt,
    paymentStatus: view.payment?.status ?? null,
  };
}

export function toMeeting(view: MeetingView): Meeting {
  const { meeting, payment } = view;
  return {
    id: meeting.id,
    title: meeting.title,
    roomName: meeting.roomName,
    client: view.client,
    lawyer: view.lawyer,
    startTimestamp: meeting.startsAt.toISOString(),
    endTimestamp: meeting.endsAt.toISOString(),
    paid: payment?.status === 'PAID' || payment?.status === 'RELEASED',
    payment: payment ? { id: payment.id, amount: Number(payment.amount), status: payment.status } : null,
    createdAt: meeting.createdAt.toISOString(),
    updatedAt: meeting.updatedAt.toISOString(),
  };
}

/** An unguessable room name (never taken from a client). */
function newRoomName(): string {
  return `lc-${randomBytes(16).toString('base64url')}`;
}

/** Runs a write of a lawyer's time; the trigger's refusal (another meeting or request holds it) → 409. */
export async function refuseTakenTime<T>(
  write: () => Promise<T>,
  message: string = MeetingMessages.timeTaken,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (lawyerTimeTaken(error)) throw conflict(message);
    throw error;
  }
}

const nameOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`;

function when(startsAt: Date, endsAt: Date) {
  const start = dhakaWallClock(startsAt);
  return whenText(start.date, start.time, dhakaWallClock(endsAt).time);
}

/** A Jitsi (prosody token auth) JWT for one room, valid from the joining window to the end. */
function jitsiJwt(
  jitsi: NonNullable<Config['jitsi']>,
  domain: string,
  view: MeetingView,
  actor: Actor,
  now: Date,
): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = b64({ alg: 'HS256', typ: 'JWT' });
  const payload = b64({
    aud: 'jitsi',
    iss: jitsi.appId,
    sub: domain,
    room: view.meeting.roomName,
    nbf: Math.floor((view.meeting.startsAt.getTime() - MEETING_JOIN_EARLY_MINUTES * 60_000) / 1000),
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(view.meeting.endsAt.getTime() / 1000),
    moderator: actor.userId === view.meeting.lawyerId,
    context: { user: { id: actor.userId, name: nameOf(actor), email: actor.email } },
  });
  const signature = createHmac('sha256', jitsi.appSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
