import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../../contract/auth';
import { PASSWORD_RULE_BN } from '../../lib/contract-text';
import { LanguageProvider } from '../../lib/i18n';
import { PasswordChecklist } from './password-checklist';

function metRules(container: HTMLElement): string[] {
  return [...container.querySelectorAll('li.is-met')].map((li) => li.getAttribute('data-rule') ?? '');
}

describe('PasswordChecklist', () => {
  it('lists every contract rule, none met for an empty password except "no whitespace"', () => {
    const { container } = render(<PasswordChecklist id="rules" password="" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(PASSWORD_RULES.length);
    for (const rule of PASSWORD_RULES) expect(screen.getByText(rule.label)).toBeTruthy();
    expect(metRules(container)).toEqual(['noSpace']);
  });

  it('ticks rules as they are met', () => {
    const { container, rerender } = render(<PasswordChecklist id="rules" password="abc" />);
    expect(metRules(container)).toEqual(['lower', 'noSpace']);
    rerender(<PasswordChecklist id="rules" password="Abcdefg1!" />);
    expect(metRules(container)).toEqual(['length', 'upper', 'lower', 'digit', 'special', 'noSpace']);
    rerender(<PasswordChecklist id="rules" password="Abcd efg1!" />);
    expect(metRules(container)).not.toContain('noSpace');
  });

  it('tells screen readers which rules are still needed', () => {
    render(<PasswordChecklist id="rules" password="A" />);
    expect(screen.getAllByText(/— done/)).toHaveLength(2);
    expect(screen.getAllByText(/— still needed/)).toHaveLength(4);
  });

  it('speaks Bangla when the UI does', () => {
    render(
      <LanguageProvider initial="bn">
        <PasswordChecklist id="rules" password="" />
      </LanguageProvider>,
    );
    expect(screen.getByText(PASSWORD_RULE_BN.upper)).toBeTruthy();
    expect(screen.getByText('আপনার পাসওয়ার্ডে যা লাগবে:')).toBeTruthy();
  });
});
