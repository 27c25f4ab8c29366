/**
 * The short information pages the footer links to (docs/product.md §2): help, FAQ, tutorials, status, careers,
 * press, partners and the policies. One lazy chunk for all of them; the router renders
 * `<InfoPage slug="privacy" />` at /privacy and so on. Each page's text lives in its own file under
 * content/, with its own en/bn catalogue.
 */
import type { ComponentType } from 'react';
import { CareersContent } from './content/careers';
import { ComplianceContent } from './content/compliance';
import { CookiesContent } from './content/cookies';
import { FaqContent } from './content/faq';
import { HelpContent } from './content/help';
import { PartnersContent } from './content/partners';
import { PressContent } from './content/press';
import { PrivacyContent } from './content/privacy';
import { SecurityContent } from './content/security';
import { StatusContent } from './content/status';
import { TermsContent } from './content/terms';
import { TutorialsContent } from './content/tutorials';
import { InfoLayout, type RelatedPath } from './info-layout';
import type { InfoSlug } from './info-slugs';

export { INFO_SLUGS, type InfoSlug } from './info-slugs';

interface InfoPageDef {
  Content: ComponentType;
  /** Policies carry a "last updated" date. */
  dated: boolean;
  related: readonly RelatedPath[];
}

const PAGES: Record<InfoSlug, InfoPageDef> = {
  help: { Content: HelpContent, dated: false, related: ['/faq', '/tutorials', '/status', '/contact'] },
  faq: { Content: FaqContent, dated: true, related: ['/help', '/tutorials', '/how-it-works', '/privacy', '/contact'] },
  tutorials: { Content: TutorialsContent, dated: true, related: ['/faq', '/help', '/register', '/find-lawyer'] },
  status: { Content: StatusContent, dated: false, related: ['/help', '/contact'] },
  careers: { Content: CareersContent, dated: false, related: ['/about', '/partners', '/contact'] },
  press: { Content: PressContent, dated: false, related: ['/about', '/partners', '/contact'] },
  partners: { Content: PartnersContent, dated: false, related: ['/about', '/press', '/contact'] },
  privacy: {
    Content: PrivacyContent,
    dated: true,
    related: ['/terms', '/cookies', '/security', '/compliance', '/contact'],
  },
  terms: { Content: TermsContent, dated: true, related: ['/privacy', '/cookies', '/how-it-works', '/compliance'] },
  cookies: { Content: CookiesContent, dated: true, related: ['/privacy', '/terms', '/security'] },
  security: { Content: SecurityContent, dated: true, related: ['/privacy', '/compliance', '/help'] },
  compliance: {
    Content: ComplianceContent,
    dated: true,
    related: ['/privacy', '/terms', '/security', '/how-it-works'],
  },
};

export function InfoPage({ slug }: { slug: InfoSlug }) {
  const { Content, dated, related } = PAGES[slug];
  return (
    <InfoLayout title={slug} dated={dated} related={related}>
      <Content />
    </InfoLayout>
  );
}
