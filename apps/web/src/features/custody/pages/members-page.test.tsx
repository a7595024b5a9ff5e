import { custodyPaths, errorCatalogue, errorMessage, type CustodyMember } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/format/format-date';
import {
  builtInRoles,
  CustodyOrgEnvelope,
  customRoleOf,
  memberOf,
  postedTo,
  renderCustodyOrg,
  stubCustodyOrgApi,
} from '../components/custody-org-test-kit';
import { MembersPage } from './members-page';

const slow = { timeout: 5_000 };
const roles = [...builtInRoles, customRoleOf()];
const withId = (path: string, id: string) => path.replace(':id', id);
const expiresAt = '2026-11-24T10:15:00.000Z';

afterEach(() => {
  vi.restoreAllMocks();
});

async function fill(user: UserEvent, testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  if (text !== '') {
    field.focus();
    await user.paste(text);
  }
}

async function openAddForm(user: UserEvent) {
  const add = await screen.findByTestId('member-add', {}, slow);
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  await user.click(add);
  return screen.findByTestId('member-form');
}

async function chooseRole(user: UserEvent, form: HTMLElement, label: string) {
  await user.click(within(form).getByRole('combobox'));
  const options = await screen.findAllByText(label, { selector: '.ant-select-item-option-content' }, slow);
  await user.click(options[options.length - 1] as HTMLElement);
}

function rowOf(name: string): HTMLElement {
  const row = within(screen.getByTestId('member-table')).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const team: CustodyMember[] = [
  memberOf({ id: '100', roleId: '1', roleName: 'admin', name: 'Ada Lovelace' }),
  memberOf({
    id: '101',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    department: '',
    state: 'invited',
    hasHardwareKey: false,
    activatedAt: null,
  }),
  memberOf({ id: '102', name: 'Alan Turing', email: 'alan@example.com', roleId: '4', roleName: 'approver', state: 'frozen' }),
];

describe('MembersPage', { timeout: 30_000 }, () => {
  it('lists members: name, e-mail, role in the user language, department, state, hardware key and activation time', async () => {
    stubCustodyOrgApi({ [custodyPaths.members]: team, [custodyPaths.roles]: roles });
    renderCustodyOrg(<MembersPage />);

    await screen.findByTestId('member-table', {}, slow);
    const ada = rowOf('Ada Lovelace');
    expect(within(ada).getByText('ada@example.com')).toBeTruthy();
    expect(await within(ada).findByText('Enterprise admin', {}, slow)).toBeTruthy();
    expect(within(ada).getByText('Finance')).toBeTruthy();
    expect(within(ada).getByTestId('member-state-100').textContent).toBe('Active');
    expect(within(ada).getByText('Yes')).toBeTruthy();
    expect(within(ada).getByText(formatDateTime('2026-11-21T09:00:00.000Z', 'en'))).toBeTruthy();
    expect(within(ada).getByTestId('member-freeze-100')).toBeTruthy();
    expect(within(ada).queryByTestId('member-resend-100')).toBeNull();

    const grace = rowOf('Grace Hopper');
    expect(within(grace).getByText('Treasury desk')).toBeTruthy();
    expect(within(grace).getByTestId('member-state-101').textContent).toBe('Invited');
    expect(within(grace).getByText('No')).toBeTruthy();
    expect(within(grace).getByText('Not yet')).toBeTruthy();
    expect(within(grace).getByTestId('member-resend-101').textContent).toBe('Send link again');

    const alan = rowOf('Alan Turing');
    expect(within(alan).getByText('Approver')).toBeTruthy();
    expect(within(alan).getByTestId('member-state-102').textContent).toBe('Frozen');
    expect(within(alan).getByTestId('member-thaw-102')).toBeTruthy();
    expect(within(alan).queryByTestId('member-freeze-102')).toBeNull();
  });

  it('shows the states in the user language, the empty state, and a load failure', async () => {
    stubCustodyOrgApi({ [custodyPaths.members]: team, [custodyPaths.roles]: roles });
    renderCustodyOrg(<MembersPage />, { language: 'ru' });
    await screen.findByTestId('member-table', {}, slow);
    expect(screen.getByTestId('member-state-101').textContent).toBe('Приглашён');
    expect(screen.getByTestId('member-state-102').textContent).toBe('Заморожен');
    expect(screen.getByRole('heading', { name: 'Список сотрудников' })).toBeTruthy();
    vi.restoreAllMocks();

    stubCustodyOrgApi({ [custodyPaths.members]: [], [custodyPaths.roles]: roles });
    renderCustodyOrg(<MembersPage />);
    const empty = await screen.findByTestId('members-empty', {}, slow);
    expect(within(empty).getByTestId('member-add-empty').textContent).toBe('Add member');
    vi.restoreAllMocks();

    stubCustodyOrgApi({
      [custodyPaths.members]: new CustodyOrgEnvelope(errorCatalogue.noPermission.code, ''),
      [custodyPaths.roles]: roles,
    });
    renderCustodyOrg(<MembersPage />);
    const failed = await screen.findByTestId('members-load-error', {}, slow);
    expect(within(failed).getByText(errorMessage('noPermission', 'en'))).toBeTruthy();
  });

  it('checks the add form: e-mail, name, phone, salesperson e-mail, role, and the note at most 150 with its counter', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubCustodyOrgApi({ [custodyPaths.members]: team, [custodyPaths.roles]: roles });
    renderCustodyOrg(<MembersPage />);
    const form = await openAddForm(user);
    await user.click(screen.getByTestId('member-form-submit'));
    expect(await within(form).findByText('Enter a valid e-mail address', {}, slow)).toBeTruthy();
    expect(await within(form).findByText("Enter the member's name")).toBeTruthy();
    expect(await within(form).findByText('Choose a role', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    await fill(user, 'member-email', 'not-an-email');
    await fill(user, 'member-name', 'n'.repeat(51));
    await fill(user, 'member-phone', '12ab');
    await fill(user, 'member-salesperson', 'sales@');
    await fill(user, 'member-note', 'x'.repeat(151));
    await user.click(screen.getByTestId('member-form-submit'));
    const noteTooLong = errorMessage('custodyNoteTooLong', 'en', { max: 150 });
    expect(await within(form).findByText(noteTooLong, {}, slow)).toBeTruthy();
    expect(within(form).getByText('151 / 150')).toBeTruthy();
    expect(within(form).getByText('At most 50 characters')).toBeTruthy();
    expect(within(form).getByText('Enter digits only, with an optional leading +')).toBeTruthy();
    expect(within(form).getAllByText('Enter a valid e-mail address')).toHaveLength(2);

    await fill(user, 'member-note', 'x'.repeat(150));
    await waitFor(() => expect(within(form).queryByText(noteTooLong)).toBeNull());
    expect(within(form).getByText('150 / 150')).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.members)).toEqual([]);
  });

  it('adds a member with the body of the contract and says the link was e-mailed and when it expires', async () => {
    const user = userEvent.setup();
    const added = memberOf({ id: '103', name: 'Joan Clarke', email: 'joan@example.com', state: 'invited', activatedAt: null });
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${custodyPaths.members}`]: { member: added, activationExpiresAt: expiresAt },
    });
    renderCustodyOrg(<MembersPage />);
    const form = await openAddForm(user);
    await fill(user, 'member-email', ' joan@example.com ');
    await fill(user, 'member-name', 'Joan Clarke');
    await fill(user, 'member-phone', '+44 20 7946 0000');
    await fill(user, 'member-department', 'Treasury');
    await fill(user, 'member-note', 'Works Mondays');
    await fill(user, 'member-salesperson', 'sales@coffer.example');
    await chooseRole(user, form, 'Treasury desk');
    await user.click(screen.getByTestId('member-form-submit'));

    const sent = await screen.findByTestId('member-invitation', {}, slow);
    expect(within(sent).getByText('Joan Clarke has been added')).toBeTruthy();
    expect(within(sent).getByTestId('member-invitation-text').textContent).toBe(
      `The activation link was e-mailed to joan@example.com. It can be used once and expires at ${formatDateTime(expiresAt, 'en')}.`,
    );
    expect(postedTo(fetchSpy, custodyPaths.members)).toEqual([
      {
        email: 'joan@example.com',
        name: 'Joan Clarke',
        phone: '+44 20 7946 0000',
        department: 'Treasury',
        note: 'Works Mondays',
        salespersonEmail: 'sales@coffer.example',
        roleId: '10',
      },
    ]);
  });

  it('shows a duplicate e-mail at its field and other refusals in the dialog, in the user language', async () => {
    const user = userEvent.setup();
    let answer = new CustodyOrgEnvelope(errorCatalogue.duplicateEmail.code, '');
    stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${custodyPaths.members}`]: () => answer,
    });
    renderCustodyOrg(<MembersPage />, { language: 'zh-CN' });
    const form = await openAddForm(user);
    await fill(user, 'member-email', 'ada@example.com');
    await fill(user, 'member-name', 'Ada');
    await chooseRole(user, form, '审核员');
    await user.click(screen.getByTestId('member-form-submit'));
    expect(
      await within(form).findByText(errorMessage('duplicateEmail', 'zh-CN'), { selector: '.ant-form-item-explain-error' }, slow),
    ).toBeTruthy();

    answer = new CustodyOrgEnvelope(errorCatalogue.custodyNoteTooLong.code, 'server text');
    await fill(user, 'member-email', 'other@example.com');
    await user.click(screen.getByTestId('member-form-submit'));
    expect(await within(form).findByText('server text', {}, slow)).toBeTruthy();

    answer = new CustodyOrgEnvelope(errorCatalogue.cannotDeleteAdminGroup.code, '');
    await user.click(screen.getByTestId('member-form-submit'));
    await waitFor(() => expect(screen.getByTestId('member-form-error').textContent).toBe(errorMessage('cannotDeleteAdminGroup', 'zh-CN')));
  });

  it('edits everything but the e-mail and sends the edit body', async () => {
    const user = userEvent.setup();
    const ada = team[0] as CustodyMember;
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${withId(custodyPaths.member, '100')}`]: { ...ada, department: 'Risk' },
    });
    renderCustodyOrg(<MembersPage />);
    await user.click(await screen.findByTestId('member-edit-100', {}, slow));
    const form = await screen.findByTestId('member-form');
    const email = within(form).getByTestId('member-email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.disabled).toBe(true);
    await fill(user, 'member-department', 'Risk');
    await user.click(screen.getByTestId('member-form-submit'));
    expect(await screen.findByText('Ada Lovelace saved', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, withId(custodyPaths.member, '100'))).toEqual([
      { name: 'Ada Lovelace', phone: '', department: 'Risk', note: '', salespersonEmail: '', roleId: '1' },
    ]);
  });

  it('shows cannotDeleteSelf on the edit dialog in the user language', async () => {
    const user = userEvent.setup();
    stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${withId(custodyPaths.member, '100')}`]: new CustodyOrgEnvelope(errorCatalogue.cannotDeleteSelf.code, ''),
    });
    renderCustodyOrg(<MembersPage />, { language: 'ru' });
    await user.click(await screen.findByTestId('member-edit-100', {}, slow));
    await user.click(await screen.findByTestId('member-form-submit'));
    expect((await screen.findByTestId('member-form-error', {}, slow)).textContent).toBe(errorMessage('cannotDeleteSelf', 'ru'));
  });

  it('freezes and thaws after confirmation, and shows a refusal in the user language', async () => {
    const user = userEvent.setup();
    let freezeAnswer: unknown = { ...team[0], state: 'frozen' };
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${withId(custodyPaths.freezeMember, '100')}`]: () => freezeAnswer,
      [`POST ${withId(custodyPaths.thawMember, '102')}`]: { ...team[2], state: 'active' },
    });
    renderCustodyOrg(<MembersPage />);
    await user.click(await screen.findByTestId('member-freeze-100', {}, slow));
    expect(await screen.findByText('Freeze this member?')).toBeTruthy();
    expect(postedTo(fetchSpy, withId(custodyPaths.freezeMember, '100'))).toEqual([]);
    await user.click(screen.getByTestId('member-freeze-confirm'));
    expect(await screen.findByText('Ada Lovelace is frozen', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, withId(custodyPaths.freezeMember, '100'))).toHaveLength(1);

    await user.click(screen.getByTestId('member-thaw-102'));
    await user.click(await screen.findByTestId('member-thaw-confirm'));
    expect(await screen.findByText('Alan Turing is thawed', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, withId(custodyPaths.thawMember, '102'))).toHaveLength(1);

    freezeAnswer = new CustodyOrgEnvelope(errorCatalogue.cannotDeleteSelf.code, '');
    await user.click(screen.getByTestId('member-freeze-100'));
    const confirms = await screen.findAllByTestId('member-freeze-confirm');
    await user.click(confirms[confirms.length - 1] as HTMLElement);
    expect(await screen.findByText(errorMessage('cannotDeleteSelf', 'en'), {}, slow)).toBeTruthy();
  });

  it('sends the activation link again to an invited member and says when it expires', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.members}`]: team,
      [custodyPaths.roles]: roles,
      [`POST ${withId(custodyPaths.resendActivation, '101')}`]: { member: team[1], activationExpiresAt: expiresAt },
    });
    renderCustodyOrg(<MembersPage />);
    await user.click(await screen.findByTestId('member-resend-101', {}, slow));
    const sent = await screen.findByTestId('member-invitation', {}, slow);
    expect(within(sent).getByText('A new activation link has been sent')).toBeTruthy();
    expect(within(sent).getByTestId('member-invitation-text').textContent).toContain('grace@example.com');
    expect(within(sent).getByTestId('member-invitation-text').textContent).toContain(formatDateTime(expiresAt, 'en'));
    expect(postedTo(fetchSpy, withId(custodyPaths.resendActivation, '101'))).toEqual([undefined]);
  });
});
