/**
 * Contact: how to reach support, and a form that only composes an email. There is no contact API, so
 * the form builds a `mailto:` link and hands it to the user's mail app; the page says so plainly and
 * keeps the link visible in case no mail app opens.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/form/select-field';
import { TextareaField } from '../../components/form/textarea-field';
import { TextField } from '../../components/form/text-field';
import { localDigits } from '../../lib/format';
import { defineMessages, useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './marketing.module.css';
import Button from '@mui/material/Button';

export const SUPPORT_EMAIL = 'support@legalconnect.com.bd';
/** Display form and dialling form of the support line. */
export const SUPPORT_PHONE = { display: '+880 9610-000000', tel: '+8809610000000' } as const;

export const contactMessages = defineMessages(
  {
    title: 'Contact us',
    lead: 'Questions about your account, a lawyer, a payment or your data? We are here to help.',
    reachTitle: 'Reach us',
    email: 'Email',
    phone: 'Phone',
    address: 'Office',
    addressText: 'Level 4, House 10, Road 11, Banani, Dhaka 1213, Bangladesh',
    hours: 'Hours',
    hoursText:
      'Sunday to Thursday, 10:00 am to 6:00 pm Bangladesh time (Asia/Dhaka, GMT+6). Closed on Fridays, Saturdays and public holidays.',
    urgentTitle: 'Urgent?',
    urgentText:
      'LegalConnect is not an emergency service. If you are in danger, call 999. For free government legal aid, call the national legal aid helpline 16430.',
    formTitle: 'Write to us',
    formNote:
      'This form does not send anything by itself: it opens your email app with your message filled in, and you press Send there.',
    name: 'Your name',
    topic: 'Topic',
    topicGeneral: 'General question',
    topicAccount: 'Account and sign-in',
    topicLawyer: 'Lawyer verification',
    topicPayment: 'Payments',
    topicPrivacy: 'Privacy request',
    topicOther: 'Something else',
    message: 'Message',
    messageHint: 'Do not include passwords or card numbers.',
    submit: 'Open in my email app',
    nameRequired: 'Please enter your name.',
    messageRequired: 'Please write your message.',
    opened:
      'Your email app should now be open with the message. If nothing happened, use this link or write to us directly:',
    openAgain: 'Open the message in my email app',
    subject: 'LegalConnect: {topic}',
    from: 'From: {name}',
    helpLink: 'Help centre',
    faqLink: 'Frequently asked questions',
    statusLink: 'System status',
  },
  {
    title: 'যোগাযোগ করুন',
    lead: 'অ্যাকাউন্ট, আইনজীবী, পেমেন্ট বা আপনার তথ্য নিয়ে কোনো প্রশ্ন আছে? আমরা সাহায্য করতে প্রস্তুত।',
    reachTitle: 'যোগাযোগের ঠিকানা',
    email: 'ইমেইল',
    phone: 'ফোন',
    address: 'অফিস',
    addressText: 'লেভেল ৪, বাড়ি ১০, সড়ক ১১, বনানী, ঢাকা ১২১৩, বাংলাদেশ',
    hours: 'সময়',
    hoursText:
      'রবিবার থেকে বৃহস্পতিবার, সকাল ১০টা থেকে সন্ধ্যা ৬টা (বাংলাদেশ সময়, GMT+৬)। শুক্র, শনিবার ও সরকারি ছুটির দিনে বন্ধ।',
    urgentTitle: 'জরুরি প্রয়োজন?',
    urgentText:
      'LegalConnect জরুরি সেবা নয়। আপনি বিপদে থাকলে ৯৯৯-এ কল করুন। বিনামূল্যে সরকারি আইনি সহায়তার জন্য জাতীয় আইনগত সহায়তা হেল্পলাইন ১৬৪৩০-এ কল করুন।',
    formTitle: 'আমাদের লিখুন',
    formNote:
      'এই ফর্ম নিজে কোনো বার্তা পাঠায় না: এটি আপনার লেখা বার্তাসহ ইমেইল অ্যাপ খুলে দেয়, এরপর সেখান থেকে আপনাকে Send চাপতে হবে।',
    name: 'আপনার নাম',
    topic: 'বিষয়',
    topicGeneral: 'সাধারণ প্রশ্ন',
    topicAccount: 'অ্যাকাউন্ট ও সাইন-ইন',
    topicLawyer: 'আইনজীবী যাচাই',
    topicPayment: 'পেমেন্ট',
    topicPrivacy: 'গোপনীয়তা সংক্রান্ত অনুরোধ',
    topicOther: 'অন্য কিছু',
    message: 'বার্তা',
    messageHint: 'পাসওয়ার্ড বা কার্ড নম্বর লিখবেন না।',
    submit: 'আমার ইমেইল অ্যাপে খুলুন',
    nameRequired: 'অনুগ্রহ করে আপনার নাম লিখুন।',
    messageRequired: 'অনুগ্রহ করে আপনার বার্তা লিখুন।',
    opened: 'এখন বার্তাসহ আপনার ইমেইল অ্যাপ খোলার কথা। কিছু না হলে এই লিংকটি ব্যবহার করুন অথবা সরাসরি আমাদের লিখুন:',
    openAgain: 'বার্তাটি আমার ইমেইল অ্যাপে খুলুন',
    subject: 'LegalConnect: {topic}',
    from: 'প্রেরক: {name}',
    helpLink: 'সহায়তা কেন্দ্র',
    faqLink: 'সাধারণ জিজ্ঞাসা',
    statusLink: 'সিস্টেমের অবস্থা',
  },
);

const TOPICS = ['General', 'Account', 'Lawyer', 'Payment', 'Privacy', 'Other'] as const;
type Topic = (typeof TOPICS)[number];

/** `mailto:` with subject and body encoded per RFC 6068 (line breaks as CRLF). */
export function composeMailto(to: string, subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${encode(subject)}&body=${encode(body)}`;
}

interface FormErrors {
  name?: boolean;
  message?: boolean;
}

function ContactForm() {
  const t = useT(contactMessages);
  const id = useId();
  const [name, setName] = useState('');
  const [topic, setTopic] = useState<Topic>('General');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [href, setHref] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FormErrors = { name: !name.trim(), message: !message.trim() };
    setErrors(next);
    if (next.name || next.message) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${next.name ? 'name' : 'message'}"]`)?.focus();
      return;
    }
    const mailto = composeMailto(
      SUPPORT_EMAIL,
      t('subject', { topic: t(`topic${topic}`) }),
      `${message.trim()}\n\n${t('from', { name: name.trim() })}`,
    );
    setHref(mailto);
    window.location.assign(mailto);
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('formTitle')}</h2>
      <p className={styles.hint}>{t('formNote')}</p>

      <TextField
        label={t('name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name ? t('nameRequired') : undefined}
        required
      />

      <SelectField
        label={t('topic')}
        name="topic"
        value={topic}
        onChange={(e) => setTopic(e.target.value as Topic)}
        options={TOPICS.map((value) => ({ value, label: t(`topic${value}`) }))}
      />

      <TextareaField
        label={t('message')}
        name="message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        hint={t('messageHint')}
        error={errors.message ? t('messageRequired') : undefined}
        required
      />

      <div>
        <Button type="submit" variant="contained" size="large">
          {t('submit')}
        </Button>
      </div>

      <div role="status">
        {href && (
          <p>
            {t('opened')} <a href={href}>{t('openAgain')}</a> · <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        )}
      </div>
    </form>
  );
}

export function ContactPage() {
  const t = useT(contactMessages);
  const { lang } = useLang();
  useDocumentTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageBody}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>

        <div className={styles.twoCols}>
          <section aria-labelledby="contact-reach">
            <h2 id="contact-reach">{t('reachTitle')}</h2>
            <dl className={styles.contactList}>
              <dt>{t('email')}</dt>
              <dd>
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </dd>
              <dt>{t('phone')}</dt>
              <dd>
                <a href={`tel:${SUPPORT_PHONE.tel}`}>{localDigits(SUPPORT_PHONE.display, lang)}</a>
              </dd>
              <dt>{t('address')}</dt>
              <dd>
                <address>{t('addressText')}</address>
              </dd>
              <dt>{t('hours')}</dt>
              <dd>{t('hoursText')}</dd>
            </dl>
            <div className={`${styles.note} ${styles.spaced}`}>
              <h3>{t('urgentTitle')}</h3>
              <p>{t('urgentText')}</p>
            </div>
            <ul>
              <li>
                <Link to="/help">{t('helpLink')}</Link>
              </li>
              <li>
                <Link to="/faq">{t('faqLink')}</Link>
              </li>
              <li>
                <Link to="/status">{t('statusLink')}</Link>
              </li>
            </ul>
          </section>
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
