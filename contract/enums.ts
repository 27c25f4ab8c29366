/**
 * Every enum of the wire contract (CONTRACT §3) with its English and Bangla display names.
 * One place: the server validates against these, the client renders their labels from here.
 */
import { z } from 'zod';
import { RoleSchema } from './auth';

export type Lang = 'en' | 'bn';
export type DisplayNames<T extends string> = Record<T, Record<Lang, string>>;

export const ROLE_NAMES: DisplayNames<z.infer<typeof RoleSchema>> = {
  USER: { en: 'Client', bn: 'ক্লায়েন্ট' },
  LAWYER: { en: 'Lawyer', bn: 'আইনজীবী' },
  ADMIN: { en: 'Admin', bn: 'অ্যাডমিন' },
};
