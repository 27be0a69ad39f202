import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BILLING_SETTINGS, billingService, fail, ok } from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import { BillingSettingsPanel } from './billing-settings-panel';

// System Settings → Billing (docs/money.md "The billing settings"): its own read and save; the
// database's validation is tested in supabase/tests/money-settings.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.billingService, { settings: vi.fn(), saveSettings: vi.fn() });
  return actual;
});

const settings = vi.mocked(billingService.settings);
const saveSettings = vi.mocked(billingService.saveSettings);

function show(language: Language = 'en') {
  return renderScreen(<BillingSettingsPanel />, { language });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  settings.mockResolvedValue(ok({ ...DEFAULT_BILLING_SETTINGS, legalName: 'Escuela Faro SL' }));
});

describe('System Settings → Billing', () => {
  it('shows the stored settings and the invoice mode, and saves the school’s details', async () => {
    saveSettings.mockImplementation(async (billing) => ok(billing));
    const { user } = show();
    const legalName = await screen.findByRole('textbox', { name: 'Legal name' });
    expect(legalName).toHaveValue('Escuela Faro SL');
    expect(screen.getByRole('combobox', { name: 'When invoices are issued' })).toHaveValue(
      'On enrolment: the student is enrolled and invoiced at once',
    );
    // The hold's hours only in the mode that holds seats.
    expect(
      screen.queryByRole('textbox', { name: 'Seat held for (hours)' }),
    ).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Calle Mayor 1, Madrid');
    await user.type(screen.getByRole('textbox', { name: 'Tax ID' }), 'B12345678');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await waitFor(() =>
      expect(saveSettings).toHaveBeenCalledWith({
        ...DEFAULT_BILLING_SETTINGS,
        legalName: 'Escuela Faro SL',
        address: 'Calle Mayor 1, Madrid',
        taxId: 'B12345678',
      }),
    );
    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
  });

  it('offers payment before the seat with the hours a seat is held, checked before saving', async () => {
    saveSettings.mockImplementation(async (billing) => ok(billing));
    const { user } = show();
    await user.click(await screen.findByRole('combobox', { name: 'When invoices are issued' }));
    await user.click(
      await screen.findByRole('option', {
        name: 'Payment before the seat: the seat is held until the invoice is paid',
      }),
    );
    const hours = await screen.findByRole('textbox', { name: 'Seat held for (hours)' });
    expect(hours).toHaveValue('48');
    await user.clear(hours);
    await user.type(hours, '400');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    expect(
      await screen.findByText('A seat is held for a whole number of hours from 1 to 336'),
    ).toBeInTheDocument();
    expect(saveSettings).not.toHaveBeenCalled();
    await user.clear(hours);
    await user.type(hours, '72');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    await waitFor(() =>
      expect(saveSettings).toHaveBeenCalledWith({
        ...DEFAULT_BILLING_SETTINGS,
        legalName: 'Escuela Faro SL',
        invoiceMode: 'payment_before_seat',
        seatHoldHours: 72,
      }),
    );
  });

  it('refuses a bad currency and tax rate before saving', async () => {
    const { user } = show();
    const currency = await screen.findByRole('textbox', { name: 'Currency' });
    await user.clear(currency);
    await user.type(currency, 'EU');
    const rate = screen.getByRole('textbox', { name: 'Tax rate (%)' });
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(screen.getByRole('button', { name: 'Save billing settings' }));
    expect(
      await screen.findByText('Enter a three-letter currency code, such as EUR'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The tax rate must be from 0 to 100, with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(saveSettings).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the save is refused, and says so in Spanish', async () => {
    saveSettings.mockResolvedValue(fail('UPDATE_SETTINGS_ERROR', 'raw text', { code: '42501' }));
    const { user } = show('es');
    const taxId = await screen.findByRole('textbox', { name: 'NIF / identificación fiscal' });
    await user.type(taxId, 'B999');
    await user.click(
      screen.getByRole('button', { name: 'Guardar la configuración de facturación' }),
    );
    expect(
      await screen.findByText('No se ha guardado la configuración de facturación:'),
    ).toBeInTheDocument();
    expect(screen.queryByText('raw text')).not.toBeInTheDocument();
    expect(taxId).toHaveValue('B999');
  });
});
