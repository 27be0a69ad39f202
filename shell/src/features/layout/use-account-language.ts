import { useEffect } from 'react';
import { accountLanguageService } from '@portal/shared-data';
import { currentLanguage, setLanguage } from '@portal/shared-ui';

/**
 * Applies the language kept on the signed-in person's account (the sidebar's switcher stores it) once
 * per sign-in, so a choice made on one browser holds on every other. Nothing stored: the page keeps
 * the browser's choice or the school's default. A failed read leaves the page as it is.
 */
export function useAccountLanguage(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void accountLanguageService.get(userId).then((result) => {
      if (!current || !result.success || !result.data) return;
      if (result.data !== currentLanguage()) void setLanguage(result.data);
    });
    return () => {
      current = false;
    };
  }, [userId]);
}
