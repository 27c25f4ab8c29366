/**
 * A row of filter tabs (MUI Tabs) whose tabs are links: the filter lives in the address, so it
 * survives reload and back/forward. The current one is selected and carries aria-current; the row
 * scrolls sideways on narrow phones.
 */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router-dom';
import './link-tabs.css';

export interface LinkTab {
  key: string;
  label: string;
  to: string;
}

export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current: string }) {
  const value = tabs.some((tab) => tab.key === current) ? current : false;
  return (
    <nav className="link-tabs" aria-label={label}>
      <Tabs value={value} variant="scrollable" scrollButtons={false} aria-label={label}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            component={Link}
            to={tab.to}
            aria-current={tab.key === current ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </nav>
  );
}
