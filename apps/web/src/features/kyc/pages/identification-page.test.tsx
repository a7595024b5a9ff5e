import { kycPaths } from '@coffer/contract/kyc-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kyc2SessionKey } from '../components/kyc2-panel';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { KycEnvelope, levelInfo, renderKyc, stubKycApi } from '../components/kyc-test-kit';
import { IdentificationPage } from './identification-page';

const countries = [
  { code: 'DE', restricted: false },
  { code: 'GB', restricted: false },
  { code: 'KP', restricted: true },
];

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  closeToast('error');
});

async function chooseCountry(user: UserEvent, search: string, code: string) {
  const combobox = within(screen.getByTestId('kyc-country')).getByRole('combobox');
  await user.click(combobox);
  await user.type(combobox, search);
  await user.click(await screen.findByTestId(`kyc-country-option-${code}`, {}, slow));
}

describe('IdentificationPage', { timeout: 30_000 }, () => {
  it('asks for the country first, refuses a restricted one, then opens basic verification', async () => {
    const user = userEvent.setup();
    stubKycApi({ [kycPaths.level]: levelInfo(), [kycPaths.countries]: countries });
    renderKyc(<IdentificationPage />);

    await screen.findByTestId('kyc-levels', {}, slow);
    expect(screen.getByTestId('kyc-allowance-withdraw').textContent).toBe('Cannot withdraw');
    expect((screen.getByTestId('kyc-level-action-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('kyc1-form')).toBeNull();

    await chooseCountry(user, 'North Korea', 'KP');
    expect((await screen.findByTestId('kyc-country-restricted')).textContent).toBe(
      'This country or region is restricted; identity verification is not available',
    );
    expect((screen.getByTestId('kyc-level-action-1') as HTMLButtonElement).disabled).toBe(true);

    await chooseCountry(user, 'Germany', 'DE');
    await screen.findByTestId('kyc1-form', {}, slow);
    expect(screen.queryByTestId('kyc-country-restricted')).toBeNull();
    expect(sessionStorage.getItem('coffer.kyc.country')).toBe('DE');
    // The document's and the address's country start as the one chosen.
    expect(within(screen.getByTestId('kyc1-document-country')).getByText('Germany')).toBeTruthy();
  });

  it("completes the provider's return (?kyc2=returned): submits the session, drops the marker and shows the review", async () => {
    sessionStorage.setItem(kyc2SessionKey, 'sess_back');
    let advanced = 'continue';
    const fetchSpy = stubKycApi({
      [kycPaths.level]: () => levelInfo({ basic: { state: 'verified' }, advanced: { state: advanced as 'continue' } }, 1),
      [kycPaths.countries]: countries,
      [`POST ${kycPaths.saveKyc2}`]: () => {
        advanced = 'verifying';
        return { applicationId: '5', level: 2, state: 'verifying' };
      },
    });
    renderKyc(<IdentificationPage />, { url: '/propertyCenter/identification?kyc2=returned' });

    await screen.findByTestId('kyc2-verifying', {}, slow);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/propertyCenter/identification'));
    await waitFor(() => expect(screen.getByTestId('kyc-level-state-2').dataset.state).toBe('verifying'));
    expect(fetchSpy.mock.calls.filter(([input]) => String(input) === kycPaths.saveKyc2)).toHaveLength(1);
  });

  it('shows the whole ladder done at the top level', async () => {
    stubKycApi({
      [kycPaths.level]: levelInfo({ basic: { state: 'verified' }, advanced: { state: 'verified' }, video: { state: 'verified' } }, 3),
      [kycPaths.countries]: countries,
    });
    renderKyc(<IdentificationPage />);
    expect((await screen.findByTestId('kyc-complete', {}, slow)).textContent).toContain('You are fully verified');
    expect(screen.queryByTestId('kyc-country')).toBeNull();
    expect(screen.getByTestId('kyc-allowance-withdraw').textContent).toBe('No limit');
  });

  it('shows a failed load on the page with a retry, not also as a toast', async () => {
    const user = userEvent.setup();
    let level: unknown = new KycEnvelope(19000001, 'Server busy');
    stubKycApi({ [kycPaths.level]: () => level, [kycPaths.countries]: countries });
    renderKyc(<IdentificationPage />);

    expect(await screen.findByTestId('kyc-load-error', {}, slow)).toBeTruthy();
    expect(currentToasts().error).toBeNull();
    level = levelInfo();
    await user.click(screen.getByTestId('kyc-retry'));
    await screen.findByTestId('kyc-levels', {}, slow);
  });
});
