import { kycPaths } from '@coffer/contract/kyc-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { Kyc1Form } from './kyc1-form';
import { fileOf, KycEnvelope, renderKyc, stubKycApi } from './kyc-test-kit';

const countries = [
  { code: 'CN', restricted: false },
  { code: 'DE', restricted: false },
  { code: 'GB', restricted: false },
  { code: 'IR', restricted: true },
  { code: 'US', restricted: true },
];

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
  closeToast('error');
});

function renderForm(today = '2026-05-10', onSubmitted = vi.fn(), language: 'en' | 'zh-CN' = 'en') {
  const view = renderKyc(<Kyc1Form countries={countries} defaultCountry="GB" today={today} onSubmitted={onSubmitted} />, { language });
  return { ...view, onSubmitted };
}

/** Waits for the message antd shows under a field (its `_help` block) to read `text`. */
async function expectMessage(fieldId: string, text: string) {
  await waitFor(() => expect(document.getElementById(`${fieldId}_help`)?.textContent).toBe(text), { timeout: 3_000 });
}

async function chooseCountry(user: UserEvent, testId: string, search: string, code: string) {
  const combobox = within(screen.getByTestId(testId)).getByRole('combobox');
  await user.click(combobox);
  await user.type(combobox, search);
  await user.click(await screen.findByTestId(`kyc-country-option-${code}`, {}, slow));
}

async function typeBirthday(user: UserEvent, day: string) {
  const input = screen.getByTestId('kyc1-birthday');
  await user.click(input);
  await user.clear(input);
  await user.type(input, `${day}{Enter}`);
}

/** Puts `text` into a text field at once (a paste: one change, not one render per keystroke). */
async function enter(user: UserEvent, testId: string, text: string) {
  await user.click(screen.getByTestId(testId));
  await user.paste(text);
}

async function fillValid(user: UserEvent) {
  await enter(user, 'kyc1-surname', 'Müller-Lüdenscheidt');
  await enter(user, 'kyc1-given-name', "Anne O'Neil");
  await user.click(screen.getByTestId('kyc1-document-type-passport'));
  await enter(user, 'kyc1-id-number', 'c01x00t47');
  await typeBirthday(user, '1990-02-28');
  await enter(user, 'kyc1-building', 'Flat 2, 10');
  await enter(user, 'kyc1-street', 'Downing Street');
  await enter(user, 'kyc1-region', 'Greater London');
  await enter(user, 'kyc1-city', 'London');
}

describe('Kyc1Form', { timeout: 30_000 }, () => {
  it("judges the ID number by the chosen document's format, and a mainland China ID by its check character", async () => {
    const user = userEvent.setup();
    stubKycApi({});
    renderForm();
    await screen.findByTestId('kyc1-form');

    await user.click(screen.getByTestId('kyc1-document-type-passport'));
    await user.type(screen.getByTestId('kyc1-id-number'), 'AB12');
    await expectMessage('idNumber', 'A passport number has 6 to 9 letters or digits');

    await user.click(screen.getByTestId('kyc1-document-type-driverLicence'));
    await expectMessage('idNumber', 'A driving licence number has 5 to 20 letters or digits; single hyphens may separate groups');

    // 11010519491231002X is a valid resident ID; one digit changed breaks its check character.
    await user.click(screen.getByTestId('kyc1-document-type-idCard'));
    await chooseCountry(user, 'kyc1-document-country', 'China', 'CN');
    await user.clear(screen.getByTestId('kyc1-id-number'));
    await user.type(screen.getByTestId('kyc1-id-number'), '110105194912310021');
    await expectMessage('idNumber', 'This ID number is not valid: its last character does not match. Please check it');
    await user.clear(screen.getByTestId('kyc1-id-number'));
    await user.type(screen.getByTestId('kyc1-id-number'), '1101051949123');
    await expectMessage('idNumber', 'A mainland China resident ID number has 18 characters: 17 digits, then a digit or X');
    await user.clear(screen.getByTestId('kyc1-id-number'));
    await user.type(screen.getByTestId('kyc1-id-number'), '11010519491231002x');
    await waitFor(() => expect(document.getElementById('idNumber_help')).toBeNull());
  });

  it('refuses a restricted country with the §8 message, for the document and for the address', async () => {
    const user = userEvent.setup();
    stubKycApi({});
    renderForm();
    await screen.findByTestId('kyc1-form');

    await chooseCountry(user, 'kyc1-document-country', 'Iran', 'IR');
    await expectMessage('documentCountry', 'This country or region is restricted; identity verification is not available');
    await chooseCountry(user, 'kyc1-country', 'United States', 'US');
    await expectMessage('country', 'This country or region is restricted; identity verification is not available');
  });

  it('offers birthdays from the 18th birthday back to the day before the 71st', async () => {
    const user = userEvent.setup();
    stubKycApi({});
    renderForm('2026-05-10');
    await screen.findByTestId('kyc1-form');
    const birthdayAfter = async (day: string) => {
      await typeBirthday(user, day);
      await user.click(screen.getByTestId('kyc1-surname'));
      return (screen.getByTestId('kyc1-birthday') as HTMLInputElement).value;
    };

    // On 2026-05-10 the picker offers 1955-05-11 … 2008-05-10 and takes no other day.
    expect(await birthdayAfter('2008-05-11')).toBe('');
    expect(await birthdayAfter('2008-05-10')).toBe('2008-05-10');
    expect(await birthdayAfter('1955-05-10')).toBe('2008-05-10');
    expect(await birthdayAfter('1955-05-11')).toBe('1955-05-11');
    await waitFor(() => expect(document.getElementById('birthday_help')).toBeNull());
  });

  it('judges the age again on the day the form is sent: a birthday taken before midnight (UTC) may be refused after it', async () => {
    const user = userEvent.setup();
    stubKycApi({});
    function NextDay() {
      const [today, setToday] = useState('2026-05-09');
      return (
        <>
          <button type="button" data-testid="next-day" onClick={() => setToday('2026-05-10')} />
          <Kyc1Form countries={countries} defaultCountry="GB" today={today} onSubmitted={vi.fn()} />
        </>
      );
    }
    renderKyc(<NextDay />);
    await screen.findByTestId('kyc1-form');
    await typeBirthday(user, '1955-05-10');
    await user.click(screen.getByTestId('kyc1-surname'));
    expect((screen.getByTestId('kyc1-birthday') as HTMLInputElement).value).toBe('1955-05-10');

    await user.click(screen.getByTestId('next-day'));
    await user.click(screen.getByTestId('kyc1-submit'));
    await expectMessage('birthday', 'Identity verification is open to people aged 18 to 70');
  });

  it('checks the proof of address before sending it, uploads it as raw bytes and submits the form', async () => {
    // A dropped file is not filtered by the input's `accept`.
    const user = userEvent.setup({ applyAccept: false });
    const onSubmitted = vi.fn();
    let uploadedBody: unknown;
    let uploadQuery = '';
    const fetchSpy = stubKycApi({
      [`POST ${kycPaths.upload}`]: ({ url, body }: { url: URL; body: unknown }) => {
        uploadedBody = body;
        uploadQuery = url.search;
        return { uploadId: '77', expiresAt: '2026-05-11T00:00:00Z' };
      },
      [`POST ${kycPaths.saveKyc1}`]: { applicationId: '9', level: 1, state: 'verifying' },
    });
    renderForm('2026-05-10', onSubmitted);
    await screen.findByTestId('kyc1-form');
    await fillValid(user);

    // Too small: the contract's rule answers before anything is sent.
    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('bill.jpg', 'image/jpeg', 10 * 1024));
    await expectMessage('addressProof', 'The file is too small; an image must be at least 20 KB');
    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('bill.gif', 'image/gif', 40 * 1024));
    await expectMessage(
      'addressProof',
      'Unsupported file format: please upload JPG or PNG (PDF is also accepted for the proof of address)',
    );
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('bill.jpg', 'image/jpeg', 40 * 1024));
    await screen.findByTestId('kyc1-address-proof-done', {}, slow);
    expect(uploadedBody).toBeInstanceOf(Blob);
    expect((uploadedBody as Blob).size).toBe(40 * 1024);
    expect(uploadQuery).toBe('?purpose=addressProof');
    const uploadCall = fetchSpy.mock.calls.find(([input]) => String(input).startsWith(kycPaths.upload));
    expect((uploadCall?.[1]?.headers as Record<string, string>)['content-type']).toBe('image/jpeg');

    await user.click(screen.getByTestId('kyc1-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), slow);
    const saveCall = fetchSpy.mock.calls.find(([input]) => String(input) === kycPaths.saveKyc1);
    expect(JSON.parse(String(saveCall?.[1]?.body))).toEqual({
      surname: 'Müller-Lüdenscheidt',
      givenName: "Anne O'Neil",
      documentType: 'passport',
      documentCountry: 'GB',
      idNumber: 'C01X00T47',
      birthday: '1990-02-28',
      building: 'Flat 2, 10',
      street: 'Downing Street',
      region: 'Greater London',
      city: 'London',
      country: 'GB',
      addressProofUploadId: '77',
    });
  });

  it("shows every field's rule on submit and the server's refusal as its catalogue message", async () => {
    const user = userEvent.setup();
    stubKycApi({
      [`POST ${kycPaths.upload}`]: { uploadId: '78', expiresAt: '2026-05-11T00:00:00Z' },
      [`POST ${kycPaths.saveKyc1}`]: new KycEnvelope(22000001),
    });
    const { onSubmitted } = renderForm();
    await screen.findByTestId('kyc1-form');

    await user.click(screen.getByTestId('kyc1-submit'));
    await expectMessage('surname', 'This field is required');
    await expectMessage('documentType', 'This field is required');
    await expectMessage('addressProof', 'Upload your proof of address');
    await user.type(screen.getByTestId('kyc1-chinese-name'), 'Li Lei');
    await expectMessage('chineseName', 'Use Chinese characters only; a middle dot (·) may separate parts of the name');
    await user.clear(screen.getByTestId('kyc1-chinese-name'));
    await user.type(screen.getByTestId('kyc1-chinese-name'), '李雷');

    await fillValid(user);
    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('bill.pdf', 'application/pdf', 30 * 1024));
    await screen.findByTestId('kyc1-address-proof-done', {}, slow);
    await user.click(screen.getByTestId('kyc1-submit'));
    expect((await screen.findByTestId('kyc1-server-error', {}, slow)).textContent).toBe(
      'Identity verification is open to people aged 18 to 70',
    );
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('names the document-type choice for assistive technology', async () => {
    stubKycApi({});
    renderForm();
    await screen.findByTestId('kyc1-form');
    const group = screen.getByRole('radiogroup', { name: 'Identity document' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
  });

  it('marks the field the server refused, named in the customer’s language, without a toast (zh-CN)', async () => {
    const user = userEvent.setup();
    stubKycApi({
      [`POST ${kycPaths.upload}`]: { uploadId: '79', expiresAt: '2026-05-11T00:00:00Z' },
      [`POST ${kycPaths.saveKyc1}`]: new KycEnvelope(22000003, '请检查填写内容：idNumber', { requestId: 'r-1', field: 'idNumber' }),
    });
    const { onSubmitted } = renderForm('2026-05-10', vi.fn(), 'zh-CN');
    await screen.findByTestId('kyc1-form');
    await fillValid(user);
    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('bill.pdf', 'application/pdf', 30 * 1024));
    await screen.findByTestId('kyc1-address-proof-done', {}, slow);
    await user.click(screen.getByTestId('kyc1-submit'));

    expect((await screen.findByTestId('kyc1-server-error', {}, slow)).textContent).toBe('请检查填写内容：证件号码');
    await expectMessage('idNumber', '请检查填写内容：证件号码');
    expect(screen.getByTestId('kyc1-form').textContent).not.toContain('idNumber');
    expect(currentToasts().error).toBeNull();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('keeps only the last chosen proof of address when an earlier upload answers later', async () => {
    const user = userEvent.setup();
    let answerFirst: (response: Response) => void = () => undefined;
    const firstAnswer = new Promise<Response>((resolve) => (answerFirst = resolve));
    const signals: AbortSignal[] = [];
    const saved: unknown[] = [];
    const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === kycPaths.upload) {
        signals.push(init!.signal!);
        // The first upload answers only after the second, whatever its abort says: a stale answer.
        return signals.length === 1 ? firstAnswer : envelope({ uploadId: 'second', expiresAt: '2026-05-11T00:00:00Z' });
      }
      saved.push(JSON.parse(String(init?.body)));
      return envelope({ applicationId: '9', level: 1, state: 'verified' });
    });
    const { onSubmitted } = renderForm();
    await screen.findByTestId('kyc1-form');
    await fillValid(user);

    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('old-bill.jpg', 'image/jpeg', 40 * 1024));
    await screen.findByTestId('kyc1-address-proof-uploading');
    await user.upload(screen.getByTestId('kyc1-address-proof'), fileOf('new-bill.jpg', 'image/jpeg', 50 * 1024));
    await screen.findByTestId('kyc1-address-proof-done', {}, slow);
    expect(signals[0]?.aborted).toBe(true);
    answerFirst(envelope({ uploadId: 'first', expiresAt: '2026-05-11T00:00:00Z' }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(screen.getByTestId('kyc1-address-proof-file').textContent).toContain('new-bill.jpg');
    await user.click(screen.getByTestId('kyc1-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), slow);
    expect(saved).toMatchObject([{ addressProofUploadId: 'second' }]);
  });
});
