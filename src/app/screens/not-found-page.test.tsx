import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider, type Lang } from '../../lib/i18n';
import { NotFoundPage } from './not-found-page';

function renderIn(lang: Lang) {
  return render(
    <MemoryRouter>
      <LanguageProvider initial={lang}>
        <NotFoundPage />
      </LanguageProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('shows the code in the language’s digits: Bengali ones in Bangla', () => {
    const { container, unmount } = renderIn('en');
    expect(container.querySelector('.not-found-code')?.textContent).toBe('404');
    unmount();
    const bangla = renderIn('bn');
    expect(bangla.container.querySelector('.not-found-code')?.textContent).toBe('৪০৪');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/[\u0980-\u09FF]/);
  });
});
