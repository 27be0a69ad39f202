import type { PublicSettings } from '../mappers/settings';

/** A school whose public settings differ from the defaults in every field. */
export const schoolPublicSettings: PublicSettings = {
  siteName: 'Escuela Sol',
  contactEmail: 'secretaria@escuela-sol.test',
  defaultLanguage: 'es',
  theme: 'dark',
  primaryColor: '#7C3AED',
  secondaryColor: '#0EA5E9',
  accentColor: '#F43F5E',
  currency: 'GBP',
  sessionTimeout: 45,
};
