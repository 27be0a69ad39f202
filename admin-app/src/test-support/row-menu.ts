import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Language } from '@portal/shared-ui';

// User Management's rows keep Edit as an icon and put every other action in a "More actions" menu
// (users-table.tsx); these open it the way a person does.

const MORE = { en: 'More actions for', es: 'Más acciones para' } as const;

/** The "More actions" button of a person's row. */
export function moreActions(name: string, language: Language = 'en'): HTMLElement {
  return screen.getByRole('button', { name: `${MORE[language]} ${name}` });
}

/** Opens a row's menu and answers it. */
export async function openRowMenu(
  user: UserEvent,
  name: string,
  language: Language = 'en',
): Promise<HTMLElement> {
  await user.click(moreActions(name, language));
  return screen.findByRole('menu');
}

/** The names of the menu's items, in order. */
export function menuItems(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

/** Opens a row's menu and chooses one of its items. */
export async function chooseRowAction(
  user: UserEvent,
  name: string,
  item: string,
  language: Language = 'en',
): Promise<void> {
  const menu = await openRowMenu(user, name, language);
  await user.click(within(menu).getByRole('menuitem', { name: item }));
}
