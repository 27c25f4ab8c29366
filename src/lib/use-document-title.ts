/** Sets the tab title to "{title} · LegalConnect", which is also what screen readers announce first. */
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · LegalConnect` : 'LegalConnect';
  }, [title]);
}
