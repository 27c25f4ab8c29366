/**
 * Bangla for the English texts of the contract (server messages, docs/product.md §8 status texts, docs/product.md §5 auth
 * texts, field-validation messages, password rules). The server always answers in English — clients
 * of the reference system match on those texts — so the client translates at display time, keyed
 * by the English text, and shows the server's own words when it meets one it does not know.
 */
import { useCallback } from 'react';
import { PASSWORD_RULES, type PasswordRule } from '../../contract/password-rules';
import {
  NAME_MAX,
  NAME_MIN,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SPECIALS,
} from '../../contract/constants';
import { ClientAuthMessages, NotificationClientMessages, ServerMessages, StatusMessages } from '../../contract/errors';
// The domain texts from contract/messages.ts, not from their schema modules: this file is on every
// screen that shows an error, /login included, and must not bring zod along (docs/benchmarks.md #18).
import {
  BookingMessages,
  CalendarMessages,
  ChatMessages,
  DocumentMessages,
  MeetingMessages,
  PaymentMessages,
  PushMessages,
  ScheduleMessages,
  TextStatusMessages,
} from '../../contract/messages';
import type { ErrorReason } from '../../contract/error-reasons';
import { genericReason } from '../../contract/error-reasons';
import { ERROR_REASON_TEXT, isKnownReason } from './error-reasons-text';
import { recordedErrorReason } from './error-reason-registry';
import { toBengaliDigits, useLang, type Lang } from './i18n';

const S = ServerMessages;
const C = ClientAuthMessages;
const H = StatusMessages;
const N = NotificationClientMessages;
const D = DocumentMessages;
const SM = ScheduleMessages;
const CM = CalendarMessages;
const MM = MeetingMessages;
const PM = PaymentMessages;
const CH = ChatMessages;
const range = `${toBengaliDigits(String(NAME_MIN))} থেকে ${toBengaliDigits(String(NAME_MAX))}`;

/** English contract text → Bangla. Keys are the contract's own constants, so a reworded text stays matched. */
export const CONTRACT_TEXT_BN: Readonly<Record<string, string>> = {
  [S.validationFailed]: 'তথ্য যাচাই ব্যর্থ হয়েছে',
  [S.malformedJson]: 'অনুরোধের তথ্য সঠিক আকারে নেই',
  [S.unauthorized]: 'সাইন ইন করা প্রয়োজন',
  [S.invalidToken]: 'টোকেন অবৈধ বা মেয়াদোত্তীর্ণ',
  [S.emailNotVerified]: 'এটি দেখার আগে অনুগ্রহ করে আপনার ইমেইল যাচাই করুন',
  [S.accessDenied]: 'প্রবেশাধিকার নেই। এটি দেখার অনুমতি আপনার নেই।',
  [S.notFound]: 'খুঁজে পাওয়া যায়নি',
  [S.routeNotFound]: 'এই অনুরোধের কোনো ঠিকানা নেই',
  [S.rateLimited]: 'অনেক বেশি অনুরোধ। আবার চেষ্টা করার আগে একটু অপেক্ষা করুন।',
  [S.passwordCheckBusy]: 'সার্ভার এখন পাসওয়ার্ড যাচাইয়ে ব্যস্ত। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
  [S.internal]: 'একটি অপ্রত্যাশিত ত্রুটি ঘটেছে',
  [S.payloadTooLarge]: 'পাঠানো তথ্য অনেক বড়',
  [S.unsupportedMediaType]: 'এই ধরনের বিষয়বস্তু সমর্থিত নয়',
  [S.idempotencyMismatch]: 'এই অনুরোধ-চাবি আগে অন্য একটি অনুরোধে ব্যবহার হয়েছে',
  [S.idempotencyInProgress]: 'এই অনুরোধ-চাবির অনুরোধটি এখনও প্রক্রিয়াধীন',
  [S.invalidText]: 'লেখায় NUL অক্ষর বা ভাঙা ইউনিকোড থাকতে পারবে না',
  [S.malformedMultipart]: 'ফাইল পাঠানোর অনুরোধটি ত্রুটিপূর্ণ',
  [S.malformedUrl]: 'অনুরোধের ঠিকানাটি ত্রুটিপূর্ণ',
  [S.urlTooLong]: 'অনুরোধের ঠিকানাটি অনেক লম্বা',
  [S.headersTooLarge]: 'অনুরোধের ঠিকানা বা হেডার অনেক বড়',
  [S.malformedRequest]: 'অনুরোধটি ত্রুটিপূর্ণ',
  [S.userExists]: 'এই ইমেইলে ইতিমধ্যে একটি অ্যাকাউন্ট আছে',
  [S.invalidCredentials]: 'ইমেইল বা পাসওয়ার্ড সঠিক নয়',
  [S.verificationCodeSent]: 'যাচাই কোড আপনার ইমেইলে পাঠানো হয়েছে',
  [S.emailAlreadyVerified]: 'ইমেইল ইতিমধ্যে যাচাই করা হয়েছে',
  [S.invalidVerificationCode]: 'যাচাই কোড ভুল বা মেয়াদোত্তীর্ণ',
  [S.otpInvalid]: 'ওটিপি ভুল বা মেয়াদোত্তীর্ণ',
  [S.otpCooldown]: 'আরেকটি কোড চাওয়ার আগে একটু অপেক্ষা করুন',
  [S.refreshInvalid]: 'সেশন নবায়ন করা যায়নি',
  [S.logoutSuccessful]: 'সফলভাবে সাইন আউট হয়েছে',
  [S.oldPasswordIncorrect]: 'পুরোনো পাসওয়ার্ড সঠিক নয়',
  [S.passwordSame]: 'পুরোনো ও নতুন পাসওয়ার্ড একই হতে পারবে না',
  [S.invalidImage]: 'প্রোফাইল ছবি অবশ্যই সর্বোচ্চ ৫ MB-এর PNG, JPEG বা WebP ছবি হতে হবে',
  [S.fileRequired]: 'একটি ফাইল প্রয়োজন',
  [S.passwordIncorrect]: 'পাসওয়ার্ড সঠিক নয়',
  [S.deleteConfirmationRequired]: 'নিশ্চিত করতে DELETE লিখুন',
  [S.accountDeletionPaymentsOpen]:
    'আপনার কিছু পেমেন্ট অপেক্ষমাণ বা এসক্রোতে জমা আছে। সেগুলো বাতিল বা ছাড় করুন, অথবা নিষ্পত্তি হওয়া পর্যন্ত অপেক্ষা করুন, তারপর অ্যাকাউন্ট মুছুন।',
  [S.accountDeleted]: 'আপনার অ্যাকাউন্ট মুছে ফেলা হয়েছে',
  [S.registered]: 'নিবন্ধন সফল হয়েছে। আপনার ইমেইলে একটি যাচাই কোড পাঠানো হয়েছে।',
  [S.loggedIn]: 'সফলভাবে সাইন ইন হয়েছে',
  [S.emailVerified]: 'ইমেইল সফলভাবে যাচাই হয়েছে',
  [S.passwordReset]: 'পাসওয়ার্ড সফলভাবে রিসেট হয়েছে',
  [S.passwordChanged]: 'পাসওয়ার্ড সফলভাবে পরিবর্তন হয়েছে',
  [S.tokenRefreshed]: 'সেশন নবায়ন হয়েছে',
  [S.userInfo]: 'ব্যবহারকারীর তথ্য পাওয়া গেছে',
  [S.profilePictureUpdated]: 'প্রোফাইল ছবি হালনাগাদ হয়েছে',
  [S.languageUpdated]: 'ভাষা বদলানো হয়েছে',
  [C.invalidAuthResponse]: 'সার্ভার থেকে সাইন ইনের উত্তর সঠিক নয়',
  [C.invalidAuthToken]: 'প্রাপ্ত সাইন ইন টোকেন সঠিক নয়',
  [C.loginFailed]: 'সাইন ইন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।',
  [C.registrationFailed]: 'নিবন্ধন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।',
  [C.sendOtpFailed]: 'ওটিপি পাঠানো যায়নি। আবার চেষ্টা করুন।',
  [C.sendOtpSuccess]: 'ওটিপি সফলভাবে পাঠানো হয়েছে',
  [C.resetFailed]: 'পাসওয়ার্ড রিসেট করা যায়নি। আবার চেষ্টা করুন।',
  [C.sendCodeFailed]: 'যাচাই কোড পাঠানো যায়নি। আবার চেষ্টা করুন।',
  [C.sendCodeSuccess]: 'যাচাই কোড সফলভাবে পাঠানো হয়েছে',
  [C.verifyFailed]: 'ইমেইল যাচাই করা যায়নি। আবার চেষ্টা করুন।',
  [C.changePasswordFailed]: 'পাসওয়ার্ড পরিবর্তন করা যায়নি।',
  [C.changePasswordSuccess]: 'পাসওয়ার্ড সফলভাবে পরিবর্তন হয়েছে।',
  [H.badRequest]: 'অনুরোধটি সঠিক নয়। আপনার দেওয়া তথ্য যাচাই করুন।',
  [H.unauthorized]: 'আপনার অনুমতি নেই। আবার সাইন ইন করুন।',
  [H.forbidden]: 'প্রবেশাধিকার নেই। এই কাজের অনুমতি আপনার নেই।',
  [H.notFound]: 'যা খুঁজছেন তা পাওয়া যায়নি।',
  [H.server]: 'সার্ভারে সমস্যা হয়েছে। পরে আবার চেষ্টা করুন।',
  [H.network]: 'নেটওয়ার্কে সমস্যা। সংযোগ পরীক্ষা করে আবার চেষ্টা করুন।',
  [H.offline]: 'ইন্টারনেট সংযোগ নেই। নেটওয়ার্ক পরীক্ষা করে আবার চেষ্টা করুন।',
  // docs/product.md §8 notification and websocket texts
  [N.fetchFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও বিজ্ঞপ্তি আনা যায়নি',
  [N.unreadFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও অপঠিত সংখ্যা আনা যায়নি',
  [N.markReadFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও বিজ্ঞপ্তিটি পঠিত করা যায়নি',
  [N.markAllFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও সব বিজ্ঞপ্তি পঠিত করা যায়নি',
  [N.preferencesFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও বিজ্ঞপ্তির পছন্দ আনা যায়নি',
  [N.preferenceUpdateFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও বিজ্ঞপ্তির পছন্দ বদলানো যায়নি',
  [N.sendFailedAfterRetries]: 'কয়েকবার চেষ্টা করেও বিজ্ঞপ্তি পাঠানো যায়নি',
  [N.fetchFailed]: 'বিজ্ঞপ্তি আনা যায়নি',
  [N.unreadFailed]: 'অপঠিত সংখ্যা আনা যায়নি',
  [N.markReadFailed]: 'বিজ্ঞপ্তিটি পঠিত করা যায়নি',
  [N.markAllFailed]: 'সব বিজ্ঞপ্তি পঠিত করা যায়নি',
  [N.preferencesFailed]: 'বিজ্ঞপ্তির পছন্দ আনা যায়নি',
  [N.preferenceUpdateFailed]: 'বিজ্ঞপ্তির পছন্দ বদলানো যায়নি',
  [N.connectFailed]: 'বিজ্ঞপ্তি সেবার সঙ্গে সংযোগ করা যায়নি',
  [N.loadDataFailed]: 'বিজ্ঞপ্তির তথ্য লোড করা যায়নি',
  [N.dropdownFailed]: 'বিজ্ঞপ্তি লোড করা যায়নি',
  [N.disconnectedBanner]: 'বিজ্ঞপ্তি সেবার সঙ্গে সংযোগ বিচ্ছিন্ন। কিছু সুবিধা এখন কাজ নাও করতে পারে।',
  'Max reconnection attempts reached': 'সর্বোচ্চ সংখ্যকবার আবার সংযোগের চেষ্টা করা হয়েছে',
  'Failed to connect after 5 attempts': '৫ বার চেষ্টা করেও সংযোগ করা যায়নি',
  'WebSocket is not connected': 'সরাসরি সংযোগ এখন নেই',
  'Token and userId are required for WebSocket connection': 'সরাসরি সংযোগের জন্য সাইন ইন প্রয়োজন',
  'Notification not found': 'বিজ্ঞপ্তিটি পাওয়া যায়নি',
  [PushMessages.endpointNotAllowed]: 'এই ব্রাউজারের পুশ সেবায় সার্ভার বিজ্ঞপ্তি পাঠায় না',
  // Case documents (contract/documents.ts)
  [D.documentNotFound]: 'নথিটি পাওয়া যায়নি',
  [D.documentUploaded]: 'নথি আপলোড হয়েছে',
  [D.documentUpdated]: 'নথি হালনাগাদ হয়েছে',
  [D.documentDeleted]: 'নথি মুছে ফেলা হয়েছে',
  [D.oneFileOnly]: 'একবারে একটি ফাইল আপলোড করুন',
  [D.fileEmpty]: 'ফাইলটি খালি',
  [D.fileTooLarge]: 'ফাইলটি ১০ MB-এর চেয়ে বড়',
  [D.unsupportedType]: 'শুধু PDF, DOCX, TXT, PNG ও JPEG ফাইল গ্রহণ করা হয়',
  [D.nameMismatch]: 'ফাইলের নাম তার বিষয়বস্তুর সঙ্গে মেলে না',
  [TextStatusMessages.NO_TEXT]: 'এই ফাইলে খোঁজার মতো কোনো লেখা নেই',
  [TextStatusMessages.UNSEARCHABLE_ENCODING]:
    'এই ফাইলের লেখা খোঁজা যাবে না: এটি SutonnyMJ-এর মতো বিজয় ফন্টে লেখা। খোঁজার উপযোগী করতে ইউনিকোড বাংলা ফন্টে সংরক্ষণ করুন।',
  [TextStatusMessages.FAILED]: 'খোঁজার জন্য এই ফাইলের লেখা পড়া যায়নি',
  'inline must be true or false': 'inline-এর মান true বা false হতে হবে',
  // Field messages of contract/auth.ts
  'Email is required': 'ইমেইল দিন',
  'Email is too long': 'ইমেইলটি অনেক দীর্ঘ',
  'Email must be a valid email address': 'সঠিক ইমেইল ঠিকানা দিন',
  'Password is required': 'পাসওয়ার্ড দিন',
  'Old password is required': 'পুরোনো পাসওয়ার্ড দিন',
  'First name is required': 'নামের প্রথম অংশ দিন',
  'Last name is required': 'নামের শেষ অংশ দিন',
  [`First name must be between ${NAME_MIN} and ${NAME_MAX} characters`]: `নামের প্রথম অংশ ${range} অক্ষরের হতে হবে`,
  [`Last name must be between ${NAME_MIN} and ${NAME_MAX} characters`]: `নামের শেষ অংশ ${range} অক্ষরের হতে হবে`,
  'Verification code is required': 'যাচাই কোড দিন',
  [`Verification code must be ${OTP_LENGTH} digits`]: `যাচাই কোড ${toBengaliDigits(String(OTP_LENGTH))} অঙ্কের হতে হবে`,
  // Schedules and the calendar (contract/schedules.ts)
  [SM.scheduleNotFound]: 'সময়সূচিটি পাওয়া যায়নি',
  [SM.scheduleCreated]: 'সময়সূচি যোগ করা হয়েছে',
  [SM.scheduleUpdated]: 'সময়সূচি হালনাগাদ হয়েছে',
  [SM.scheduleDeleted]: 'সময়সূচি মুছে ফেলা হয়েছে',
  [SM.caseResolved]: 'নিষ্পন্ন মামলায় নতুন সময়সূচি যোগ করা যায় না',
  [SM.endBeforeStart]: 'শেষের সময় অবশ্যই শুরুর সময়ের পরে হতে হবে',
  [SM.invalidDate]: 'সঠিক তারিখ দিন (YYYY-MM-DD)',
  [SM.invalidTime]: 'সময় HH:mm আকারে দিন',
  [SM.oneDay]: 'তারিখ, শুরু ও শেষ ঢাকার সময়ে একই দিনে হতে হবে',
  [SM.rangeOrder]: 'তারিখের সীমার শেষ দিন শুরুর দিনের আগে হতে পারবে না',
  [SM.titleRequired]: 'শিরোনাম দিন',
  [SM.titleLength]: 'শিরোনাম ২ থেকে ২৫৫ অক্ষরের হতে হবে',
  [SM.descriptionText]: 'বিবরণ লেখা আকারে দিন',
  [SM.descriptionLength]: 'বিবরণ সর্বোচ্চ ২০০০ অক্ষরের হতে পারে',
  [SM.invalidCaseId]: 'মামলার আইডি সঠিক নয়',
  [CM.feedUrl]: 'ক্যালেন্ডার ফিডের ঠিকানা',
  [CM.feedRotated]: 'ক্যালেন্ডার ফিডের ঠিকানা বদলানো হয়েছে; পুরোনো ঠিকানা আর কাজ করবে না',
  [CM.googleNotConfigured]: 'Google ক্যালেন্ডার সংযোগ চালু করা হয়নি',
  [CM.googleAuthorize]: 'Google ক্যালেন্ডার যুক্ত করতে এই ঠিকানাটি খুলুন',
  [CM.googleStateInvalid]: 'Google অনুমোদনের অনুরোধটি সঠিক নয় বা মেয়াদোত্তীর্ণ',
  // Video meetings (contract/meetings.ts); its end-time, title and email texts are the schedules' and auth's
  [MM.meetingNotFound]: 'মিটিংটি পাওয়া যায়নি',
  [MM.meetingCreated]: 'মিটিং নির্ধারণ করা হয়েছে',
  [MM.meetingUpdated]: 'মিটিং হালনাগাদ হয়েছে',
  [MM.meetingDeleted]: 'মিটিং বাতিল করা হয়েছে',
  [MM.clientNotFound]: 'এই ইমেইলে কোনো ক্লায়েন্ট অ্যাকাউন্ট নেই',
  [MM.noHourlyCharge]: 'পেইড মিটিং নির্ধারণের আগে আপনার ঘণ্টাপ্রতি ফি নির্ধারণ করুন',
  [MM.startInPast]: 'শুরুর সময় অবশ্যই ভবিষ্যতে হতে হবে',
  [MM.tooLong]: 'একটি মিটিং সর্বোচ্চ ৮ ঘণ্টা চলতে পারে',
  [MM.invalidDateTime]: 'তারিখ ও সময় অফসেটসহ ISO-8601 আকারে দিন',
  [MM.locked]: 'মিটিং কেবল পরিশোধের আগে ও শুরু হওয়ার আগে বদলানো যায়',
  [MM.notStarted]: 'মিটিং এখনো শুরু হয়নি',
  [MM.ended]: 'মিটিং ইতিমধ্যে শেষ হয়েছে',
  [MM.paymentRequired]: 'মিটিংয়ে যোগ দেওয়ার আগে পেমেন্ট সম্পন্ন করুন',
  [MM.invalidMeetingId]: 'মিটিংয়ের আইডি সঠিক নয়',
  [MM.timeTaken]: 'এই সময়টি আপনার আরেকটি মিটিং বা বুকিং অনুরোধের সাথে মিলে যাচ্ছে',
  [BookingMessages.created]: 'বুকিং অনুরোধ পাঠানো হয়েছে',
  [BookingMessages.accepted]: 'বুকিং গৃহীত হয়েছে; ক্লায়েন্টকে পরিশোধ করতে বলা হয়েছে',
  [BookingMessages.declined]: 'বুকিং প্রত্যাখ্যান করা হয়েছে',
  [BookingMessages.cancelled]: 'বুকিং বাতিল করা হয়েছে',
  [BookingMessages.notFound]: 'বুকিং পাওয়া যায়নি',
  [BookingMessages.lawyerNotFound]: 'আইনজীবী পাওয়া যায়নি',
  [BookingMessages.taken]: 'এই সময়টি আর খালি নেই',
  [BookingMessages.notFree]: 'এই সময়টি আইনজীবীর খালি সময়ের মধ্যে নেই',
  [BookingMessages.notWaiting]: 'এই বুকিং আর উত্তরের অপেক্ষায় নেই',
  [BookingMessages.lawyerOnly]: 'শুধু আইনজীবী বুকিং অনুরোধের উত্তর দিতে পারেন',
  [BookingMessages.clientOnly]: 'শুধু ক্লায়েন্ট বুকিং অনুরোধ বাতিল করতে পারেন',
  [BookingMessages.topicLength]: 'আপনার বিষয়টি ১০ থেকে ১০০০ অক্ষরে লিখুন',
  [BookingMessages.reasonLength]: 'কারণ ১০ থেকে ১০০০ অক্ষরের হতে হবে',
  [BookingMessages.minutes]: 'পরামর্শ ৩০ বা ৬০ মিনিটের হয়',
  [BookingMessages.invalidStart]: 'শুরুর সময় অফসেটসহ ISO-8601 তারিখ-সময় হতে হবে',
  [BookingMessages.invalidDays]: 'দিনের সংখ্যা ১ থেকে ২৮-এর মধ্যে একটি পূর্ণ সংখ্যা হতে হবে',
  // Payments (contract/payments.ts)
  [PM.paymentNotFound]: 'পেমেন্টটি পাওয়া যায়নি',
  [PM.returnUrlOrigin]: 'ফেরার ঠিকানা অনুমোদিত কোনো ঠিকানায় হতে হবে',
  [PM.paymentCreated]: 'পেমেন্ট তৈরি হয়েছে',
  [PM.sessionCreated]: 'পেমেন্ট পেজ তৈরি হয়েছে',
  [PM.paymentCompleted]: 'পেমেন্ট সম্পন্ন হয়েছে',
  [PM.paymentReleased]: 'পেমেন্ট আইনজীবীকে ছাড় করা হয়েছে',
  [PM.paymentCanceled]: 'পেমেন্ট বাতিল করা হয়েছে',
  [PM.paymentRefunded]: 'পেমেন্ট ফেরত দেওয়া হয়েছে',
  [PM.notPending]: 'কেবল অপেক্ষমাণ পেমেন্ট পরিশোধ করা যায়',
  [PM.notPaid]: 'কেবল জমা রাখা (PAID) পেমেন্ট ছাড় করা যায়',
  [PM.cannotCancel]: 'এই পেমেন্ট আর বাতিল করা যায় না',
  [PM.holdNotConfirmed]: 'পেমেন্ট প্রদানকারী এখনো পেমেন্ট নিশ্চিত করেনি',
  [PM.sessionNotFound]: 'পেমেন্ট সেশন পাওয়া যায়নি',
  [PM.cardDeclined]: 'আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে',
  [PM.invalidCardNumber]: 'কার্ড নম্বর সঠিক নয়',
  [PM.invalidExpiry]: 'মেয়াদের তারিখ সঠিক নয় বা পেরিয়ে গেছে',
  [PM.invalidCvc]: 'CVC ৩ বা ৪ অঙ্কের হতে হবে',
  [PM.invalidAmount]: 'পরিমাণ অবশ্যই দুই দশমিক ঘর পর্যন্ত একটি ধনাত্মক সংখ্যা হতে হবে',
  [PM.invalidWallet]: '০১ দিয়ে শুরু হওয়া আপনার ১১ অঙ্কের বিকাশ ওয়ালেট নম্বর দিন',
  [PM.invalidOtp]: 'যাচাই কোডটি ৬ অঙ্কের',
  [PM.invalidPin]: 'বিকাশ পিন ৫ অঙ্কের',
  [PM.walletWrongCode]: 'যাচাই কোডটি ভুল',
  [PM.walletInsufficientBalance]: 'এই পেমেন্টের জন্য আপনার বিকাশ ব্যালেন্স যথেষ্ট নয়',
  [PM.walletWrongPin]: 'বিকাশ পিন ভুল হয়েছে',
  [PM.walletLocked]: 'অনেকবার ভুল পিন দেওয়ায় এই বিকাশ ওয়ালেটটি লক হয়ে গেছে। আনলক করতে বিকাশের ১৬২৪৭ নম্বরে কল করুন।',
  [PM.walletTimedOut]: 'বিকাশ পেমেন্টের সময় শেষ হয়ে গেছে। আবার চেষ্টা করুন।',
  [PM.walletDeclined]: 'বিকাশ পেমেন্টটি অনুমোদন করেনি',
  [PM.walletCancelled]: 'বিকাশ পেমেন্টটি বাতিল করা হয়েছে',
  [PM.providerUnavailable]: 'পেমেন্ট সেবা এখন সাড়া দিচ্ছে না। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  [PM.methodNotOffered]: 'এখানে এই পেমেন্ট পদ্ধতি নেই',
  [PM.authorizationExpired]: 'ছাড়ের আগেই বিকাশ জমা রাখার মেয়াদ শেষ করেছে, তাই অর্থ ক্লায়েন্টকে ফেরত গেছে',
  // Chat (contract/chat.ts)
  [CH.invalidRecipient]: 'বার্তার প্রাপক সঠিক নয়।',
  [CH.recipientDeleted]: 'এই ব্যক্তি তাঁর অ্যাকাউন্ট মুছে ফেলেছেন, তাই আর বার্তা পেতে পারবেন না',
  [CH.conversationNotFound]: 'কথোপকথনটি পাওয়া যায়নি',
  [CH.messageNotFound]: 'বার্তাটি পাওয়া যায়নি',
  [CH.sent]: 'বার্তা পাঠানো হয়েছে',
  [CH.conversationRead]: 'কথোপকথন পড়া হয়েছে বলে চিহ্নিত',
};

/** Bangla names of the password rules (the English ones are the contract's `label`s). */
export const PASSWORD_RULE_BN: Readonly<Record<PasswordRule['id'], string>> = {
  length: `${toBengaliDigits(String(PASSWORD_MIN))} থেকে ${toBengaliDigits(String(PASSWORD_MAX))} অক্ষর`,
  upper: 'একটি বড় হাতের ইংরেজি অক্ষর (A–Z)',
  lower: 'একটি ছোট হাতের ইংরেজি অক্ষর (a–z)',
  digit: 'একটি অঙ্ক (0–9)',
  special: `একটি বিশেষ চিহ্ন (${PASSWORD_SPECIALS})`,
  noSpace: 'কোনো ফাঁকা জায়গা নয়',
};

export function passwordRuleText(rule: PasswordRule, lang: Lang): string {
  return lang === 'bn' ? PASSWORD_RULE_BN[rule.id] : rule.label;
}

/** The English text of each error reason → its Bangla (src/lib/error-reasons-text.ts). */
const REASON_TEXT_BN: ReadonlyMap<string, string> = new Map(
  (Object.keys(ERROR_REASON_TEXT.en) as ErrorReason[]).map((reason) => [
    ERROR_REASON_TEXT.en[reason],
    ERROR_REASON_TEXT.bn[reason],
  ]),
);

const STATUS_PREFIX = H.other.slice(0, H.other.indexOf('{n}'));

export function translateContractText(text: string, lang: Lang): string {
  if (lang === 'en') {
    // A reason this client does not know (a newer server's): our own sentence for its status, as in
    // Bangla, rather than words no one here has read.
    const recorded = recordedErrorReason(text);
    return recorded && !isKnownReason(recorded.reason) ? ERROR_REASON_TEXT.en[genericReason(recorded.status)] : text;
  }
  const known = CONTRACT_TEXT_BN[text] ?? REASON_TEXT_BN.get(text);
  if (known) return known;
  if (text.startsWith(S.passwordMustContain)) {
    const labels = text.slice(S.passwordMustContain.length).split(', ');
    const parts = labels.map((label) => {
      const rule = PASSWORD_RULES.find((r) => r.label === label);
      return rule ? PASSWORD_RULE_BN[rule.id] : label;
    });
    return `পাসওয়ার্ডে থাকতে হবে: ${parts.join(', ')}`;
  }
  // A server error message this catalogue cannot say in Bangla (formErrorText recorded its reason):
  // the field messages when each is known, else our text for its reason, else for its status.
  const recorded = recordedErrorReason(text);
  if (recorded) {
    const parts = text.split(', ').map((part) => CONTRACT_TEXT_BN[part]);
    if (parts.length > 1 && parts.every(Boolean)) return parts.join(', ');
    return isKnownReason(recorded.reason)
      ? ERROR_REASON_TEXT.bn[recorded.reason]
      : ERROR_REASON_TEXT.bn[genericReason(recorded.status)];
  }
  if (text.startsWith('STOMP error: ')) return `সংযোগে ত্রুটি: ${text.slice('STOMP error: '.length)}`;
  if (text.startsWith(STATUS_PREFIX)) {
    return `অনুরোধ ব্যর্থ হয়েছে (স্ট্যাটাস ${toBengaliDigits(text.slice(STATUS_PREFIX.length))})`;
  }
  return text;
}

/** `const tx = useContractText(); tx(error.message)` — the text in the chosen language. */
export function useContractText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateContractText(text, lang), [lang]);
}
