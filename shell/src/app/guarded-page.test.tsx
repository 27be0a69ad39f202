import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@portal/shared-data';
import { renderShell, student } from '../test-support/render-shell';
import GuardedPage from './guarded-page';

describe('GuardedPage', () => {
  it('names the tab after the route’s title, in the UI language', async () => {
    document.title = 'Lingua Academy Portal';
    renderShell(<GuardedPage path={paths.catalog} />, { user: student(), path: paths.catalog });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Catalog' })).toBeVisible();
    expect(document.title).toBe('Course Catalog · Lingua Academy');
  });

  it('uses the Spanish title in the Spanish UI', async () => {
    renderShell(<GuardedPage path={paths.calendar} />, {
      user: student(),
      path: paths.calendar,
      language: 'es',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    expect(document.title).toBe('Calendario · Lingua Academy');
  });
});
