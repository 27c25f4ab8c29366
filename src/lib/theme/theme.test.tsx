import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSystemDark } from '../../../tests/helpers/unit-setup';
import { readSavedTheme, resolveTheme } from './theme';
import { ThemeProvider, useTheme } from './theme-provider';

describe('resolveTheme', () => {
  it('follows the system when nothing is saved', () => {
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme(null, true)).toBe('dark');
  });
  it('prefers the saved choice over the system', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('readSavedTheme', () => {
  it('ignores anything but light or dark', () => {
    localStorage.setItem('theme', 'purple');
    expect(readSavedTheme()).toBeNull();
    localStorage.setItem('theme', 'dark');
    expect(readSavedTheme()).toBe('dark');
  });
});

function Toggle() {
  const { theme, toggleTheme } = useTheme();
  return <button onClick={toggleTheme}>{theme}</button>;
}

describe('ThemeProvider', () => {
  it('follows system changes while unsaved, and saves only on toggle', () => {
    render(
      <ThemeProvider>
        <Toggle />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => setSystemDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBeNull();

    fireEvent.click(screen.getByRole('button'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');

    act(() => setSystemDark(false));
    act(() => setSystemDark(true));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('starts from the saved theme', () => {
    localStorage.setItem('theme', 'dark');
    render(
      <ThemeProvider>
        <Toggle />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
