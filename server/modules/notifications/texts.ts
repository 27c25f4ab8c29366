/**
 * What notifications say, in English and Bangla: one typed catalogue, so translations are reviewed
 * in one place (issue 20).
 *
 * Each entry renders its parameters in both languages. A notification stores its template's name and
 * its parameters (JSON), and is rendered when it is read, in the reader's language of that moment:
 * a change of language re-renders old notifications too. Parameters are what the caller passed
 * (names, titles, amounts as the contract's decimal strings, a `when` already in both languages), so
 * they must stay JSON values.
 *
 * To add a notification (a new module's), add an entry to NOTIFICATION_RENDERERS; NotificationTexts
 * then offers it with the same parameters, ready for notify({ content }).
 */
import { formatCount, formatMoney } from '../../../contract/format';
import type { LocalizedText } from '../../mail/templates';

/** A JSON value, as stored in `notifications.params`. */
export type NotificationParam = string | number | boolean | null | LocalizedText;

const NOTIFICATION_RENDERERS = {
  lawyerApproved: (): LocalizedText => ({
    en: 'Your lawyer profile has been approved. Clients can now find you in the LegalConnect directory.',
    bn: 'আপনার আইনজীবী প্রোফাইল অনুমোদিত হয়েছে। ক্লায়েন্টরা এখন LegalConnect ডিরেক্টরিতে আপনাকে খুঁজে পাবেন।',
  }),
  lawyerRejected: (reason: string | null): LocalizedText => ({
    en: `Your lawyer profile was not approved.${reason ? ` Reason: ${reason}` : ''} Please correct your profile or certificate and it will be reviewed again.`,
    bn: `আপনার আইনজীবী প্রোফাইল অনুমোদিত হয়নি।${reason ? ` কারণ: ${reason}` : ''} প্রোফাইল বা সনদ সংশোধন করুন, এটি আবার পর্যালোচনা করা হবে।`,
  }),
  lawyerReverification: (): LocalizedText => ({
    en: 'You changed details that an admin verifies, so your profile is waiting for verification again. It returns to the directory once approved.',
    bn: 'আপনি যাচাইযোগ্য তথ্য পরিবর্তন করেছেন, তাই আপনার প্রোফাইল আবার যাচাইয়ের অপেক্ষায় আছে। অনুমোদনের পর এটি আবার ডিরেক্টরিতে দেখা যাবে।',
  }),
  reviewAdded: (clientName: string, rating: number): LocalizedText => ({
    en: `${clientName} reviewed you: ${rating} out of 5.`,
    bn: `${clientName} আপনাকে রিভিউ দিয়েছেন: ৫-এর মধ্যে ${formatCount(rating, 'bn')}।`,
  }),
  feedbackAnswered: (status: 'OPEN' | 'RESOLVED', response: string | null): LocalizedText => ({
    en: `${status === 'RESOLVED' ? 'Your feedback has been resolved.' : 'Your feedback has been answered.'}${response ? ` Response: ${response}` : ''}`,
    bn: `${status === 'RESOLVED' ? 'আপনার মতামতের সমাধান হয়েছে।' : 'আপনার মতামতের উত্তর দেওয়া হয়েছে।'}${response ? ` উত্তর: ${response}` : ''}`,
  }),
  complaintUpdated: (
    lawyerName: string,
    status: 'OPEN' | 'IN_REVIEW' | 'RESOLVED' | 'DISMISSED',
    response: string | null,
  ): LocalizedText => {
    const en = {
      OPEN: 'is open again',
      IN_REVIEW: 'is being reviewed',
      RESOLVED: 'has been resolved',
      DISMISSED: 'has been dismissed',
    }[status];
    const bn = {
      OPEN: 'আবার খোলা হয়েছে',
      IN_REVIEW: 'পর্যালোচনা করা হচ্ছে',
      RESOLVED: 'সমাধান করা হয়েছে',
      DISMISSED: 'খারিজ করা হয়েছে',
    }[status];
    return {
      en: `Your complaint about ${lawyerName} ${en}.${response ? ` Response: ${response}` : ''}`,
      bn: `${lawyerName}-এর বিরুদ্ধে আপনার অভিযোগ ${bn}।${response ? ` উত্তর: ${response}` : ''}`,
    };
  },
  /** A chat message's notification and push: who wrote and how it starts. */
  chatMessage: (senderName: string, preview: string): LocalizedText => ({
    en: `New message from ${senderName}: ${preview}`,
    bn: `${senderName}-এর নতুন বার্তা: ${preview}`,
  }),
  /** To the client: a lawyer opened a case for them. */
  caseCreated: (lawyerName: string, title: string): LocalizedText => ({
    en: `${lawyerName} opened a case for you: ${title}`,
    bn: `${lawyerName} আপনার জন্য একটি মামলা খুলেছেন: ${title}`,
  }),
  /** To the client: the lawyer changed the case's title or description. */
  caseUpdated: (lawyerName: string, title: string): LocalizedText => ({
    en: `${lawyerName} updated your case: ${title}`,
    bn: `${lawyerName} আপনার মামলা হালনাগাদ করেছেন: ${title}`,
  }),
  /** To the client: the lawyer moved the case to another status. */
  caseStatusChanged: (title: string, status: 'IN_PROGRESS' | 'RESOLVED'): LocalizedText => ({
    en: `Your case "${title}" is now ${status === 'RESOLVED' ? 'resolved' : 'in progress again'}.`,
    bn: `আপনার মামলা "${title}" এখন ${status === 'RESOLVED' ? 'নিষ্পত্তি হয়েছে' : 'আবার চলমান'}।`,
  }),
  /** To the other party: a SHARED note was added to the case. */
  noteShared: (authorName: string, caseTitle: string, noteTitle: string): LocalizedText => ({
    en: `${authorName} added a note to "${caseTitle}": ${noteTitle}`,
    bn: `${authorName} "${caseTitle}" মামলায় একটি নোট যোগ করেছেন: ${noteTitle}`,
  }),
  /** To the other party: a document of the case was shared with them (uploaded SHARED, or made SHARED). */
  documentShared: (uploaderName: string, caseTitle: string, documentTitle: string): LocalizedText => ({
    en: `${uploaderName} shared a document in "${caseTitle}": ${documentTitle}`,
    bn: `${uploaderName} "${caseTitle}" মামলায় একটি নথি শেয়ার করেছেন: ${documentTitle}`,
  }),
  /** To the other party: a schedule was added to the case (`when`: date and times, Dhaka). */
  scheduleAdded: (authorName: string, title: string, caseTitle: string, when: LocalizedText): LocalizedText => ({
    en: `${authorName} added "${title}" to "${caseTitle}": ${when.en} (Dhaka time)`,
    bn: `${authorName} "${caseTitle}" মামলায় "${title}" যোগ করেছেন: ${when.bn} (ঢাকা সময়)`,
  }),
  /** To the other party: a schedule of the case was changed; `when` is its new time. */
  scheduleChanged: (authorName: string, title: string, caseTitle: string, when: LocalizedText): LocalizedText => ({
    en: `${authorName} changed "${title}" in "${caseTitle}": now ${when.en} (Dhaka time)`,
    bn: `${authorName} "${caseTitle}" মামলার "${title}" পরিবর্তন করেছেন: এখন ${when.bn} (ঢাকা সময়)`,
  }),
  /** To the other party: a schedule of the case was deleted. */
  scheduleRemoved: (authorName: string, title: string, caseTitle: string, when: LocalizedText): LocalizedText => ({
    en: `${authorName} removed "${title}" (${when.en}) from "${caseTitle}"`,
    bn: `${authorName} "${caseTitle}" মামলা থেকে "${title}" (${when.bn}) সরিয়ে দিয়েছেন`,
  }),
  /** To a follower: an author they follow published a post. */
  blogPublished: (authorName: string, title: string): LocalizedText => ({
    en: `${authorName} published a new article: ${title}`,
    bn: `${authorName} একটি নতুন নিবন্ধ প্রকাশ করেছেন: ${title}`,
  }),
  /** To the client: a lawyer scheduled a paid video meeting (`when`: Dhaka date and times). */
  meetingScheduled: (lawyerName: string, title: string, when: LocalizedText, amount: string): LocalizedText => ({
    en: `${lawyerName} scheduled a video meeting "${title}": ${when.en} (Dhaka time). Price ${formatMoney(amount, 'en')} — pay to confirm.`,
    bn: `${lawyerName} একটি ভিডিও মিটিং "${title}" নির্ধারণ করেছেন: ${when.bn} (ঢাকা সময়)। মূল্য ${formatMoney(amount, 'bn')} — নিশ্চিত করতে পরিশোধ করুন।`,
  }),
  /** To the client: the meeting moved. */
  meetingChanged: (lawyerName: string, title: string, when: LocalizedText, amount: string): LocalizedText => ({
    en: `${lawyerName} moved the video meeting "${title}" to ${when.en} (Dhaka time). Price ${formatMoney(amount, 'en')}.`,
    bn: `${lawyerName} ভিডিও মিটিং "${title}" সরিয়ে ${when.bn} (ঢাকা সময়) করেছেন। মূল্য ${formatMoney(amount, 'bn')}।`,
  }),
  /** To the client: the lawyer cancelled an unpaid meeting. */
  meetingCancelled: (lawyerName: string, title: string, when: LocalizedText): LocalizedText => ({
    en: `${lawyerName} cancelled the video meeting "${title}" (${when.en}).`,
    bn: `${lawyerName} ভিডিও মিটিং "${title}" (${when.bn}) বাতিল করেছেন।`,
  }),
  /** To both parties, MEETING_REMINDER_MINUTES before the start. */
  meetingReminder: (title: string, minutes: number, when: LocalizedText): LocalizedText => ({
    en: `Reminder: the video meeting "${title}" starts in ${minutes} minutes: ${when.en} (Dhaka time). Join from the meeting card.`,
    bn: `অনুস্মারক: ভিডিও মিটিং "${title}" ${formatCount(minutes, 'bn')} মিনিট পরে শুরু হবে: ${when.bn} (ঢাকা সময়)। মিটিং কার্ড থেকে যোগ দিন।`,
  }),
  /** To the lawyer: a client asked for a consultation in one of their free times (issue 19). */
  bookingRequested: (clientName: string, when: LocalizedText, minutes: number, amount: string): LocalizedText => ({
    en: `${clientName} asked for a ${minutes}-minute consultation: ${when.en} (Dhaka time), ${formatMoney(amount, 'en')}. Accept or decline it from your meetings.`,
    bn: `${clientName} ${formatCount(minutes, 'bn')} মিনিটের পরামর্শ চেয়েছেন: ${when.bn} (ঢাকা সময়), ${formatMoney(amount, 'bn')}। আপনার মিটিং পাতা থেকে গ্রহণ বা প্রত্যাখ্যান করুন।`,
  }),
  /** To the client: the lawyer accepted; the meeting exists with its PENDING payment. */
  bookingAccepted: (lawyerName: string, when: LocalizedText, amount: string): LocalizedText => ({
    en: `${lawyerName} accepted your consultation request: ${when.en} (Dhaka time). Price ${formatMoney(amount, 'en')} — pay to confirm.`,
    bn: `${lawyerName} আপনার পরামর্শের অনুরোধ গ্রহণ করেছেন: ${when.bn} (ঢাকা সময়)। মূল্য ${formatMoney(amount, 'bn')} — নিশ্চিত করতে পরিশোধ করুন।`,
  }),
  /** To the client: the lawyer declined, with their reason. */
  bookingDeclined: (lawyerName: string, when: LocalizedText, reason: string): LocalizedText => ({
    en: `${lawyerName} declined your consultation request for ${when.en} (Dhaka time). Reason: ${reason}`,
    bn: `${lawyerName} ${when.bn} (ঢাকা সময়)-এর জন্য আপনার পরামর্শের অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: ${reason}`,
  }),
  /** To the client: nobody answered in time; the time is free again. */
  bookingExpired: (lawyerName: string, when: LocalizedText): LocalizedText => ({
    en: `Your consultation request to ${lawyerName} for ${when.en} (Dhaka time) expired without an answer. You can book another free time.`,
    bn: `${lawyerName}-এর কাছে ${when.bn} (ঢাকা সময়)-এর জন্য আপনার পরামর্শের অনুরোধের উত্তর না পাওয়ায় মেয়াদ শেষ হয়েছে। আপনি অন্য একটি খালি সময় বুক করতে পারেন।`,
  }),
  /** To the lawyer: the client withdrew their request. */
  bookingCancelled: (clientName: string, when: LocalizedText): LocalizedText => ({
    en: `${clientName} withdrew the consultation request for ${when.en} (Dhaka time). The time is free again.`,
    bn: `${clientName} ${when.bn} (ঢাকা সময়)-এর পরামর্শের অনুরোধ প্রত্যাহার করেছেন। সময়টি আবার খালি।`,
  }),
  /** To the lawyer: the client paid; the money is held until after the meeting. */
  paymentHeld: (clientName: string, title: string, amount: string): LocalizedText => ({
    en: `${clientName} paid ${formatMoney(amount, 'en')} for "${title}". The money is held until after the meeting.`,
    bn: `${clientName} "${title}"-এর জন্য ${formatMoney(amount, 'bn')} পরিশোধ করেছেন। মিটিংয়ের পর পর্যন্ত অর্থ জমা থাকবে।`,
  }),
  /** To the lawyer: the held money was released to them (by the client, or automatically). */
  paymentReleased: (title: string, amount: string, automatic: boolean): LocalizedText => ({
    en: `${formatMoney(amount, 'en')} for "${title}" was released to you${automatic ? ' automatically after the meeting' : ' by your client'}.`,
    bn: automatic
      ? `"${title}"-এর ${formatMoney(amount, 'bn')} মিটিংয়ের পর স্বয়ংক্রিয়ভাবে আপনাকে ছাড় করা হয়েছে।`
      : `আপনার ক্লায়েন্ট "${title}"-এর ${formatMoney(amount, 'bn')} আপনাকে ছাড় করেছেন।`,
  }),
  /** To the client: the automatic release paid their lawyer. */
  paymentReleasedToLawyer: (title: string, amount: string): LocalizedText => ({
    en: `The ${formatMoney(amount, 'en')} held for "${title}" was released to your lawyer automatically after the meeting.`,
    bn: `"${title}"-এর জন্য জমা রাখা ${formatMoney(amount, 'bn')} মিটিংয়ের পর স্বয়ংক্রিয়ভাবে আপনার আইনজীবীকে ছাড় করা হয়েছে।`,
  }),
  /** To the lawyer: the client cancelled the payment (refunded when it was held). */
  paymentCancelled: (title: string, amount: string, refunded: boolean): LocalizedText => ({
    en: refunded
      ? `Your client cancelled "${title}" before it started; the ${formatMoney(amount, 'en')} hold was returned to them.`
      : `Your client cancelled the unpaid payment of ${formatMoney(amount, 'en')} for "${title}".`,
    bn: refunded
      ? `আপনার ক্লায়েন্ট শুরুর আগে "${title}" বাতিল করেছেন; ${formatMoney(amount, 'bn')} তাঁকে ফেরত দেওয়া হয়েছে।`
      : `আপনার ক্লায়েন্ট "${title}"-এর ${formatMoney(amount, 'bn')} অপরিশোধিত পেমেন্ট বাতিল করেছেন।`,
  }),
  /** To the client: bKash ended the hold before release, so the money stayed with them. */
  paymentHoldExpiredToClient: (title: string, amount: string): LocalizedText => ({
    en: `bKash ended the hold of ${formatMoney(amount, 'en')} for "${title}" before it was released, so the money stays in your bKash account. Pay again to keep the meeting.`,
    bn: `ছাড়ের আগেই bKash "${title}"-এর ${formatMoney(amount, 'bn')} জমা রাখার মেয়াদ শেষ করেছে, তাই অর্থ আপনার bKash অ্যাকাউন্টেই আছে। মিটিং রাখতে আবার পরিশোধ করুন।`,
  }),
  /** To the lawyer: the client's bKash hold expired before release; nothing was paid. */
  paymentHoldExpiredToLawyer: (title: string, amount: string): LocalizedText => ({
    en: `bKash ended the client's hold of ${formatMoney(amount, 'en')} for "${title}" before it was released, so it was not paid to you. The client has been asked to pay again.`,
    bn: `ছাড়ের আগেই bKash ক্লায়েন্টের "${title}"-এর ${formatMoney(amount, 'bn')} জমা রাখার মেয়াদ শেষ করেছে, তাই তা আপনাকে পরিশোধ হয়নি। ক্লায়েন্টকে আবার পরিশোধ করতে বলা হয়েছে।`,
  }),
  /** To both parties, 24 hours and 1 hour before a schedule starts. */
  scheduleReminder: (
    lead: '24h' | '1h',
    typeName: LocalizedText,
    title: string,
    caseTitle: string,
    when: LocalizedText,
  ): LocalizedText => ({
    en: `Reminder: ${typeName.en} "${title}" for "${caseTitle}" starts in ${lead === '24h' ? '24 hours' : '1 hour'}: ${when.en} (Dhaka time)`,
    bn: `অনুস্মারক: "${caseTitle}" মামলার ${typeName.bn} "${title}" ${lead === '24h' ? '২৪ ঘণ্টা' : '১ ঘণ্টা'} পরে শুরু হবে: ${when.bn} (ঢাকা সময়)`,
  }),
} satisfies Record<string, (...params: never[]) => LocalizedText>;

type Renderers = typeof NOTIFICATION_RENDERERS;
export type NotificationTemplate = keyof Renderers;

/** What notify() takes: both languages now, and what re-renders them later. */
export interface NotificationContent extends LocalizedText {
  template: NotificationTemplate;
  params: NotificationParam[];
}

function content<K extends NotificationTemplate>(
  template: K,
  ...params: Parameters<Renderers[K]>
): NotificationContent {
  const render = NOTIFICATION_RENDERERS[template] as (...args: Parameters<Renderers[K]>) => LocalizedText;
  return { ...render(...params), template, params: params as NotificationParam[] };
}

/** `NotificationTexts.caseCreated(lawyerName, title)`: the typed way to say each notification. */
export const NotificationTexts = Object.fromEntries(
  (Object.keys(NOTIFICATION_RENDERERS) as NotificationTemplate[]).map((template) => [
    template,
    (...params: never[]) => content(template, ...(params as never as Parameters<Renderers[typeof template]>)),
  ]),
) as { [K in NotificationTemplate]: (...params: Parameters<Renderers[K]>) => NotificationContent };

/**
 * A stored notification's text in `lang`, or null when its template is unknown (a row written before
 * templates, or by a newer server): the caller then shows the stored content.
 */
export function renderNotification(template: string | null, params: unknown, lang: 'en' | 'bn'): string | null {
  if (!template || !Object.hasOwn(NOTIFICATION_RENDERERS, template) || !Array.isArray(params)) return null;
  try {
    const render = NOTIFICATION_RENDERERS[template as NotificationTemplate] as (...args: unknown[]) => LocalizedText;
    const text = render(...(params as unknown[]))[lang];
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}
