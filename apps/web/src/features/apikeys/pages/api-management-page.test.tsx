import { apiKeyPaths, errorCatalogue, errorMessage } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressBook,
  apiKeyOf,
  ApiKeysEnvelope,
  ed25519Pem,
  pendingChange,
  permission,
  platformPublicKey,
  renderApiKeys,
  requestsOf,
  rsaPem,
  stubApiKeysApi,
} from '../components/apikeys-test-kit';
import { ApiManagementPage } from './api-management-page';

const slow = { timeout: 5_000 };
const addressBookPath = '/uc/v1/withdraw-address';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openCreateForm(user: UserEvent) {
  const create = await screen.findByTestId('apikey-create', {}, slow);
  await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
  await user.click(create);
  return screen.findByTestId('apikey-form');
}

/** Pastes rather than types: user-event would read "{" and "[" as key names. */
async function fill(user: UserEvent, testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  field.focus();
  await user.paste(text);
}

function posted(fetchSpy: ReturnType<typeof stubApiKeysApi>, path: string) {
  return requestsOf(fetchSpy)
    .filter((request) => request.route === `POST ${path}`)
    .map((request) => request.body);
}

describe('ApiManagementPage', { timeout: 30_000 }, () => {
  it('lists keys with their rights, bound IPs, withdrawal binding and dates', async () => {
    stubApiKeysApi({
      [apiKeyPaths.keys]: [
        apiKeyOf(),
        apiKeyOf({
          accessKey: 'ak_withdraw0000001',
          label: 'Payouts',
          rights: ['read', 'withdraw'],
          ips: [],
          withdrawDailyUsd: '25000',
          withdrawAddressIds: ['41', '42'],
          lastUsedAt: '2026-11-25T08:00:00.000Z',
        }),
      ],
      [apiKeyPaths.permission]: permission,
      [addressBookPath]: addressBook,
    });
    renderApiKeys(<ApiManagementPage />);

    const table = await screen.findByTestId('apikey-table', {}, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Treasury bot')).toBeTruthy();
    expect(within(first).getByText('Read-only assets')).toBeTruthy();
    expect(within(first).getByText('Trading')).toBeTruthy();
    expect(within(first).getByText('198.51.100.0/24')).toBeTruthy();
    expect(within(first).getByText('Never used')).toBeTruthy();
    expect(within(second).getByText('Withdraw')).toBeTruthy();
    expect(within(second).getByText('Any IP')).toBeTruthy();
    expect(within(second).getByText('25000 USD / 24 h')).toBeTruthy();
    expect(within(second).getByText('Bound addresses: 2')).toBeTruthy();
    expect(screen.getByTestId('apikey-count').textContent).toBe('2 of 10 keys in use');
    expect((screen.getByTestId('apikey-create') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the empty state with its create action', async () => {
    stubApiKeysApi({ [apiKeyPaths.keys]: [], [apiKeyPaths.permission]: permission });
    renderApiKeys(<ApiManagementPage />);
    const empty = await screen.findByTestId('apikey-empty', {}, slow);
    expect(within(empty).getByText('No API keys yet')).toBeTruthy();
    expect(within(empty).getByTestId('apikey-create-empty').textContent).toBe('Create API key');
  });

  it('disables creation at the most keys and says why', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => apiKeyOf({ accessKey: `ak_${index}`, label: `Key ${index}` }));
    stubApiKeysApi({ [apiKeyPaths.keys]: keys, [apiKeyPaths.permission]: { ...permission, maxKeys: 5 } });
    renderApiKeys(<ApiManagementPage />);
    expect((await screen.findByTestId('apikey-max-reached', {}, slow)).textContent).toBe(
      'You have 5 keys, the most an account may hold. Delete one to create another.',
    );
    expect((screen.getByTestId('apikey-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a withdraw key through the pre-request, every factor of the verification and the verified request', async () => {
    const user = userEvent.setup();
    const created = apiKeyOf({
      accessKey: 'ak_new000000000001',
      label: 'Treasury bot',
      rights: ['read', 'trade', 'withdraw'],
      withdrawDailyUsd: '5000.50',
      withdrawAddressIds: ['42'],
    });
    const fetchSpy = stubApiKeysApi({
      [apiKeyPaths.keys]: [],
      [apiKeyPaths.permission]: permission,
      [addressBookPath]: addressBook,
      [`POST ${apiKeyPaths.create}`]: pendingChange({ twofaList: ['email', 'sms', 'ga'], fundPasswordRequired: true }),
      [`POST ${apiKeyPaths.sendCode}`]: { resendAfterSeconds: 60 },
      [`POST ${apiKeyPaths.verifyCreate}`]: created,
    });
    renderApiKeys(<ApiManagementPage />);
    await openCreateForm(user);

    expect(screen.getByText(/openssl genpkey -algorithm ed25519 -out key\.pem && openssl pkey -in key\.pem -pubout/)).toBeTruthy();
    await fill(user, 'apikey-label', '  Treasury bot ');
    await fill(user, 'apikey-public-key', ed25519Pem);
    await user.click(screen.getByText('Trading'));
    await user.click(screen.getByText('Withdraw'));
    await fill(user, 'apikey-ips', '203.0.113.7 , 2001:db8::/32');
    const limits = await screen.findByTestId('apikey-withdraw-limits');
    await fill(user, 'apikey-daily-usd', '5000.50');
    await user.click(within(limits).getByRole('combobox'));
    await user.click(await screen.findByText(/^Desk · TRX/, {}, slow));
    await user.click(screen.getByTestId('apikey-form-submit'));

    const dialog = await screen.findByTestId('apikey-verify', {}, slow);
    expect(posted(fetchSpy, apiKeyPaths.create)).toEqual([
      {
        label: 'Treasury bot',
        publicKey: ed25519Pem,
        rights: ['read', 'trade', 'withdraw'],
        ips: '203.0.113.7,2001:db8::/32',
        withdrawDailyUsd: '5000.50',
        withdrawAddressIds: ['42'],
      },
    ]);
    expect(within(dialog).getByText('E-mail code')).toBeTruthy();
    expect(within(dialog).getByText('SMS code')).toBeTruthy();
    expect(within(dialog).getByText('Authenticator code')).toBeTruthy();
    expect(within(dialog).getByText('Fund password')).toBeTruthy();

    await user.click(screen.getByTestId('apikey-verify-email-send'));
    await waitFor(() => expect(screen.getByTestId('apikey-verify-email-send').textContent).toMatch(/60/));
    await user.click(screen.getByTestId('apikey-verify-sms-send'));
    await waitFor(() => expect(posted(fetchSpy, apiKeyPaths.sendCode)).toHaveLength(2));
    expect(posted(fetchSpy, apiKeyPaths.sendCode)).toEqual([
      { changeId: 'chg_1', channel: 'email' },
      { changeId: 'chg_1', channel: 'sms' },
    ]);

    await user.type(screen.getByTestId('apikey-verify-email-code'), '111111');
    await user.type(screen.getByTestId('apikey-verify-sms-code'), '222222');
    await user.type(screen.getByTestId('apikey-verify-ga-code'), '333333');
    await user.type(screen.getByTestId('apikey-verify-fund-password'), '482915');
    await user.click(screen.getByTestId('apikey-verify-submit'));

    const success = await screen.findByTestId('apikey-created', {}, slow);
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([
      { changeId: 'chg_1', emailCode: '111111', smsCode: '222222', gaCode: '333333', fundPassword: '482915' },
    ]);
    expect(within(success).getByTestId('apikey-created-access-key').textContent).toContain('ak_new000000000001');
    expect(within(success).getByTestId('apikey-created-platform-key').textContent).toContain(platformPublicKey);
    expect(within(success).getByText(/Coffer never holds a secret for this key: your private key stays with you/)).toBeTruthy();
  });

  it('refuses a 51-character note, 11 bound IPs and an RSA key with the §5 messages, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubApiKeysApi({ [apiKeyPaths.keys]: [], [apiKeyPaths.permission]: permission });
    renderApiKeys(<ApiManagementPage />);
    await openCreateForm(user);

    await fill(user, 'apikey-label', 'x'.repeat(51));
    await fill(user, 'apikey-public-key', rsaPem);
    await fill(user, 'apikey-ips', Array.from({ length: 11 }, (_, index) => `10.0.0.${index + 1}`).join(','));
    await user.click(screen.getByTestId('apikey-form-submit'));

    expect(await screen.findByText(errorMessage('apiKeyLabelInvalid', 'en'))).toBeTruthy();
    expect(screen.getByText(errorMessage('apiKeyPublicKeyInvalid', 'en'))).toBeTruthy();
    expect(screen.getByText(errorMessage('apiKeyIpListInvalid', 'en'))).toBeTruthy();

    await fill(user, 'apikey-label', 'x'.repeat(50));
    await fill(user, 'apikey-ips', '10.0.0.1, 10.0.0.300');
    await user.click(screen.getByTestId('apikey-form-submit'));
    await waitFor(() => expect(screen.queryByText(errorMessage('apiKeyLabelInvalid', 'en'))).toBeNull());
    expect(screen.getByText(errorMessage('apiKeyIpListInvalid', 'en'))).toBeTruthy();
    expect(posted(fetchSpy, apiKeyPaths.create)).toEqual([]);
  });

  it("shows the server's public-key refusal at the field and keeps the form", async () => {
    const user = userEvent.setup();
    const inUse = errorCatalogue.apiKeyPublicKeyInUse.code;
    stubApiKeysApi({
      [apiKeyPaths.keys]: [],
      [apiKeyPaths.permission]: permission,
      [`POST ${apiKeyPaths.create}`]: new ApiKeysEnvelope(inUse, 'in use'),
    });
    renderApiKeys(<ApiManagementPage />);
    const form = await openCreateForm(user);
    await fill(user, 'apikey-label', 'Second');
    await fill(user, 'apikey-public-key', ed25519Pem);
    await user.click(screen.getByTestId('apikey-form-submit'));

    const message = await within(form).findByText(errorMessage('apiKeyPublicKeyInUse', 'en'), {}, slow);
    expect(message.closest('.ant-form-item')?.querySelector('[data-testid="apikey-public-key"]')).toBeTruthy();
    expect(screen.queryByTestId('apikey-verify')).toBeNull();
  });

  it('edits a key (no public key) and returns to the form when its pending change is lost', async () => {
    const user = userEvent.setup();
    const key = apiKeyOf();
    let verifyAnswers = 0;
    const fetchSpy = stubApiKeysApi({
      [apiKeyPaths.keys]: [key],
      [apiKeyPaths.permission]: permission,
      [`POST ${apiKeyPaths.edit}`]: () => pendingChange({ changeId: `chg_edit_${verifyAnswers}`, kind: 'edit', twofaList: ['ga'] }),
      [`POST ${apiKeyPaths.verifyEdit}`]: () =>
        verifyAnswers++ === 0
          ? new ApiKeysEnvelope(errorCatalogue.apiKeyChangeNotFound.code, 'gone')
          : { ...key, label: 'Renamed', ips: [] },
    });
    renderApiKeys(<ApiManagementPage />);
    await user.click(await screen.findByTestId(`apikey-edit-${key.accessKey}`, {}, slow));

    await screen.findByTestId('apikey-form');
    expect(screen.queryByTestId('apikey-public-key')).toBeNull();
    expect((screen.getByTestId('apikey-label') as HTMLInputElement).value).toBe('Treasury bot');
    expect((screen.getByTestId('apikey-ips') as HTMLTextAreaElement).value).toBe('203.0.113.7, 198.51.100.0/24');
    await fill(user, 'apikey-label', 'Renamed');
    await fill(user, 'apikey-ips', '');
    await user.click(screen.getByTestId('apikey-form-submit'));

    const dialog = await screen.findByTestId('apikey-verify', {}, slow);
    expect(within(dialog).queryByText('E-mail code')).toBeNull();
    expect(within(dialog).queryByText('Fund password')).toBeNull();
    await user.type(screen.getByTestId('apikey-verify-ga-code'), '123456');
    await user.click(screen.getByTestId('apikey-verify-submit'));

    const notice = await screen.findByTestId('apikey-form-notice', {}, slow);
    expect(notice.textContent).toBe(errorMessage('apiKeyChangeNotFound', 'en'));
    expect((screen.getByTestId('apikey-label') as HTMLInputElement).value).toBe('Renamed');

    await user.click(screen.getByTestId('apikey-form-submit'));
    await screen.findByTestId('apikey-verify', {}, slow);
    await user.type(screen.getByTestId('apikey-verify-ga-code'), '654321');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    await waitFor(() => expect(screen.queryByTestId('apikey-verify')).toBeNull());

    const settings = { label: 'Renamed', rights: ['read', 'trade'], ips: '', withdrawDailyUsd: null, withdrawAddressIds: [] };
    expect(posted(fetchSpy, apiKeyPaths.edit)).toEqual([
      { ...settings, accessKey: key.accessKey },
      { ...settings, accessKey: key.accessKey },
    ]);
    expect(posted(fetchSpy, apiKeyPaths.verifyEdit)).toEqual([
      { changeId: 'chg_edit_0', gaCode: '123456' },
      { changeId: 'chg_edit_1', gaCode: '654321' },
    ]);
  });

  it('deletes a key after the confirmation, the pre-request and the verified request', async () => {
    const user = userEvent.setup();
    const key = apiKeyOf();
    let isDeleted = false;
    const fetchSpy = stubApiKeysApi({
      [apiKeyPaths.keys]: () => (isDeleted ? [] : [key]),
      [apiKeyPaths.permission]: permission,
      [`POST ${apiKeyPaths.remove}`]: pendingChange({ changeId: 'chg_del', kind: 'delete', twofaList: ['email'] }),
      [`POST ${apiKeyPaths.sendCode}`]: { resendAfterSeconds: 60 },
      [`POST ${apiKeyPaths.verifyRemove}`]: () => {
        isDeleted = true;
        return { accessKey: key.accessKey, deleted: true };
      },
    });
    renderApiKeys(<ApiManagementPage />);
    await user.click(await screen.findByTestId(`apikey-delete-${key.accessKey}`, {}, slow));
    expect(await screen.findByText('Programs using “Treasury bot” stop working within 1 minute.')).toBeTruthy();
    expect(posted(fetchSpy, apiKeyPaths.remove)).toEqual([]);
    await user.click(screen.getByTestId('apikey-delete-confirm'));

    const dialog = await screen.findByTestId('apikey-verify', {}, slow);
    expect(within(dialog).getByText('Enter the codes below to delete the key.')).toBeTruthy();
    await user.click(screen.getByTestId('apikey-verify-email-send'));
    await user.type(screen.getByTestId('apikey-verify-email-code'), '909090');
    await user.click(screen.getByTestId('apikey-verify-submit'));

    await screen.findByTestId('apikey-empty', {}, slow);
    expect(posted(fetchSpy, apiKeyPaths.remove)).toEqual([{ accessKey: key.accessKey }]);
    expect(posted(fetchSpy, apiKeyPaths.sendCode)).toEqual([{ changeId: 'chg_del', channel: 'email' }]);
    expect(posted(fetchSpy, apiKeyPaths.verifyRemove)).toEqual([{ changeId: 'chg_del', emailCode: '909090' }]);
  });

  it('shows every field of a key in the view, with no secret', async () => {
    const user = userEvent.setup();
    const key = apiKeyOf({ rights: ['read', 'withdraw'], withdrawAddressIds: ['41'], withdrawDailyUsd: '100' });
    stubApiKeysApi({ [apiKeyPaths.keys]: [key], [apiKeyPaths.permission]: permission, [addressBookPath]: addressBook });
    renderApiKeys(<ApiManagementPage />);
    await user.click(await screen.findByTestId(`apikey-view-${key.accessKey}`, {}, slow));
    const details = await screen.findByTestId('apikey-details', {}, slow);
    expect(within(details).getByTestId('apikey-details-access-key').textContent).toContain(key.accessKey);
    expect(within(details).getByTestId('apikey-details-public-key').textContent).toContain('MCowBQYDK2VwAyEA98Eg20hb1');
    expect(within(details).getByTestId('apikey-details-platform-key').textContent).toContain(platformPublicKey);
    expect(within(details).getByText('100 USD / 24 h')).toBeTruthy();
    expect(await within(details).findByText(/^Cold · ETH · 0x5290/, {}, slow)).toBeTruthy();
    expect(within(details).getByText('There is no secret key to show: Coffer keeps only your public key.')).toBeTruthy();
  });

  it('speaks Simplified Chinese: the list and the §5 refusal of a 51-character note', async () => {
    const user = userEvent.setup();
    stubApiKeysApi({ [apiKeyPaths.keys]: [apiKeyOf()], [apiKeyPaths.permission]: permission });
    renderApiKeys(<ApiManagementPage />, { language: 'zh-CN' });
    const table = await screen.findByTestId('apikey-table', {}, slow);
    expect(within(table).getByText('只读资产')).toBeTruthy();
    expect(within(table).getByText('交易')).toBeTruthy();
    expect(screen.getByTestId('apikey-count').textContent).toBe('已使用 1 / 10 个密钥');

    await openCreateForm(user);
    await fill(user, 'apikey-label', '备'.repeat(51));
    await user.click(screen.getByTestId('apikey-form-submit'));
    expect(await screen.findByText('备注须为1至50个字符')).toBeTruthy();
  });
});
