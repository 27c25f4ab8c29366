/**
 * Which provider holds meeting payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in
 * sandbox with its own checkout page and ledger in this database. Chosen once at start.
 */
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { StripePaymentProvider } from './stripe';

export function createPaymentProvider(
  config: Pick<Config, 'stripeSecretKey'>,
  db: Executor,
  clock: Clock,
  /** PUBLIC_URL without a trailing slash (the sandbox's checkout page lives under it). */
  publicUrl: string,
): PaymentProvider {
  if (config.stripeSecretKey) return new StripePaymentProvider({ secretKey: config.stripeSecretKey }, clock);
  return new SandboxPaymentProvider(db, clock, publicUrl);
}
