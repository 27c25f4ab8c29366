/**
 * Which provider holds meeting payments, by the way the payer pays. CARD: Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the built-in sandbox with its own checkout page and ledger in
 * this database. BKASH: bKash (Authorization & Capture) when all BKASH_* variables are set,
 * otherwise the sandbox's bKash wallet on the same ledger. Chosen once at start. A payment records
 * the provider that holds it, so release and cancel go back to that one whatever the checkout chose.
 */
import type { CheckoutMethod } from '../../contract/payments';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { BKASH_CALLBACK_PATH, BkashPaymentProvider } from './bkash';
import type { PaymentProvider, ProviderName } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { StripePaymentProvider } from './stripe';

export class PaymentProviders {
  constructor(
    readonly card: PaymentProvider,
    readonly bkash: PaymentProvider,
  ) {}

  /** One provider for both methods (the escrow tests' sandbox). */
  static single(provider: PaymentProvider): PaymentProviders {
    return new PaymentProviders(provider, provider);
  }

  forMethod(method: CheckoutMethod): PaymentProvider {
    return method === 'BKASH' ? this.bkash : this.card;
  }

  /** The provider a payment names; a payment from before providers were recorded is the card provider's. */
  byName(name: string | null): PaymentProvider {
    if (name === null) return this.card;
    const found = [this.card, this.bkash].find((p) => p.name === (name as ProviderName));
    if (!found) throw new Error(`payment provider ${name} is not configured on this instance`);
    return found;
  }

  /** The sandbox, when it serves either method (its checkout page's calls answer 404 otherwise). */
  sandbox(): SandboxPaymentProvider | null {
    // (A test's wrapper made with Object.create(sandbox) is one too.)
    for (const provider of [this.card, this.bkash]) if (provider instanceof SandboxPaymentProvider) return provider;
    return null;
  }
}

export function createPaymentProviders(
  config: Pick<Config, 'stripeSecretKey' | 'bkash'>,
  db: Executor,
  clock: Clock,
  /** PUBLIC_URL without a trailing slash (the sandbox's checkout page and the bKash callback live under it). */
  publicUrl: string,
  overrides: { card?: PaymentProvider; bkash?: PaymentProvider } = {},
): PaymentProviders {
  let sandbox: SandboxPaymentProvider | null = null;
  const theSandbox = () => (sandbox ??= new SandboxPaymentProvider(db, clock, publicUrl));
  const card =
    overrides.card ??
    (config.stripeSecretKey ? new StripePaymentProvider({ secretKey: config.stripeSecretKey }, clock) : theSandbox());
  const bkash =
    overrides.bkash ??
    (config.bkash
      ? new BkashPaymentProvider({ ...config.bkash, callbackUrl: `${publicUrl}${BKASH_CALLBACK_PATH}` }, clock)
      : card instanceof SandboxPaymentProvider
        ? card
        : theSandbox());
  return new PaymentProviders(card, bkash);
}

/** The card provider alone (kept for callers that only pay by card). */
export function createPaymentProvider(
  config: Pick<Config, 'stripeSecretKey'>,
  db: Executor,
  clock: Clock,
  publicUrl: string,
): PaymentProvider {
  return createPaymentProviders({ ...config, bkash: null }, db, clock, publicUrl).card;
}
