/** The mailboxes the information pages point to (one place, so a change reaches every page). */
export const SUPPORT_EMAIL = 'support@legalconnect.com.bd';
export const SECURITY_EMAIL = 'security@legalconnect.com.bd';
