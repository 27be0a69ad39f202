import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signUpThroughApi, uniqueEmail } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';

// User Management's bulk actions and CSV export (issue 29, item 13): two new students are found by a
// search, the export holds exactly them, then both are deactivated and deleted in one action each, so
// other journeys see the seed unchanged.

/** Letters only (names accept no digits), different on every run. */
const runTag = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');

test('an admin exports the users of a search, then deactivates and deletes them in one action each', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lastName = `Bulk${runTag}`;
  const people = [
    { first: 'Alba', email: uniqueEmail('bulk-alba') },
    { first: 'Bruno', email: uniqueEmail('bulk-bruno') },
  ];
  for (const person of people)
    await signUpThroughApi(person.email, 'Password123!', person.first, lastName);

  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await new Portal(page).open('User Management');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastName);
  await expect(page.getByRole('row', { name: new RegExp(`Alba ${lastName}`) })).toBeVisible();
  // Exactly: a full run's unfiltered list ("862 users") contains the words too, before the search runs.
  await expect(page.getByRole('heading', { name: '2 users', exact: true })).toBeVisible();

  // The export holds every user of the search, under English headers.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'First name,Last name,Email,Role,Account,Phone,Location,Joined (UTC),Last sign-in (UTC)',
  );
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[2])
      .sort(),
  ).toEqual(people.map((person) => person.email).sort());

  // Both selected at once, deactivated after the confirmation names them.
  await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Actions on the selected users' });
  await expect(toolbar).toContainText('2 users selected');
  await toolbar.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate 2 users?' });
  await expect(confirm).toContainText(people[0]!.email);
  await expect(confirm).toContainText(people[1]!.email);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('2 users deactivated.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Alba ${lastName}`) })).toContainText(
    'Inactive',
  );

  // And deleted the same way (the clean-up).
  await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 2 users?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('2 users deleted.')).toBeVisible();
  await expect(page.getByText('No users match your filters.')).toBeVisible();
});
