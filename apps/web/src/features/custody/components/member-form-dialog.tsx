import {
  checkCustodyNote,
  custodyLimits,
  errorCatalogue,
  errorMessage,
  isEmailAddress,
  type CustodyInvitation,
  type CustodyMember,
  type CustodyMemberEditBody,
  type CustodyRole,
} from '@coffer/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyMemberCalls } from '../api/custody-members';
import { refusalOf } from './custody-org-parts';
import { useRoleLabels } from './custody-role-labels';
import styles from './custody-org.module.css';

export interface MemberFormValues {
  email: string;
  name: string;
  phone: string;
  department: string;
  note: string;
  salespersonEmail: string;
  roleId: string | undefined;
}
const memberFields = ['email', 'name', 'phone', 'department', 'note', 'salespersonEmail', 'roleId'] as const;
type MemberField = (typeof memberFields)[number];

const phoneMaxChars = 20;

/** Where a refusal with these codes belongs in the form; other codes are shown in the dialog. */
const fieldByCode = new Map<number, MemberField>([
  [errorCatalogue.duplicateEmail.code, 'email'],
  [errorCatalogue.custodyAlreadyMember.code, 'email'],
  [errorCatalogue.duplicatePhone.code, 'phone'],
  [errorCatalogue.custodyNoteTooLong.code, 'note'],
]);
const memberFieldOf = (code: number | null) => (code === null ? null : (fieldByCode.get(code) ?? null));

/** The edit body of the form (everything but the account e-mail), texts trimmed. */
export function memberEditBodyOf(values: MemberFormValues): CustodyMemberEditBody {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    department: values.department.trim(),
    note: values.note.trim(),
    salespersonEmail: values.salespersonEmail.trim(),
    roleId: values.roleId ?? '',
  };
}

type Saved = { mode: 'add'; invitation: CustodyInvitation } | { mode: 'edit'; member: CustodyMember };

/**
 * Adds a member (spec §3: account e-mail, name, phone, department, note ≤ 150, salesperson
 * account, role) — the server e-mails its activation link — or edits one (everything but the
 * e-mail). `member` null adds. A refusal stays in the dialog, at its field where it has one.
 */
export function MemberFormDialog({
  open,
  member,
  roles,
  onSaved,
  onCancel,
}: {
  open: boolean;
  member: CustodyMember | null;
  roles: CustodyRole[] | undefined;
  onSaved: (saved: Saved) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyOrg');
  return (
    <Modal
      open={open}
      title={member ? t('members.form.editTitle') : t('members.form.addTitle')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={680}
    >
      <MemberForm member={member} roles={roles} onSaved={onSaved} onCancel={onCancel} />
    </Modal>
  );
}

/** The form itself, mounted afresh each time the dialog opens (starting from `member`). */
function MemberForm({
  member,
  roles,
  onSaved,
  onCancel,
}: {
  member: CustodyMember | null;
  roles: CustodyRole[] | undefined;
  onSaved: (saved: Saved) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyOrg');
  const language = useLanguage();
  const labels = useRoleLabels();
  const [form] = Form.useForm<MemberFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initialValues: MemberFormValues = member
    ? {
        email: member.email,
        name: member.name,
        phone: member.phone,
        department: member.department,
        note: member.note,
        salespersonEmail: member.salespersonEmail,
        roleId: member.roleId,
      }
    : { email: '', name: '', phone: '', department: '', note: '', salespersonEmail: '', roleId: undefined };

  const { isPending, submit } = useSingleSubmit(async (values: MemberFormValues) => {
    setRefusal(null);
    const body = memberEditBodyOf(values);
    try {
      if (member) onSaved({ mode: 'edit', member: await custodyMemberCalls.edit(member.id, body) });
      else onSaved({ mode: 'add', invitation: await custodyMemberCalls.add({ ...body, email: values.email.trim() }) });
    } catch (error) {
      const { field, message } = refusalOf(error, memberFieldOf, memberFields);
      if (field && (field !== 'email' || !member)) form.setFields([{ name: field, errors: [message] }]);
      else setRefusal(message);
      throw error;
    }
  });

  const rule = (check: (value: string) => string | null) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = check(value ?? '');
      if (problem) throw new Error(problem);
    },
  });
  const emailRule = (isOptional: boolean) =>
    rule((value) => ((isOptional && value.trim() === '') || isEmailAddress(value.trim()) ? null : t('members.form.emailInvalid')));
  const maxRule = (max: number) => rule((value) => (value.trim().length > max ? t('members.form.tooLong', { max }) : null));

  return (
    <Form<MemberFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={submit}
      data-testid="member-form"
    >
      <DialogError message={refusal} testId="member-form-error" />
      <Form.Item
        name="email"
        label={t('members.form.email')}
        extra={member ? t('members.form.emailFixed') : t('members.form.emailHelp')}
        rules={member ? [] : [emailRule(false)]}
      >
        <Input inputMode="email" autoComplete="off" disabled={member !== null} data-testid="member-email" />
      </Form.Item>
      <div className={styles.columns}>
        <Form.Item
          name="name"
          label={t('members.form.name')}
          rules={[
            rule((value) => {
              if (value.trim() === '') return t('members.form.nameRequired');
              return value.trim().length > custodyLimits.nameMaxChars
                ? t('members.form.tooLong', { max: custodyLimits.nameMaxChars })
                : null;
            }),
          ]}
        >
          <Input data-testid="member-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('members.form.phone')}
          rules={[
            rule((value) => (value.trim() === '' || /^\+?[0-9][0-9 -]*$/.test(value.trim()) ? null : t('members.form.phoneInvalid'))),
            maxRule(phoneMaxChars),
          ]}
        >
          <Input inputMode="tel" data-testid="member-phone" />
        </Form.Item>
        <Form.Item name="department" label={t('members.form.department')} rules={[maxRule(custodyLimits.departmentMaxChars)]}>
          <Input data-testid="member-department" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('members.form.role')}
          rules={[rule((value) => (value === '' ? t('members.form.roleRequired') : null))]}
        >
          <Select
            loading={!roles}
            placeholder={t('members.form.rolePlaceholder')}
            options={(roles ?? []).map((role) => ({ value: role.id, label: labels.roleName(role) }))}
            data-testid="member-role"
          />
        </Form.Item>
      </div>
      <Form.Item
        name="salespersonEmail"
        label={t('members.form.salesperson')}
        extra={t('members.form.salespersonHelp')}
        rules={[emailRule(true)]}
      >
        <Input inputMode="email" autoComplete="off" data-testid="member-salesperson" />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('members.form.note')}
        rules={[
          rule((value) => {
            const key = checkCustodyNote(value.trim());
            return key ? errorMessage(key, language, { max: custodyLimits.noteMaxChars }) : null;
          }),
        ]}
      >
        <Input.TextArea rows={2} count={{ show: true, max: custodyLimits.noteMaxChars }} data-testid="member-note" />
      </Form.Item>
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={member ? t('members.form.save') : t('members.form.add')}
        submitTestId="member-form-submit"
      />
    </Form>
  );
}
