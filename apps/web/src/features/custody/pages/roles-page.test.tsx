import { custodyPaths, errorCatalogue, errorMessage } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  builtInRoles,
  CustodyOrgEnvelope,
  customRoleOf,
  postedTo,
  renderCustodyOrg,
  stubCustodyOrgApi,
} from '../components/custody-org-test-kit';
import { RolesPage } from './roles-page';

const slow = { timeout: 5_000 };
const rolePath = (id: string) => custodyPaths.role.replace(':id', id);
const deletePath = (id: string) => custodyPaths.deleteRole.replace(':id', id);

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAddForm(user: UserEvent) {
  const add = await screen.findByTestId('role-add', {}, slow);
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  await user.click(add);
  return screen.findByTestId('role-form');
}

async function fill(user: UserEvent, testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  if (text !== '') {
    field.focus();
    await user.paste(text);
  }
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('RolesPage', { timeout: 30_000 }, () => {
  it('lists built-in roles by their translated names, marked built-in and not editable, and custom roles with their permissions', async () => {
    stubCustodyOrgApi({ [custodyPaths.roles]: [...builtInRoles, customRoleOf({ memberCount: 3 })] });
    renderCustodyOrg(<RolesPage />);

    const table = await screen.findByTestId('role-table', {}, slow);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5);
    for (const [id, name] of [
      ['1', 'Enterprise admin'],
      ['2', 'Business-line admin'],
      ['3', 'Salesperson'],
      ['4', 'Approver'],
    ] as const) {
      const row = rowOf(name);
      expect(within(row).getByTestId(`role-built-in-${id}`).textContent).toBe('Built-in');
      expect(within(row).getByTestId(`role-locked-${id}`).textContent).toBe('Cannot be changed');
      expect(within(row).queryByTestId(`role-edit-${id}`)).toBeNull();
      expect(within(row).queryByTestId(`role-delete-${id}`)).toBeNull();
    }
    expect(within(rowOf('Approver')).getByText('Reviewing')).toBeTruthy();
    expect(within(rowOf('Enterprise admin')).getByText('Managing business lines')).toBeTruthy();

    const custom = rowOf('Treasury desk');
    expect(within(custom).queryByText('Built-in')).toBeNull();
    expect(within(custom).getByText('Moves funds between accounts')).toBeTruthy();
    expect(within(custom).getByText('Trading')).toBeTruthy();
    expect(within(custom).getByText('Viewing the asset report')).toBeTruthy();
    expect(within(custom).getByText('3')).toBeTruthy();
    expect(within(custom).getByTestId('role-edit-10')).toBeTruthy();
  });

  it('names built-in roles and permissions in the user language', async () => {
    stubCustodyOrgApi({ [custodyPaths.roles]: [...builtInRoles, customRoleOf()] });
    renderCustodyOrg(<RolesPage />, { language: 'zh-CN' });
    await screen.findByTestId('role-table', {}, slow);
    expect(screen.getByText('企业管理员')).toBeTruthy();
    expect(screen.getByText('业务线管理员')).toBeTruthy();
    expect(screen.getByText('审核员')).toBeTruthy();
    expect(within(rowOf('Treasury desk')).getByText('交易')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '角色管理' })).toBeTruthy();
  });

  it('shows the empty state with its add action, and a load failure with a retry', async () => {
    stubCustodyOrgApi({ [custodyPaths.roles]: [] });
    renderCustodyOrg(<RolesPage />);
    const empty = await screen.findByTestId('roles-empty', {}, slow);
    expect(within(empty).getByText('No roles yet')).toBeTruthy();
    expect(within(empty).getByTestId('role-add-empty').textContent).toBe('Add role');
    vi.restoreAllMocks();

    let calls = 0;
    stubCustodyOrgApi({
      [custodyPaths.roles]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code, '') : [customRoleOf()];
      },
    });
    const user = userEvent.setup();
    renderCustodyOrg(<RolesPage />);
    const failed = await screen.findByTestId('roles-load-error', {}, slow);
    expect(within(failed).getByText(errorMessage('serviceUnavailable', 'en'))).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Treasury desk', {}, slow)).toBeTruthy();
  });

  it('checks the form: name not blank and at most 30 characters (roleNameInvalid), description at most 200, one permission at least', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: builtInRoles,
      [`POST ${custodyPaths.roles}`]: customRoleOf({ name: 'x'.repeat(30) }),
    });
    renderCustodyOrg(<RolesPage />);
    const form = await openAddForm(user);
    const nameInvalid = errorMessage('roleNameInvalid', 'en');

    await fill(user, 'role-name', '   ');
    await user.click(screen.getByTestId('role-form-submit'));
    expect(await within(form).findByText(nameInvalid, {}, slow)).toBeTruthy();
    expect(await within(form).findByText('Choose at least one permission')).toBeTruthy();

    await fill(user, 'role-name', 'x'.repeat(31));
    await fill(user, 'role-description', 'd'.repeat(201));
    await user.click(screen.getByTestId('role-form-submit'));
    expect(await within(form).findByText(nameInvalid)).toBeTruthy();
    expect(await within(form).findByText('The description may be at most 200 characters')).toBeTruthy();

    expect(postedTo(fetchSpy, custodyPaths.roles)).toEqual([]);

    // At the limits the form is accepted.
    await fill(user, 'role-name', 'x'.repeat(30));
    await fill(user, 'role-description', 'd'.repeat(200));
    await user.click(screen.getByTestId('role-permission-review'));
    await user.click(screen.getByTestId('role-form-submit'));
    await waitFor(() =>
      expect(postedTo(fetchSpy, custodyPaths.roles)).toEqual([
        { name: 'x'.repeat(30), description: 'd'.repeat(200), permissions: ['review'] },
      ]),
    );
  });

  it('adds a role with the body of the contract and lists it', async () => {
    const user = userEvent.setup();
    const added = customRoleOf({ id: '11', name: 'Auditors', description: 'Read the books', permissions: ['orders', 'assetReport'] });
    let roles = [...builtInRoles];
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: () => roles,
      [`POST ${custodyPaths.roles}`]: () => {
        roles = [...roles, added];
        return added;
      },
    });
    renderCustodyOrg(<RolesPage />);
    await openAddForm(user);
    await fill(user, 'role-name', '  Auditors ');
    await fill(user, 'role-description', ' Read the books ');
    await user.click(screen.getByTestId('role-permission-assetReport'));
    await user.click(screen.getByTestId('role-permission-orders'));
    await user.click(screen.getByTestId('role-form-submit'));

    expect(await screen.findByText('Role "Auditors" added', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.roles)).toEqual([
      { name: 'Auditors', description: 'Read the books', permissions: ['orders', 'assetReport'] },
    ]);
    expect(await within(screen.getByTestId('role-table')).findByText('Read the books', {}, slow)).toBeTruthy();
  });

  it('edits a custom role from its current values', async () => {
    const user = userEvent.setup();
    const role = customRoleOf();
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: [...builtInRoles, role],
      [`POST ${rolePath('10')}`]: { ...role, name: 'Treasury', permissions: ['trade', 'assetReport', 'addresses'] },
    });
    renderCustodyOrg(<RolesPage />);
    await user.click(await screen.findByTestId('role-edit-10', {}, slow));
    const form = await screen.findByTestId('role-form');
    expect((within(form).getByTestId('role-name') as HTMLInputElement).value).toBe('Treasury desk');
    await fill(user, 'role-name', 'Treasury');
    await user.click(screen.getByTestId('role-permission-addresses'));
    await user.click(screen.getByTestId('role-form-submit'));
    expect(await screen.findByText('Role "Treasury" saved', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, rolePath('10'))).toEqual([
      { name: 'Treasury', description: 'Moves funds between accounts', permissions: ['trade', 'assetReport', 'addresses'] },
    ]);
  });

  it('shows the server refusal of a duplicate name at the name field, in the user language', async () => {
    const user = userEvent.setup();
    stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: builtInRoles,
      [`POST ${custodyPaths.roles}`]: new CustodyOrgEnvelope(
        errorCatalogue.roleNameInvalid.code,
        'Название роли пустое или уже существует',
      ),
    });
    renderCustodyOrg(<RolesPage />, { language: 'ru' });
    const add = await screen.findByTestId('role-add', {}, slow);
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await user.click(add);
    const form = await screen.findByTestId('role-form');
    await fill(user, 'role-name', 'Казначейство');
    await user.click(screen.getByTestId('role-permission-trade'));
    await user.click(screen.getByTestId('role-form-submit'));
    expect(await within(form).findByText(errorMessage('roleNameInvalid', 'ru'), {}, slow)).toBeTruthy();
    expect(screen.getByTestId('role-form')).toBeTruthy();
  });

  it('shows a refusal no field owns inside the dialog', async () => {
    const user = userEvent.setup();
    stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: builtInRoles,
      [`POST ${custodyPaths.roles}`]: new CustodyOrgEnvelope(errorCatalogue.noPermission.code, ''),
    });
    renderCustodyOrg(<RolesPage />);
    await openAddForm(user);
    await fill(user, 'role-name', 'Auditors');
    await user.click(screen.getByTestId('role-permission-trade'));
    await user.click(screen.getByTestId('role-form-submit'));
    expect((await screen.findByTestId('role-form-error', {}, slow)).textContent).toBe(errorMessage('noPermission', 'en'));
  });

  it('deletes a role without members after confirmation; with members the button is disabled', async () => {
    const user = userEvent.setup();
    let roles = [...builtInRoles, customRoleOf(), customRoleOf({ id: '12', name: 'Busy desk', memberCount: 2 })];
    const fetchSpy = stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: () => roles,
      [`POST ${deletePath('10')}`]: () => {
        roles = roles.filter((role) => role.id !== '10');
        return {};
      },
    });
    renderCustodyOrg(<RolesPage />);
    expect(((await screen.findByTestId('role-delete-12', {}, slow)) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('role-delete-10'));
    expect(await screen.findByText('Delete this role?')).toBeTruthy();
    expect(postedTo(fetchSpy, deletePath('10'))).toEqual([]);
    await user.click(screen.getByTestId('role-delete-confirm'));
    expect(await screen.findByText('Role "Treasury desk" deleted', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, deletePath('10'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('role-edit-10')).toBeNull());
  });

  it('shows the server refusal of a deletion in the user language', async () => {
    const user = userEvent.setup();
    stubCustodyOrgApi({
      [`GET ${custodyPaths.roles}`]: [...builtInRoles, customRoleOf()],
      [`POST ${deletePath('10')}`]: new CustodyOrgEnvelope(errorCatalogue.custodyRoleInUse.code, ''),
    });
    renderCustodyOrg(<RolesPage />, { language: 'zh-CN' });
    await user.click(await screen.findByTestId('role-delete-10', {}, slow));
    await user.click(await screen.findByTestId('role-delete-confirm'));
    expect(await screen.findByText(errorMessage('custodyRoleInUse', 'zh-CN'), {}, slow)).toBeTruthy();
  });
});
