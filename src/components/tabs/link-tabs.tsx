/**
 * A row of filter tabs that are links (the filter lives in the address, so it survives reload and
 * back/forward). The current one carries aria-current; it scrolls sideways on narrow phones.
 */
import { Link } from 'react-router';
import './link-tabs.css';

export interface LinkTab {
  key: string;
  label: string;
  to: string;
}

export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current: string }) {
  return (
    <nav className="link-tabs" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              className={tab.key === current ? 'is-current' : undefined}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
