/**
 * Bangla for the AI API's own texts (contract/ai.ts: AiMessages, AiChatMessages, AiDocumentMessages),
 * keyed by the English text like src/lib/contract-text.ts, whose table this extends; unknown texts
 * fall through to it (and then to the server's own words).
 */
import { useCallback } from 'react';
import { AI_SESSION_DOCUMENTS_MAX, AiChatMessages, AiDocumentMessages, AiMessages } from '../../../contract/ai';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang, type Lang } from '../../lib/i18n';

export const AI_TEXT_BN: Readonly<Record<string, string>> = {
  [AiMessages.notAllowed]: 'এআই সহকারী শুধু ক্লায়েন্ট ও অনুমোদিত আইনজীবীদের জন্য',
  [AiMessages.queryRequired]: 'কী খুঁজবেন লিখুন',
  [AiChatMessages.sessionNotFound]: 'চ্যাটটি খুঁজে পাওয়া যায়নি',
  [AiChatMessages.sessionIdInvalid]: 'চ্যাটের আইডি সঠিক নয়',
  [AiChatMessages.messageRequired]: 'একটি প্রশ্ন লিখুন',
  [AiChatMessages.sessionCreated]: 'চ্যাট তৈরি হয়েছে',
  [AiChatMessages.sessionDeleted]: 'চ্যাট মুছে ফেলা হয়েছে',
  [AiChatMessages.ownSessionsOnly]: 'আপনি শুধু নিজের চ্যাটের তালিকা দেখতে পারেন',
  [AiDocumentMessages.typeNotAllowed]: 'PDF, DOCX বা TXT ফাইল যুক্ত করুন',
  [AiDocumentMessages.tooManyDocuments]: `একটি চ্যাটে সর্বোচ্চ ${toBengaliDigits(String(AI_SESSION_DOCUMENTS_MAX))}টি নথি রাখা যায়`,
  [AiDocumentMessages.documentNotFound]: 'এই চ্যাটে নথিটি পাওয়া যায়নি',
  [AiDocumentMessages.documentAttached]: 'নথি যুক্ত হয়েছে',
  [AiDocumentMessages.documentRemoved]: 'নথি সরানো হয়েছে',
};

export function translateAiText(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  return AI_TEXT_BN[text] ?? translateContractText(text, lang);
}

/** `const ta = useAiText(); ta(error.message)` */
export function useAiText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateAiText(text, lang), [lang]);
}
